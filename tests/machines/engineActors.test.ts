/**
 * The engine actors: commands wait for the engine the canvas creates, engine events come back to
 * the machine, the model load reports progress, and a failed engine creation fails the load.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createEngineBridgeActor, createLoadModelActor } from '../../src/machines/viewer/engineActors';
import { createEngineSlot, type EnginePort } from '../../src/machines/viewer/enginePort';
import { projectLoadMachine } from '../../src/machines/viewer/projectLoadMachine';
import { viewerToolsMachine } from '../../src/machines/viewer/viewerToolsMachine';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { settle } from '../helpers/modelBased';

function emitter<T>() {
  const listeners = new Set<(value: T) => void>();
  return { subscribe: (l: (value: T) => void) => (listeners.add(l), () => listeners.delete(l)), emit: (v: T) => listeners.forEach((l) => l(v)) };
}

function fakeEngine() {
  const clipping = { enabled: false, axis: 'x' as const, inverted: false, position: 0, unit: 'mm' as const, max: 100, step: 0.1 };
  const events = { progress: emitter<never>(), pick: emitter<{ partId: string | null }>(), measure: emitter<never>(), move: emitter<void>(), clip: emitter<typeof clipping>() };
  const engine = {
    onProgress: events.progress,
    onPick: events.pick,
    onMeasure: events.measure,
    onUserCameraMove: events.move,
    onClippingChange: events.clip,
    load: vi.fn(async () => ({ tree: { roots: [], nodes: {} }, partCount: 0 })),
    setRenderMode: vi.fn(),
    setUnit: vi.fn(),
    setClipping: vi.fn((s) => ({ ...clipping, ...s })),
    getClipping: () => clipping,
    setMeasureActive: vi.fn(),
    clearMeasure: vi.fn(),
    setCameraView: vi.fn(),
    resetCamera: vi.fn(),
    setSelection: vi.fn(),
  } satisfies EnginePort;
  return { engine, events };
}

describe('engine actors', () => {
  it('queue commands until the engine exists, then bridge both ways', async () => {
    const slot = createEngineSlot();
    const tools = createActor(viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }), {
      input: { permissions: ALL_SHARE_OPTIONS },
    }).start();
    tools.send({ type: 'tools.cameraView', view: 'top' });
    const { engine, events } = fakeEngine();
    slot.set(engine);
    await settle();
    expect(engine.setRenderMode).toHaveBeenCalledWith('wireframe');
    expect(engine.setCameraView).toHaveBeenCalledWith('top');
    expect(tools.getSnapshot().context.clipping?.max).toBe(100);
    tools.send({ type: 'tools.clipping', settings: { enabled: true } });
    expect(tools.getSnapshot().context.clipping?.enabled).toBe(true);
    events.pick.emit({ partId: '5' });
    expect(tools.getSnapshot().context.selectedId).toBe('5');
    expect(engine.setSelection).toHaveBeenCalledWith(['5']);
    tools.send({ type: 'tools.togglePanel', panel: 'measure' });
    tools.send({ type: 'tools.closePanel' });
    expect(engine.setMeasureActive.mock.calls).toEqual([[true], [false]]);
    expect(engine.clearMeasure).toHaveBeenCalled();
  });

  it('loads the model through the engine, and fails when the engine cannot start', async () => {
    const slot = createEngineSlot();
    const { engine } = fakeEngine();
    const load = createActor(projectLoadMachine.provide({ actors: { loadModel: createLoadModelActor(slot) } }), {
      input: { target: { kind: 'sandbox', modelUrl: '/sample.glb' } },
    }).start();
    slot.set(engine);
    await settle();
    await settle();
    expect(engine.load).toHaveBeenCalledWith('/sample.glb', expect.anything());
    expect(load.getSnapshot().value).toBe('ready');

    const broken = createEngineSlot();
    const failing = createActor(projectLoadMachine.provide({ actors: { loadModel: createLoadModelActor(broken) } }), {
      input: { target: { kind: 'sandbox', modelUrl: '/sample.glb' } },
    }).start();
    broken.fail(new Error('WebGL is not available'));
    await settle();
    expect(failing.getSnapshot().value).toBe('failed');
    expect(failing.getSnapshot().context.error).toBe('WebGL is not available');
  });
});
