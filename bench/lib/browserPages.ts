/**
 * What the browser benches share: a WebGL draw counter injected before any page script, the
 * Online3DViewer peer page, request routing that keeps every request on this machine, and the
 * measurements taken the same way in our engine test page and in the peer page.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { gpuProcessMb } from './browser';
import { VIEWER_BACKGROUND } from '../../src/model/viewerVocabulary';

/** Counts WebGL draw calls, and the tasks that issued at least one (one task per rendered frame). */
export const DRAW_COUNTER = `(() => {
  const c = { draws: 0, frames: 0 };
  let inFrame = false;
  const wrap = (proto, name) => {
    const original = proto && proto[name];
    if (!original) return;
    proto[name] = function (...args) {
      c.draws++;
      if (!inFrame) { inFrame = true; c.frames++; setTimeout(() => { inFrame = false; }, 0); }
      return original.apply(this, args);
    };
  };
  for (const proto of [self.WebGLRenderingContext && WebGLRenderingContext.prototype, self.WebGL2RenderingContext && WebGL2RenderingContext.prototype]) {
    for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced', 'drawRangeElements']) wrap(proto, name);
  }
  self.__gl = c;
})();`;

/** Online3DViewer's embedded viewer on a blank page: loads ?model=, records when the model is on screen. */
export const PEER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Online3DViewer peer</title>
<style>html,body{margin:0;height:100%;background:${VIEWER_BACKGROUND};overflow:hidden}#viewer{width:100%;height:100%}</style></head>
<body><div id="viewer"></div>
<script src="/o3dv/o3dv.min.js"></script>
<script>
  const model = new URLSearchParams(location.search).get('model');
  window.peer = { firstFrameMs: null, error: null, viewer: null };
  window.peer.viewer = new OV.EmbeddedViewer(document.getElementById('viewer'), {
    backgroundColor: new OV.RGBAColor(24, 24, 27, 255),
    onModelLoaded: () => { window.peer.firstFrameMs = performance.now(); },
    onModelLoadFailed: () => { window.peer.error = 'load failed'; },
  });
  window.peer.viewer.LoadModelFromUrlList([model]);
