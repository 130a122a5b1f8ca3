/**
 * Network: a shared link opened as a guest over an emulated mobile network, against
 * Online3DViewer on a plain page served gzip-compressed by an ordinary static host.
 *
 * The real server (its own process, the built app) holds generated kitchens uploaded through the
 * upload socket (Collada, converted by the real pool) and published. Chromium opens /s/{key} with
 * the network emulated through the DevTools protocol (Network.emulateNetworkConditions: latency
 * added to every request, throughput shared by all), cold (a fresh browser context: empty HTTP
 * cache, no service worker) and then warm (a second page of the same context). Per open:
 * navigation start -> the poster painted (Element Timing of the page's poster), -> the model's first
 * frame (the viewer's `model-first-frame` mark), and the bytes the browser received until then,
 * counted by a TCP relay in front of each server (headers and all, page and service worker alike).
 */
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { ensureBenchBuild } from './lib/appBuild';
import type { ProjectQuote } from '../src/api/quoteSchemas';
import type { QuoteOptions } from '../src/model/quote/quoteOptions';
import { api, logInApi, publish, startServer, uploadProject, waitDemoProject } from './lib/appServer';
import { launchChromium } from './lib/browser';
import { coldThenWarm, linkScreens, openOurs, openPeer, PHONE, PROFILES, screenLabel, startPeerHost, type Open } from './lib/linkOpens';
import { startByteCounter } from './lib/byteCounter';
import { assemblyToPlainGlb } from './lib/plainGlb';
import { median } from './lib/stats';
import type { Bench, Row, Table } from './lib/types';

/** Targets of the 9 Mbps profile on the 2,000-part kitchen (the ready one: the whole jobs' issue, at both screen sizes). */
const TARGETS = { firstFrameVsPeer: 2, readyVsPeer: 1.2, coldKb: 600, posterMs: 700, warmMs: 500 };

