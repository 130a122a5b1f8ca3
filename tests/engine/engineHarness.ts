/** Builds a viewer engine on Babylon's NullEngine and serves generated GLBs to its fetch. */
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { vi } from 'vitest';
import type { Assembly } from '../../samples/assembly';
import { generateAssembly } from '../../samples/generate';
import { assemblyToGlb } from '../../samples/toGlb';
import { createViewerEngine } from '../../src/engine';
import type { ViewerEngine, ViewerEngineOptions } from '../../src/engine/types';

export const WIDTH = 800;
export const HEIGHT = 600;

const cache = new Map<string, Promise<{ assembly: Assembly; glb: Uint8Array }>>();

export function generated(parts: number, seed = 1): Promise<{ assembly: Assembly; glb: Uint8Array }> {
  const key = `${parts}:${seed}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = (async () => {
      const assembly = generateAssembly({ parts, seed });
      return { assembly, glb: await assemblyToGlb(assembly) };
    })();
    cache.set(key, entry);
  }
  return entry;
}

/** Serves `glb` to any fetch, with a Content-Length so that byte progress is known. */
export function serveGlb(glb: Uint8Array): void {
  vi.stubGlobal('fetch', async () => new Response(glb.slice(), { headers: { 'content-length': String(glb.byteLength) } }));
}

export function nullEngineViewer(options: ViewerEngineOptions = {}): { viewer: ViewerEngine; engine: NullEngine } {
  const engine = new NullEngine({ renderWidth: WIDTH, renderHeight: HEIGHT, textureSize: 256, deterministicLockstep: false, lockstepMaxSteps: 1 });
  return { viewer: createViewerEngine(engine, options), engine };
}

/** Waits until the render loop went idle (no frame for a while). */
export async function settle(viewer: ViewerEngine, quietMs = 80): Promise<void> {
  let frames = -1;
  for (let i = 0; i < 100 && frames !== viewer.getStats().frames; i++) {
    frames = viewer.getStats().frames;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}
