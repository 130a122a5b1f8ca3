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
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { ensureBenchBuild } from './lib/appBuild';
import { logInApi, publish, startServer, uploadProject, waitDemoProject } from './lib/appServer';
import { launchChromium } from './lib/browser';
import { PEER_PAGE, waitFirstFrame } from './lib/browserPages';
import { startByteCounter, type ByteCounter } from './lib/byteCounter';
import { assemblyToPlainGlb } from './lib/plainGlb';
import { startStaticServer } from './lib/staticServer';
import { median } from './lib/stats';
import type { Bench, Row, Table } from './lib/types';

/** A phone-sized window: what a guest opens a link on. */
const VIEWPORT = { width: 390, height: 844 };

interface Profile {
  name: string;
  latencyMs: number;
  mbps: number;
}
const PROFILES: Profile[] = [
  { name: '9 Mbps / 170 ms', latencyMs: 170, mbps: 9 },
  { name: '50 Mbps / 20 ms', latencyMs: 20, mbps: 50 },
];

/** Targets of the 9 Mbps profile on the 2,000-part kitchen. */
const TARGETS = { firstFrameVsPeer: 1.5, coldKb: 600, posterMs: 700, warmMs: 500 };

interface Open {
  /** The model's first 3D frame on screen (ours: the link's first frame, else the viewer's). */
  firstFrameMs: number;
  /** The full viewer drawing the model and answering input (ours: the engine's frame; the peer: the same moment as its first frame). */
  readyMs: number;
  posterMs: number;
  kb: number;
  /** Bytes received until the first frame was on screen (read as soon as it was: an upper bound). */
  firstKb: number;
}

async function emulate(context: BrowserContext, page: Page, profile: Profile): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (profile.mbps * 1e6) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/** The first paint of the page's poster (Element Timing), ms from navigation start; NaN when none painted. */
function posterPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(Number.NaN), 2000);
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => (e as PerformanceEntry & { identifier?: string }).identifier === 'poster') as
            | (PerformanceEntry & { renderTime: number; loadTime: number })
            | undefined;
          if (!entry) return;
          clearTimeout(timer);
          resolve(entry.renderTime || entry.loadTime);
        }).observe({ type: 'element', buffered: true });
      }),
  );
}

/**
 * One open of `url` in a new page of `context` on the emulated network, the relay's count reset:
 * `measure` waits for the first frame and reads what it needs while the page is still open.
 */
async function open(context: BrowserContext, url: string, profile: Profile, counter: ByteCounter, measure: (page: Page) => Promise<Open>): Promise<Open> {
  const page = await context.newPage();
  try {
    await emulate(context, page, profile);
    counter.reset();
    await page.goto(url, { waitUntil: 'commit' });
    return await measure(page);
  } finally {
    await page.close();
  }
}

function openOurs(context: BrowserContext, url: string, profile: Profile, counter: ByteCounter): Promise<Open> {
  return open(context, url, profile, counter, async (page) => {
    await page.waitForFunction(() => performance.getEntriesByName('link-first-frame').length > 0 || document.querySelector('[data-model-shown="true"]') !== null, undefined, {
      timeout: 120_000,
      polling: 'raf',
    });
    const firstKb = counter.received() / 1024;
    await page.locator('[data-model-shown="true"]').waitFor({ state: 'attached', timeout: 120_000 });
    const kb = counter.received() / 1024;
    const [ready, first] = await page.evaluate(() =>
      ['model-first-frame', 'link-first-frame'].map((name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN),
    );
    const firstFrameMs = Number.isNaN(first) ? ready : Math.min(first, ready);
    const readyMs = ready;
    const posterMs = await posterPaint(page);
    // The service worker takes over after the first open; the warm open is then served through it.
    const registered = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready.then(() => true) ?? false, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]),
    );
    if (!registered) throw new Error('the service worker did not register within 10 s (is the build a production one?)');
    return { firstFrameMs, readyMs, posterMs, kb, firstKb };
  });
}

function openPeer(context: BrowserContext, url: string, profile: Profile, counter: ByteCounter): Promise<Open> {
  return open(context, url, profile, counter, async (page) => {
    const firstFrameMs = await waitFirstFrame(page, 'peer', 300_000);
    const kb = counter.received() / 1024;
    return { firstFrameMs, readyMs: firstFrameMs, posterMs: Number.NaN, kb, firstKb: kb };
  });
}

/** A cold open in a fresh context, then a warm open in the same context. */
async function coldThenWarm(browser: Browser, open: (context: BrowserContext) => Promise<Open>): Promise<{ cold: Open; warm: Open }> {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  try {
    const cold = await open(context);
    const warm = await open(context);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

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
    const peerHost = await startStaticServer({ '/o3dv/': 'node_modules/online-3d-viewer/build/engine' }, { gzip: true });
    peerHost.put('/peer.html', new TextEncoder().encode(PEER_PAGE), 'text/html; charset=utf-8');
    const peer = await startByteCounter(peerHost.url);
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
      for (const profile of profiles) {
        const rows: Row[] = [];
        const notes: string[] = [];
        for (const parts of sizes) {
          const samples = { ours: [] as { cold: Open; warm: Open }[], peer: [] as { cold: Open; warm: Open }[] };
          for (let i = 0; i < runs; i++) {
            samples.ours.push(await coldThenWarm(browser, (c) => openOurs(c, `${ours.url}/s/${links[parts]}`, profile, ours)));
            samples.peer.push(await coldThenWarm(browser, (c) => openPeer(c, `${peer.url}/peer.html?model=/kitchen-${parts}.glb`, profile, peer)));
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
              `Not a target, for the record: the full viewer ready (cold) ${ready.toFixed(0)} ms, ${(peerFf / ready).toFixed(2)}x the peer's first frame.`,
            );
          }
        }
        tables.push({
          title: `Shared link on ${profile.name} (DevTools network emulation), ${VIEWPORT.width}x${VIEWPORT.height} touch, headless Chromium`,
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
            'On the wire: bytes the browser received from the server until the viewer was ready (wire to first frame: until the first frame, read as soon as the bench saw it, so an upper bound), counted by a TCP relay in front of it (headers included).',
            'First frame: the model drawn in 3D on screen; ours at the link\'s first-frame mark (the page\'s own small WebGL script, before the app and Babylon.js have arrived), the peer when its onModelLoaded fired. Viewer ready: ours when the engine drew the model (model-first-frame: the full viewer, answering touch), the peer at the same moment as its first frame. Poster: Element Timing of the poster the page shows before any script.',
          ],
        });
      }
    } finally {
      await browser.close();
      await ours.close();
      await peer.close();
      await peerHost.close();
      await server.stop();
    }
    return tables;
  },
};
export default bench;
