/**
 * A shared link's first frame and the engine that takes over from it: the first frame's opening
 * view is the one the engine's camera opens with (read from Babylon's own camera), and a model
 * handed over is neither downloaded nor read again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeshoptDecoder } from 'meshoptimizer/decoder';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import { endFirstFrame, offerFirstFrame, takeFirstFrameModel, type FirstFrameModel } from '../../src/engine/load/firstFrameHandoff';
import { openingOrbit, openingView, viewOf } from '../../src/firstFrame/firstFrameView';
import { turned, zoomed } from '../../src/firstFrame/orbitInput';
import { parseGlbChunks, readGlb } from '../../src/engine/load/glbReader';
import { frameInsetsOf } from '../../src/model/layoutRules';
import type { CameraState } from '../../src/engine/types';
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

function offer(url: string, bytes: Promise<Uint8Array>, model: Promise<FirstFrameModel>, dispose = () => {}, camera: CameraState | null = null) {
  offerFirstFrame({ modelUrl: url, bytes, model, canvas: null, refit: () => {}, isDrawn: () => false, release: () => null, handOverCamera: () => camera, dispose });
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

  it('goes on from the view the user turned the first frame to', async () => {
    const { glb } = await generated(40, 6);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(glb.slice())));
    const model = await read(glb);
    const opening = openingOrbit(model.built.bounds, WIDTH, HEIGHT, frameInsetsOf(false, false, HEIGHT));
    // A drag of 120 px to the left and 40 px up, then a pinch to 80% of the distance.
    const orbit = zoomed(turned(opening, -120, -40), 0.8);
    const eye = viewOf(orbit, WIDTH, HEIGHT).eye;
    offer('https://models.test/link.glb', Promise.resolve(glb), Promise.resolve(model), () => {}, { version: 1, view: 'free', position: eye, target: orbit.target, orthoHalfHeight: null });
    const { viewer, engine } = nullEngineViewer();
    viewer.setFrameInsets(frameInsetsOf(false, false, HEIGHT));
    await viewer.load('https://models.test/link.glb');
    await settle(viewer);
    const camera = engine.scenes[0].activeCamera!;
    for (let k = 0; k < 3; k++) expect([camera.position.x, camera.position.y, camera.position.z][k]).toBeCloseTo(eye[k], 5);
    // The drag turned the camera: alpha grew by 120 x 0.005 rad, beta by 40 x 0.005 rad.
    expect(orbit.alpha - opening.alpha).toBeCloseTo(0.6, 10);
    expect(orbit.beta - opening.beta).toBeCloseTo(0.2, 10);
    expect(orbit.radius / opening.radius).toBeCloseTo(0.8, 10);
    // A view the user moved is not framed again when the controls change.
    viewer.setFrameInsets({ top: 0, right: 0, bottom: 0, left: 0 });
    await settle(viewer);
    expect(camera.position.x).toBeCloseTo(eye[0], 5);
    viewer.dispose();
  });

  it('keeps a turned view off the poles and a zoom above zero', () => {
    const orbit = { alpha: 0, beta: Math.PI / 2, radius: 2, target: [0, 0, 0] as [number, number, number] };
    expect(turned(orbit, 0, 10_000).beta).toBeGreaterThan(0);
    expect(turned(orbit, 0, -10_000).beta).toBeLessThan(Math.PI);
    expect(zoomed(orbit, 0).radius).toBe(2);
    expect(zoomed(orbit, 1e-9).radius).toBeGreaterThan(0);
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
