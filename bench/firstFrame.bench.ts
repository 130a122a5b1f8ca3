/**
 * First frame: our engine (the built engine-test.html) vs Online3DViewer (npm `online-3d-viewer`,
 * its build/engine/o3dv.min.js served from this machine) on the same generated kitchens, in the
 * same headless Chromium (software WebGL through SwiftShader). Per row: navigation start to the
 * first rendered frame of the model, WebGL draw calls per frame, used JS heap after a GC, and the
 * time of 100 orbit frames. Reference: the Online3DViewer row of the same size.
 *
 * Online3DViewer reads neither EXT_meshopt_compression nor KHR_mesh_quantization, so it gets the
 * same geometry as a plain float32 GLB (written by @gltf-transform/core). One extra peer row opens
 * the generated STEP, which makes Online3DViewer fetch occt-import-js from its CDN: those requests
 * are answered from the installed package, and any other external request is aborted.
 */
import { generateAssembly } from '../samples/generate';
import { assemblyToGlb } from '../samples/toGlb';
import { writeSample } from '../samples/writers/index';
import { ensureBenchBuild } from './lib/appBuild';
import { launchChromium } from './lib/browser';
import { measureViewer, PEER_PAGE, type RoutingLog, type ViewerKind } from './lib/browserPages';
import { assemblyToPlainGlb } from './lib/plainGlb';
import { startStaticServer } from './lib/staticServer';
import { median } from './lib/stats';
import type { Bench, Row } from './lib/types';

// A modest canvas: SwiftShader's cost is mostly per pixel, which would hide the per-part cost we compare.
const VIEWPORT = { width: 800, height: 500 };

