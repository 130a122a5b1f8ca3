/**
 * A shared link's first frame and the engine that takes over from it: the first frame's opening
 * view is the one the engine's camera opens with (read from Babylon's own camera), and a model
 * handed over is neither downloaded nor read again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeshoptDecoder } from 'meshoptimizer/decoder';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import { endFirstFrame, offerFirstFrame, takeFirstFrameModel, type FirstFrameModel } from '../../src/engine/firstFrame/handoff';
import { openingView } from '../../src/engine/firstFrame/firstFrameView';
import { parseGlbChunks, readGlb } from '../../src/engine/load/glbReader';
import { frameInsetsOf } from '../../src/ui/viewer/layoutRules';
import { generated, HEIGHT, nullEngineViewer, serveGlb, settle, WIDTH } from './engineHarness';

afterEach(() => {
  endFirstFrame();
  vi.unstubAllGlobals();
});

async function read(bytes: Uint8Array): Promise<FirstFrameModel> {
  const chunks = parseGlbChunks(bytes);
  await MeshoptDecoder.ready;
  const source = readGlb(chunks, MeshoptDecoder.decodeGltfBuffer);
  return { bytes, json: chunks.json, source, built: buildBatches(source) };
}

function offer(url: string, bytes: Promise<Uint8Array>, model: Promise<FirstFrameModel>, dispose = () => {}) {
  offerFirstFrame({ modelUrl: url, bytes, model, canvas: null, redraw: () => {}, dispose });
}

describe('the first frame of a shared link', () => {
  for (const [label, insets] of [
    ['a desktop window', frameInsetsOf(false, false, HEIGHT)],
    ['a phone', frameInsetsOf(true, false, HEIGHT)],
    ['no controls', { top: 0, right: 0, bottom: 0, left: 0 }],
  ] as const) {
    it(`opens on the view the engine's camera opens with (${label})`, async () => {
      const { glb } = await generated(120, 3);
      serveGlb(glb);
      const { viewer, engine } = nullEngineViewer();
      viewer.setFrameInsets(insets);
      const info = await viewer.load('https://models.test/kitchen.glb');
      await settle(viewer);
      const scene = engine.scenes[0];
      const camera = scene.activeCamera!;
      const expected = camera.getTransformationMatrix().m;
      const ours = openingView(info.bounds, WIDTH, HEIGHT, insets);
      for (let i = 0; i < 16; i++) expect(ours.viewProjection[i]).toBeCloseTo(expected[i], 4);
      expect(ours.eye[0]).toBeCloseTo(camera.position.x, 5);
      expect(ours.eye[1]).toBeCloseTo(camera.position.y, 5);
      expect(ours.eye[2]).toBeCloseTo(camera.position.z, 5);
      viewer.dispose();
    });
  }

  it('hands its download and its read model to the engine, which neither fetches nor reads again', async () => {
    const { glb } = await generated(60, 2);
    const fetchSpy = vi.fn(async () => new Response(glb.slice()));
    vi.stubGlobal('fetch', fetchSpy);
    const model = await read(glb);
    offer('https://models.test/link.glb', Promise.resolve(glb), Promise.resolve(model));
    const { viewer } = nullEngineViewer();
    const info = await viewer.load('https://models.test/link.glb');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(info.partCount).toBe(60);
    expect(info.bounds).toEqual(model.built.bounds);
    // Taken once: a second load of the same URL downloads it.
    await viewer.load('https://models.test/link.glb');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    viewer.dispose();
  });

  it('falls back to its own download when the first frame failed, and ignores another URL', async () => {
    const { glb } = await generated(30, 4);
    const fetchSpy = vi.fn(async () => new Response(glb.slice()));
    vi.stubGlobal('fetch', fetchSpy);
    offer('https://models.test/other.glb', Promise.resolve(glb), read(glb));
    expect(takeFirstFrameModel('https://models.test/link.glb')).toBeNull();
    const failed = Promise.reject(new Error('network'));
    offer('https://models.test/link.glb', failed, failed as Promise<FirstFrameModel>);
    const { viewer } = nullEngineViewer();
    const info = await viewer.load('https://models.test/link.glb');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(info.partCount).toBe(30);
    viewer.dispose();
  });

  it('reads the model itself when the first frame could not (bytes handed, model refused)', async () => {
    const { glb } = await generated(25, 5);
    const fetchSpy = vi.fn(async () => new Response(glb.slice()));
    vi.stubGlobal('fetch', fetchSpy);
    const refused = Promise.reject(new Error('unsupported'));
    refused.catch(() => {});
    offer('https://models.test/link.glb', Promise.resolve(glb), refused as Promise<FirstFrameModel>);
    const { viewer } = nullEngineViewer();
    const info = await viewer.load('https://models.test/link.glb');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(info.partCount).toBe(25);
    viewer.dispose();
  });

  it('ends once: the canvas is disposed and nothing is left to take', async () => {
    const dispose = vi.fn();
    offer('https://models.test/link.glb', new Promise(() => {}), new Promise(() => {}), dispose);
    endFirstFrame();
    endFirstFrame();
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(takeFirstFrameModel('https://models.test/link.glb')).toBeNull();
  });
});