const bench: Bench = {
  name: 'network',
  description: 'a shared link on an emulated mobile network (9 Mbps / 170 ms, 50 Mbps / 20 ms), cold and warm, vs Online3DViewer on a gzip static host',
  async run({ smoke, repeats, log }) {
    const dist = ensureBenchBuild(log);
    const sizes = smoke ? [10] : [100, 2000];
    const profiles = smoke ? PROFILES.slice(0, 1) : PROFILES;
    const runs = smoke ? 1 : Math.min(repeats, 3);
    const server = await startServer(dist);
    const ours = await startByteCounter(server.url);
    const peers = await startPeerHost();
    const { host: peerHost, counter: peer } = peers;
    const browser = await launchChromium();
    const tables: Table[] = [];
    try {
      const token = await logInApi(server);
      await waitDemoProject(server, token);
      const links: Record<number, string> = {};
      for (const parts of sizes) {
        const assembly = generateAssembly({ parts, seed: 1 });
        const project = await uploadProject(server, token, `Kitchen ${parts}`, `kitchen-${parts}.dae`, await writeSample(assembly, 'dae'));
        await publish(server, token, project.id);
        links[parts] = project.accessKey;
        peerHost.put(`/kitchen-${parts}.glb`, await assemblyToPlainGlb(assembly));
        log(`${parts} parts: uploaded, converted and published as /s/${project.accessKey}`);
      }
      // The client's quote: the largest kitchen again, offering a finish for its most common board, opened with it chosen in the URL.
      const quoted = sizes[sizes.length - 1];
      const copy = await uploadProject(server, token, `Kitchen ${quoted} with options`, `kitchen-${quoted}.dae`, await writeSample(generateAssembly({ parts: quoted, seed: 1 }), 'dae'));
      const { materials } = await api<ProjectQuote>(server, `projects/${copy.id}/options`, token);
      const finish: QuoteOptions = {
        validityDays: 30,
        groups: [
          {
            id: 'finish',
            name: 'Finish',
            bind: { kind: 'material', name: materials[0]!.name },
            choices: [
              { id: 'own', name: 'As drawn', colour: '#888888', board: '', price: { kind: 'fixed', amount: 0 } },
              { id: 'white', name: 'White lacquer', colour: '#f2f1ec', board: '', price: { kind: 'perSquareMetre', amount: 65 } },
            ],
          },
        ],
      };
      await api(server, `projects/${copy.id}/options`, token, finish, 'PUT');
      await api(server, `projects/${copy.id}`, token, { isPublished: true, shareOptions: { isOptionsAvailable: true } }, 'PATCH');
      const quoteRows: Row[] = [];
      {
        const profile = profiles[0]!;
        const samples = { plain: [] as { cold: Open; warm: Open }[], offered: [] as { cold: Open; warm: Open }[], chosen: [] as { cold: Open; warm: Open }[] };
        for (let i = 0; i < runs; i++) {
          samples.plain.push(await coldThenWarm(browser, (c) => openOurs(c, `${ours.url}/s/${links[quoted]}`, profile, ours)));
          samples.offered.push(await coldThenWarm(browser, (c) => openOurs(c, `${ours.url}/s/${copy.accessKey}`, profile, ours)));
          samples.chosen.push(await coldThenWarm(browser, (c) => openOurs(c, `${ours.url}/s/${copy.accessKey}?options=finish.white`, profile, ours)));
        }
        const pick = (list: { cold: Open; warm: Open }[], when: 'cold' | 'warm') => ({
          firstFrameMs: list.map((s) => s[when].firstFrameMs),
          readyMs: list.map((s) => s[when].readyMs),
          kb: list.map((s) => s[when].kb),
        });
        for (const when of ['cold', 'warm'] as const) {
          quoteRows.push(
            { label: `a finish chosen in the URL, ${quoted} parts, ${when}`, samples: pick(samples.chosen, when), versus: `the same link with none chosen, ${quoted} parts, ${when}` },
            { label: `the same link with none chosen, ${quoted} parts, ${when}`, samples: pick(samples.offered, when), versus: `a link without options, ${quoted} parts, ${when}` },
            { label: `a link without options, ${quoted} parts, ${when}`, samples: pick(samples.plain, when) },
          );
        }
        const ratio = (key: 'firstFrameMs' | 'readyMs', reference: { cold: Open; warm: Open }[]) => median(pick(samples.chosen, 'cold')[key]) / median(pick(reference, 'cold')[key]);
        tables.push({
          title: `The client's quote: a link opened with a finish chosen (?options=), ${profile.name}, ${screenLabel(PHONE)}, headless Chromium`,
          reference: 'the same kitchen on a link offering the finish with none chosen, and on a link without options, same server and run',
          metrics: [
            { key: 'firstFrameMs', label: 'first frame', unit: 'ms', better: 'lower', digits: 0 },
            { key: 'readyMs', label: 'viewer ready', unit: 'ms', better: 'lower', digits: 0 },
            { key: 'kb', label: 'on the wire', unit: 'KB', better: 'lower', digits: 0 },
          ],
          rows: quoteRows,
          notes: [
            `Target: within 10% of the same link with none chosen (cold): first frame ${ratio('firstFrameMs', samples.offered).toFixed(2)}x, viewer ready ${ratio('readyMs', samples.offered).toFixed(2)}x (${ratio('firstFrameMs', samples.offered) <= 1.1 && ratio('readyMs', samples.offered) <= 1.1 ? 'met' : 'NOT met'}).`,
            `For the record, against a link without options (which opens in wireframe, SPEC §5; a link offering finishes opens solid): first frame ${ratio('firstFrameMs', samples.plain).toFixed(2)}x, viewer ready ${ratio('readyMs', samples.plain).toFixed(2)}x.`,
            'The link with options also reads its options and the estimate of the choice (two small JSON answers) and draws the finish on the bound parts once the model is shown; viewer ready is the engine\'s first frame of the model.',
          ],
        });
      }
      const screens = linkScreens(smoke);
      // Every profile on the first screen; the slow network only on the second.
      const runsOf = screens.flatMap((screen, i) => (i === 0 ? profiles : profiles.slice(0, 1)).map((profile) => ({ screen, profile })));
      for (const { screen, profile } of runsOf) {
        const rows: Row[] = [];
        const notes: string[] = [];
        for (const parts of sizes) {
          const samples = { ours: [] as { cold: Open; warm: Open }[], peer: [] as { cold: Open; warm: Open }[] };
          const openLink = () => coldThenWarm(browser, (c) => openOurs(c, `${ours.url}/s/${links[parts]}`, profile, ours), screen);
          const openPeerPage = () => coldThenWarm(browser, (c) => openPeer(c, `${peer.url}/peer.html?model=/kitchen-${parts}.glb`, profile, peer), screen);
          // One open of each first, not counted (as in the jobs bench): a fresh browser's first pages
          // also pay for its GPU process and shader caches starting, which would fall on ours alone.
          if (!smoke && profile === profiles[0] && parts === sizes[0] && screen === screens[0]) {
            await openLink();
            await openPeerPage();
          }
          for (let i = 0; i < runs; i++) {
            samples.ours.push(await openLink());
            samples.peer.push(await openPeerPage());
          }
          const pick = (list: { cold: Open; warm: Open }[], when: 'cold' | 'warm') => ({
            firstFrameMs: list.map((s) => s[when].firstFrameMs),
            readyMs: list.map((s) => s[when].readyMs),
            posterMs: list.map((s) => s[when].posterMs).filter((v) => !Number.isNaN(v)),
            kb: list.map((s) => s[when].kb),
            firstKb: list.map((s) => s[when].firstKb),
          });
          const label = (who: string, when: string) => `${who}, ${parts} parts, ${when}`;
          rows.push(
            { label: label('ours /s/{key}', 'cold'), samples: pick(samples.ours, 'cold'), versus: label('Online3DViewer', 'cold') },
            { label: label('Online3DViewer', 'cold'), samples: pick(samples.peer, 'cold') },
            { label: label('ours /s/{key}', 'warm'), samples: pick(samples.ours, 'warm'), versus: label('Online3DViewer', 'warm') },
            { label: label('Online3DViewer', 'warm'), samples: pick(samples.peer, 'warm') },
          );
          if (profile === PROFILES[0] && parts === 2000) {
            const ff = median(pick(samples.ours, 'cold').firstFrameMs);
            const peerFf = median(pick(samples.peer, 'cold').firstFrameMs);
            const kb = median(pick(samples.ours, 'cold').kb);
            const firstKb = median(pick(samples.ours, 'cold').firstKb);
            const poster = median(pick(samples.ours, 'cold').posterMs);
            const warm = median(pick(samples.ours, 'warm').firstFrameMs);
            const ready = median(pick(samples.ours, 'cold').readyMs);
            const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
            notes.push(
              `Target: first frame >= ${TARGETS.firstFrameVsPeer}x faster than Online3DViewer: ${(peerFf / ff).toFixed(2)}x (${met(peerFf / ff >= TARGETS.firstFrameVsPeer)}).`,
              `Target: <= ${TARGETS.coldKb} KB on the wire until the first frame: ${firstKb.toFixed(0)} KB, and ${kb.toFixed(0)} KB until the full viewer is ready (${met(kb <= TARGETS.coldKb)}).`,
              `Target: poster on screen within ${TARGETS.posterMs} ms: ${poster.toFixed(0)} ms (${met(poster <= TARGETS.posterMs)}).`,
              `Target: warm second open within ${TARGETS.warmMs} ms: ${warm.toFixed(0)} ms (${met(warm <= TARGETS.warmMs)}).`,
              `Target: the full viewer ready (cold) >= ${TARGETS.readyVsPeer}x sooner than the peer's model on screen: ${ready.toFixed(0)} ms, ${(peerFf / ready).toFixed(2)}x (${met(peerFf / ready >= TARGETS.readyVsPeer)}).`,
            );
          }
        }
        tables.push({
          title: `Shared link on ${profile.name} (DevTools network emulation), ${screenLabel(screen)}, headless Chromium`,
          reference: 'Online3DViewer 0.18 on a plain page, the same geometry as a plain GLB, served gzip-compressed with ETags by a static host, same run',
          metrics: [
            { key: 'firstFrameMs', label: 'first frame', unit: 'ms', better: 'lower', digits: 0 },
            { key: 'readyMs', label: 'viewer ready', unit: 'ms', better: 'lower', digits: 0 },
            { key: 'posterMs', label: 'poster', unit: 'ms', better: 'lower', digits: 0 },
            { key: 'firstKb', label: 'wire to first frame', unit: 'KB', better: 'lower', digits: 0 },
            { key: 'kb', label: 'on the wire', unit: 'KB', better: 'lower', digits: 0 },
          ],
          rows,
          notes: [
            ...notes,
            'Cold: a fresh browser context (empty cache, no service worker). Warm: a second page of the same context, after the first open (HTTP cache; ours also its service worker).',
            'Before the counted opens, the fresh browser opens ours and the peer once each, uncounted (its GPU process and caches starting would otherwise fall on ours alone).',
            'On the wire: bytes the browser received from the server until the viewer was ready (wire to first frame: until the first frame, read as soon as the bench saw it, so an upper bound), counted by a TCP relay in front of it (headers included).',
            'First frame: the model drawn in 3D on screen; ours at the link\'s first-frame mark (the page\'s own small WebGL script, before the app and Babylon.js have arrived), the peer when its onModelLoaded fired. Viewer ready: ours when the engine drew the model (model-first-frame: the full viewer, answering touch), the peer at the same moment as its first frame. Poster: Element Timing of the poster the page shows before any script.',
          ],
        });
      }
    } finally {
      await browser.close();
      await ours.close();
      await peers.close();
      await server.stop();
    }
    return tables;
  },
};
export default bench;