</script></body></html>`;

const OCCT_DIST = resolve('node_modules/occt-import-js/dist');

export interface RoutingLog {
  /** CDN requests answered from a local package. */
  servedLocally: string[];
  /** External requests refused. */
  aborted: string[];
}

/**
 * Every request of the context stays on this machine: loopback passes, Online3DViewer's CDN
 * requests for occt-import-js are answered from the installed package, anything else external is aborted.
 */
export async function keepRequestsLocal(context: BrowserContext, log: RoutingLog): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1' || url.hostname === 'localhost') {
      await route.continue();
      return;
    }
    const occt = /^\/npm\/occt-import-js@[^/]+\/dist\/([\w.-]+)$/.exec(url.pathname);
    if (url.hostname === 'cdn.jsdelivr.net' && occt) {
      const file = resolve(OCCT_DIST, basename(occt[1]));
      const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
      log.servedLocally.push(url.href);
      await route.fulfill({ status: 200, body: readFileSync(file), headers: { 'content-type': type, 'access-control-allow-origin': '*' } });
      return;
    }
    log.aborted.push(url.href);
    await route.abort('blockedbyclient');
  });
}

export type ViewerKind = 'ours' | 'peer';

/** Milliseconds from navigation start to the first rendered frame of the model. */
export async function waitFirstFrame(page: Page, kind: ViewerKind, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(
    (k) => {
      const w = window as unknown as { engineTest?: { firstFrameMs: number | null; error: string | null }; peer?: { firstFrameMs: number | null; error: string | null } };
      const hooks = k === 'ours' ? w.engineTest : w.peer;
      if (!hooks) return null;
      if (hooks.error) return { error: hooks.error };
      return hooks.firstFrameMs === null ? null : { ms: hooks.firstFrameMs };
    },
    kind,
    { timeout: timeoutMs, polling: 20 },
  );
  const value = (await handle.jsonValue()) as { ms?: number; error?: string };
  if (value.error !== undefined) throw new Error(`${kind}: ${value.error}`);
  return value.ms!;
}

/** Used JS heap after a full garbage collection, in MB (Chromium with --enable-precise-memory-info, --js-flags=--expose-gc). */
export function jsHeapMb(page: Page): Promise<number> {
  return page.evaluate(() => {
    (globalThis as unknown as { gc?: () => void }).gc?.();
    return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 2 ** 20;
  });
}

/** In-page source (a string, so the TypeScript loader adds nothing to it). */
const ORBIT_SOURCE = `async ({ k, n }) => {
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const gl = window.__gl;
  const rotate = (eye, center, angle) => {
    const dx = eye[0] - center[0];
    const dz = eye[2] - center[2];
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    return [center[0] + dx * c - dz * s, eye[1], center[2] + dx * s + dz * c];
  };
  let step;
  if (k === 'ours') {
    const engine = window.engineTest.engine;
    const state = engine.getCameraState();
    step = (angle) => engine.setCameraState({ ...state, position: rotate(state.position, state.target, angle) }, { animate: false });
  } else {
    const viewer = window.peer.viewer.GetViewer();
    const cam = viewer.GetCamera();
    const eye = [cam.eye.x, cam.eye.y, cam.eye.z];
    const center = [cam.center.x, cam.center.y, cam.center.z];
    step = (angle) => {
      const p = rotate(eye, center, angle);
      viewer.SetCamera(new OV.Camera(new OV.Coord3D(p[0], p[1], p[2]), cam.center.Clone(), cam.up.Clone(), cam.fov));
    };
  }
  await nextFrame();
  await nextFrame();
  const d0 = gl.draws;
  const f0 = gl.frames;
  const started = performance.now();
  for (let i = 1; i <= n; i++) {
    step((i / n) * Math.PI * 2);
    await nextFrame();
  }
  await nextFrame();
  const ms = performance.now() - started;
  const rendered = gl.frames - f0;
  return { ms, drawCalls: rendered ? (gl.draws - d0) / rendered : 0, rendered };
}`;

/**
 * Turns the camera around the model's vertical axis in `frames` steps, one step per animation
 * frame, through each viewer's own camera API. Returns the time of all the frames and the WebGL
 * draw calls per rendered frame counted meanwhile.
 */
export function orbit(page: Page, kind: ViewerKind, frames: number): Promise<{ ms: number; drawCalls: number; rendered: number }> {
  return page.evaluate(`(${ORBIT_SOURCE})(${JSON.stringify({ k: kind, n: frames })})`) as Promise<{ ms: number; drawCalls: number; rendered: number }>;
}

export interface ViewerMeasure {
  firstFrameMs: number;
  /** Growth of the GPU process's resident memory from before the open to the model shown, MB. */
  gpuMb: number;
  drawCalls: number;
  heapMb: number;
  orbitMs: number;
}

/** One open of a viewer page in a fresh context: first frame, JS heap, then `frames` orbit frames. */
export async function measureViewer(
  browser: Browser,
  options: {
    kind: ViewerKind;
    url: string;
    viewport: { width: number; height: number };
    frames: number;
    routing: RoutingLog;
    log: (line: string) => void;
    label: string;
    /** What to wait for once the model is on screen, before memory is read (ours: the detail settled). */
    afterShown?: (page: Page) => Promise<void>;
  },
): Promise<ViewerMeasure> {
  const context = await browser.newContext({ viewport: options.viewport });
  await keepRequestsLocal(context, options.routing);
  await context.addInitScript(DRAW_COUNTER);
  const page = await context.newPage();
  try {
    const gpuBefore = gpuProcessMb();
    await page.goto(options.url, { waitUntil: 'commit' });
    const firstFrameMs = await waitFirstFrame(page, options.kind, 300_000);
    if (options.afterShown) await options.afterShown(page);
    const heapMb = await jsHeapMb(page);
    const gpuMb = gpuProcessMb() - gpuBefore;
    const o = await orbit(page, options.kind, options.frames);
    if (o.rendered < options.frames * 0.9) options.log(`  ${options.label}: only ${o.rendered} of ${options.frames} orbit frames drew`);
    return { firstFrameMs, gpuMb, drawCalls: o.drawCalls, heapMb, orbitMs: o.ms };
  } finally {
    await context.close();
  }
}