const bench: Bench = {
  name: 'firstFrame',
  description: 'navigation to first frame, draw calls, JS heap and 100 orbit frames: our engine vs Online3DViewer, headless Chromium',
  async run({ smoke, repeats, log }) {
    const dist = ensureBenchBuild(log);
    // BENCH_LARGE=1 adds the 10,000-part kitchen (minutes per run for the peer in software WebGL).
    const sizes = smoke ? [10] : process.env.BENCH_LARGE === '1' ? [100, 2000, 10000] : [100, 2000];
    const stepPeerParts = sizes[0];
    // The smoke run proves the bench works; 10 orbit frames are enough for that.
    const ORBIT_FRAMES = smoke ? 10 : 100;
    const server = await startStaticServer({ '/o3dv/': 'node_modules/online-3d-viewer/build/engine', '/': dist });
    server.put('/peer.html', new TextEncoder().encode(PEER_PAGE), 'text/html; charset=utf-8');
    const browser = await launchChromium();
    const routing: RoutingLog = { servedLocally: [], aborted: [] };
    const rows: Row[] = [];
    const bytes: string[] = [];

    const measure = (kind: ViewerKind, url: string, parts: number) =>
      measureViewer(browser, { kind, url, viewport: VIEWPORT, frames: ORBIT_FRAMES, routing, log, label: `${kind} ${parts} parts` });

    try {
      // Warm-up, not counted: the browser's first pages pay its own start (GPU process, shader
      // cache, compilers); without this whichever viewer went first would carry that cost.
      {
        const warm = generateAssembly({ parts: 10, seed: 2 });
        server.put('/models/warm.glb', await assemblyToGlb(warm));
        server.put('/models/warm-plain.glb', await assemblyToPlainGlb(warm));
        log('warm-up (not counted)');
        await measure('ours', `${server.url}/engine-test.html?model=/models/warm.glb&mode=solid`, 10);
        await measure('peer', `${server.url}/peer.html?model=/models/warm-plain.glb`, 10);
      }
      for (const parts of sizes) {
        const assembly = generateAssembly({ parts, seed: 1 });
        const ours = await assemblyToGlb(assembly);
        const plain = await assemblyToPlainGlb(assembly);
        server.put(`/models/kitchen-${parts}.glb`, ours);
        server.put(`/models/kitchen-${parts}-plain.glb`, plain);
        bytes.push(`${parts} parts: ours ${(ours.byteLength / 1024).toFixed(0)} KB, plain ${(plain.byteLength / 1024).toFixed(0)} KB`);
        // The largest model costs the peer about a second per orbit frame in software WebGL: fewer repeats keep the run within budget.
        const n = parts >= 10000 ? Math.min(repeats, 1) : parts >= 2000 ? Math.min(repeats, 2) : Math.min(repeats, 3);
        const ourRow: Row = { label: `ours, ${parts} parts`, samples: {}, versus: `Online3DViewer, ${parts} parts` };
        const peerRow: Row = { label: `Online3DViewer, ${parts} parts`, samples: {} };
        for (let i = 0; i < n; i++) {
          // Alternate who goes first so neither always meets a warmer machine.
          const order: ViewerKind[] = i % 2 ? ['peer', 'ours'] : ['ours', 'peer'];
          for (const kind of order) {
            const url =
              kind === 'ours'
                ? `${server.url}/engine-test.html?model=/models/kitchen-${parts}.glb&mode=solid`
                : `${server.url}/peer.html?model=/models/kitchen-${parts}-plain.glb`;
            log(`${kind}, ${parts} parts, run ${i + 1}/${n}`);
            const m = await measure(kind, url, parts);
            const row = kind === 'ours' ? ourRow : peerRow;
            for (const [k, v] of Object.entries(m)) (row.samples[k] ??= []).push(v);
          }
        }
        rows.push(ourRow, peerRow);
        if (parts === stepPeerParts) {
          const step = await writeSample(assembly, 'step');
          server.put(`/models/kitchen-${parts}.stp`, step);
          log(`Online3DViewer from STEP, ${parts} parts`);
          const m = await measure('peer', `${server.url}/peer.html?model=/models/kitchen-${parts}.stp`, parts);
          rows.push({ label: `Online3DViewer from STEP, ${parts} parts`, samples: Object.fromEntries(Object.entries(m).map(([k, v]) => [k, [v]])) });
        }
      }
    } finally {
      await browser.close();
      await server.close();
    }

    const notes: string[] = [];
    const target = sizes.includes(2000) ? 2000 : sizes[0];
    const ff = (label: string) => median(rows.find((r) => r.label === label)?.samples.firstFrameMs ?? []);
    const speedup = ff(`Online3DViewer, ${target} parts`) / ff(`ours, ${target} parts`);
    notes.push(`Target: first frame >= 3x faster than the peer on ${target} parts: ${speedup.toFixed(2)}x (${speedup >= 3 ? 'met' : 'NOT met'}).`);
    for (const parts of sizes) {
      const dc = median(rows.find((r) => r.label === `ours, ${parts} parts`)?.samples.drawCalls ?? []);
      notes.push(`Target: draw calls <= parts / 10 = ${parts / 10} at ${parts} parts: ours ${dc.toFixed(0)} (${dc <= parts / 10 ? 'met' : 'NOT met'}).`);
    }
    notes.push(`GLB sizes: ${bytes.join('; ')}. Ours: meshopt + quantized; the peer gets the plain float32 GLB of the same geometry (it reads neither extension).`);
    notes.push('Before the measured runs, each viewer opens a 10-part model once, uncounted, so that neither pays the browser\'s cold start.');
    notes.push('First frame: ours when engine.load() resolved after its first frame was drawn; the peer when its onModelLoaded fired (after it drew the model). Our page renders the solid mode.');
    notes.push(`Draw calls: WebGL draw calls counted in the page, divided by the frames that drew during the orbit. Orbit: ${ORBIT_FRAMES} camera steps, one per animation frame, through each viewer's camera API.`);
    notes.push(
      `Requests: ${routing.servedLocally.length} CDN requests of the peer answered from node_modules/occt-import-js, ${routing.aborted.length} external requests aborted${routing.aborted.length ? ` (${[...new Set(routing.aborted)].slice(0, 3).join(', ')})` : ''}.`,
    );
    return [
      {
        title: 'First frame and frame cost in headless Chromium (SwiftShader WebGL, 800x500)',
        reference: 'Online3DViewer 0.18 (online-3d-viewer from npm, served locally) on the same model in the same browser',
        metrics: [
          { key: 'firstFrameMs', label: 'first frame', unit: 'ms', better: 'lower', digits: 0 },
          { key: 'drawCalls', label: 'draw calls/frame', unit: '', better: 'lower', digits: 0 },
          { key: 'heapMb', label: 'JS heap', unit: 'MB', better: 'lower', digits: 1 },
          { key: 'orbitMs', label: `${ORBIT_FRAMES} orbit frames`, unit: 'ms', better: 'lower', digits: 0 },
        ],
        rows,
        notes,
      },
    ];
  },
};
export default bench;
