/**
 * A model with a coarse level (a real-weight job, converted by the real converter): the engine
 * draws the coarse level first, then swaps in the fine one by itself, and the user's visibility
 * and exploded view carry over to it.
 */
import { MeshoptDecoder } from 'meshoptimizer';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateJob, jobToStep } from '../../samples/realJob/job';
import { convertFile } from '../../server/convert/convertFile';
import { parseGlbChunks, readGlb, type MeshoptDecode } from '../../src/engine/load/glbReader';
import { nullEngineViewer, serveGlb, settle } from './engineHarness';

afterEach(() => vi.unstubAllGlobals());

let glb: Uint8Array;
let total: number;
/** Triangles of each part node by name, read from the GLB itself. */
const partTriangles = new Map<string, number>();

beforeAll(async () => {
  const converted = await convertFile({ fileName: 'job.stp', bytes: new TextEncoder().encode(jobToStep(generateJob({ cabinets: 1, seed: 2 }), { shared: true })) });
  glb = converted.glb;
  total = converted.stats.triangles;
  await MeshoptDecoder.ready;
  const chunks = parseGlbChunks(glb);
  for (const part of readGlb(chunks, MeshoptDecoder.decodeGltfBuffer as MeshoptDecode).parts) {
    const name = chunks.json.nodes![Number(part.id)].name!;
    const triangles = part.pieces.reduce((n, p) => n + (p.geometry.indices?.length ?? p.geometry.positions.length / 3) / 3, 0);
    partTriangles.set(name, (partTriangles.get(name) ?? 0) + triangles);
  }
}, 60_000);

describe('a model with a coarse level', () => {
  it('is drawn coarse first, then fine with every triangle of the conversion', async () => {
    serveGlb(glb);
    const { viewer } = nullEngineViewer();
    await viewer.load('https://models.test/job.glb');
    const first = viewer.getStats();
    expect(first.detail).toBe('coarse');
    expect(first.triangles).toBeLessThan(total / 5);
    await vi.waitFor(() => expect(viewer.getStats().detail).toBe('fine'), { timeout: 20_000, interval: 20 });
    expect(viewer.getStats().triangles).toBe(total);
    viewer.dispose();
  });

  it('keeps what the user hid and the exploded view when the fine level arrives', async () => {
    serveGlb(glb);
    const { viewer } = nullEngineViewer();
    const info = await viewer.load('https://models.test/job.glb');
    const side = Object.values(info.tree.nodes).find((n) => n.rawName.startsWith('Left side+'))!;
    viewer.hide([side.id]);
    viewer.setExplode(1);
    expect(viewer.getStats().detail).toBe('coarse');
    await vi.waitFor(() => expect(viewer.getStats().detail).toBe('fine'), { timeout: 20_000, interval: 20 });
    expect(viewer.getStats().triangles).toBe(total - partTriangles.get(side.rawName)!);
    expect(viewer.getExplode()).toBe(1);
    viewer.showAll();
    expect(viewer.getStats().triangles).toBe(total);
    viewer.dispose();
  });

  it('a second load draws its own coarse level first, then its fine one', async () => {
    serveGlb(glb);
    const { viewer } = nullEngineViewer();
    await viewer.load('https://models.test/job.glb');
    await viewer.load('https://models.test/job.glb?again');
    expect(viewer.getStats().detail).toBe('coarse');
    await vi.waitFor(() => expect(viewer.getStats().detail).toBe('fine'), { timeout: 20_000, interval: 20 });
    expect(viewer.getStats().triangles).toBe(total);
    viewer.dispose();
  });

  it('draws the coarse level in the frames where the view of a heavy model moves, and the fine one once it rests', async () => {
    serveGlb(glb);
    // This job is light: count it as heavy for the test.
    const { viewer } = nullEngineViewer({ coarseWhileMovingFrom: 0 });
    await viewer.load('https://models.test/job.glb');
    await vi.waitFor(() => expect(viewer.getStats().detail).toBe('fine'), { timeout: 20_000, interval: 20 });
    await settle(viewer);
    expect(viewer.getStats().movingCoarseFrames).toBe(0);
    const state = viewer.getCameraState();
    viewer.setCameraState({ ...state, position: [state.position[0] * 2, state.position[1] * 2, state.position[2] * 2] }, { animate: false });
    await settle(viewer);
    const stats = viewer.getStats();
    expect(stats.movingCoarseFrames).toBeGreaterThanOrEqual(1);
    expect(stats.detail).toBe('fine');
    expect(stats.triangles).toBe(total);
    viewer.dispose();
  });

  it('keeps drawing a light model fine while its view moves', async () => {
    serveGlb(glb);
    const { viewer } = nullEngineViewer();
    await viewer.load('https://models.test/job.glb');
    await vi.waitFor(() => expect(viewer.getStats().detail).toBe('fine'), { timeout: 20_000, interval: 20 });
    const state = viewer.getCameraState();
    viewer.setCameraState({ ...state, position: [state.position[0] * 2, state.position[1] * 2, state.position[2] * 2] }, { animate: false });
    await settle(viewer);
    expect(viewer.getStats().movingCoarseFrames).toBe(0);
    expect(viewer.getStats().detail).toBe('fine');
    viewer.dispose();
  });

  it('over the fine budget, draws at its fine level only the parts shown when they fit, and the whole model coarse again once all are shown', async () => {
    serveGlb(glb);
    const side = [...partTriangles.entries()].find(([name]) => name.startsWith('Left side+'))!;
    // A budget the whole cabinet is over and its side panel fits.
    const { viewer } = nullEngineViewer({ fineTriangleBudget: Math.floor(total / 2) });
    expect(side[1]).toBeLessThan(total / 2);
    const info = await viewer.load('https://models.test/job.glb');
    const coarse = viewer.getStats().triangles;
    expect(viewer.getStats()).toMatchObject({ detail: 'coarse', refinedParts: 0 });
    const node = Object.values(info.tree.nodes).find((n) => n.rawName === side[0])!;
    viewer.isolate([node.id]);
    // Drawn fine once the view rests (a moving view draws the coarse level kept for it).
    await vi.waitFor(() => expect(viewer.getStats()).toMatchObject({ refinedParts: 1, triangles: side[1] }), { timeout: 20_000, interval: 20 });
    expect(viewer.getStats().detail).toBe('coarse');
    viewer.showAll();
    await vi.waitFor(() => expect(viewer.getStats()).toMatchObject({ refinedParts: 0, triangles: coarse }), { timeout: 20_000, interval: 20 });
    viewer.dispose();
  });
});
