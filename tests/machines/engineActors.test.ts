/**
 * The engine actors: commands wait for the engine the canvas creates, engine events come back to
 * the machine, the model load reports progress, and a failed engine creation fails the load.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createEngineBridgeActor, createFollowUnitActor, createLoadModelActor, createNoticeEngineActor } from '../../src/machines/viewer/load/engineActors';
import { NOTICE_DEBOUNCE_MS, noticeMachine } from '../../src/machines/viewer/tools/noticeMachine';
import { createCompareEngineActor } from '../../src/machines/viewer/owner/compareEngine';
import { createEngineSlot } from '../../src/machines/viewer/load/enginePort';
import { parseViewerParams } from '../../src/machines/viewer/load/filterParams';
import { sharedViewerMachine } from '../../src/machines/viewer/viewerMachine';
import { viewerToolsMachine } from '../../src/machines/viewer/tools/viewerToolsMachine';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { settle } from '../helpers/modelBased';
import { fakeEngine } from './fakeEngine';


describe('engine actors', () => {
  it('show a revision comparison once the engine exists, and take it away when stopped', async () => {
    const slot = createEngineSlot();
    // The job '1' got a new information text (its parts are not painted), the cabinet '5' moved (its parts '8' and '9' with it).
    const actor = createActor(createCompareEngineActor(slot), { input: { added: ['3'], changed: ['1', '5'], moved: ['5'], onlyChanges: true } }).start();
    const { engine } = fakeEngine();
    const node = (id: string, children: string[]) => ({ id, name: id, rawName: id, children, parent: null, size: null, additionalInfo: null, isVisible: true });
    const tree = { roots: ['1'], nodes: { 1: node('1', ['3', '5', '6']), 3: node('3', []), 5: node('5', ['8', '9']), 6: node('6', ['7']), 7: node('7', []), 8: node('8', []), 9: node('9', []) } };
    engine.getModel = () => ({ tree, partCount: 5, bounds: { min: [0, 0, 0], max: [1, 1, 1] } }) as never;
    slot.set(engine);
    await settle();
    expect(engine.setTints).toHaveBeenCalledWith({ added: ['3'], changed: ['1', '5', '8', '9'] });
    expect(engine.isolate).toHaveBeenCalledWith(['3', '1', '5', '8', '9'], { moveCamera: true, descendants: false });
    actor.stop();
    expect(engine.setTints).toHaveBeenLastCalledWith({});
    expect(engine.showAll).toHaveBeenCalledTimes(1);

    // Without "only changes" nothing is hidden, so nothing is shown again either.
    const plain = createActor(createCompareEngineActor(slot), { input: { added: [], changed: ['5'], moved: [], onlyChanges: false } }).start();
    await settle();
    plain.stop();
    expect(engine.isolate).toHaveBeenCalledTimes(1);
    expect(engine.showAll).toHaveBeenCalledTimes(1);
  });

  it('a selection that frames (a row of the link\'s change list) selects the part and frames it; a plain one only selects', async () => {
    const slot = createEngineSlot();
    const tools = createActor(viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }), { input: { permissions: ALL_SHARE_OPTIONS } }).start();
    const { engine } = fakeEngine();
    slot.set(engine);
    await settle();
    tools.send({ type: 'tools.select', partId: '7' });
    expect(engine.setSelection).toHaveBeenLastCalledWith(['7']);
    expect(engine.zoomToFit).not.toHaveBeenCalled();
    tools.send({ type: 'tools.select', partId: '32', frame: true });
    expect(engine.setSelection).toHaveBeenLastCalledWith(['32']);
    expect(engine.zoomToFit.mock.calls).toEqual([[['32']]]);
    tools.stop();
  });

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
    events.pick.emit({ partId: '5', point: null });
    expect(tools.getSnapshot().context.selectedId).toBe('5');
    expect(engine.setSelection).toHaveBeenCalledWith(['5']);
    tools.send({ type: 'tools.togglePanel', panel: 'measure' });
    tools.send({ type: 'tools.closePanel' });
    expect(engine.setMeasureActive.mock.calls).toEqual([[true], [false]]);
    expect(engine.clearMeasure).toHaveBeenCalled();
  });

  const sandboxInput = { target: { kind: 'sandbox' as const, modelUrl: '/sample.glb' }, params: parseViewerParams(''), author: { name: '', avatarUrl: '' } };

  it('loads the model through the engine, and fails when the engine cannot start', async () => {
    const slot = createEngineSlot();
    const { engine } = fakeEngine();
    const load = createActor(sharedViewerMachine.provide({ actors: { loadModel: createLoadModelActor(slot) } }), { input: sandboxInput }).start();
    slot.set(engine);
    await settle();
    await settle();
    expect(engine.load).toHaveBeenCalledWith('/sample.glb', expect.anything());
    expect(load.getSnapshot().value).toEqual({ open: 'ready' });

    const broken = createEngineSlot();
    const failing = createActor(sharedViewerMachine.provide({ actors: { loadModel: createLoadModelActor(broken) } }), { input: sandboxInput }).start();
    broken.fail(new Error('WebGL is not available'));
    await settle();
    expect(failing.getSnapshot().value).toBe('failed');
    expect(failing.getSnapshot().context.error).toEqual({ code: 'noWebgl', detail: 'WebGL is not available' });
  });

  it('keeps the engine in the user\'s unit: once it exists, then on every change', async () => {
    const slot = createEngineSlot();
    const { engine } = fakeEngine();
    let unit = 'in';
    const listeners = new Set<() => void>();
    const settings = {
      getSnapshot: () => ({ context: { unit } }),
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return { unsubscribe: () => void listeners.delete(listener) };
      },
    };
    const follower = createActor(createFollowUnitActor(slot, settings as never)).start();
    expect(engine.setUnit).not.toHaveBeenCalled();
    slot.set(engine);
    await settle();
    expect(engine.setUnit.mock.calls).toEqual([['in']]);
    unit = 'mm';
    listeners.forEach((listener) => listener());
    listeners.forEach((listener) => listener()); // the same unit again: nothing to do
    expect(engine.setUnit.mock.calls).toEqual([['in'], ['mm']]);
    follower.stop();
    expect(listeners.size).toBe(0);
  });

  it('switches the debug camera through the tools machine', async () => {
    const slot = createEngineSlot();
    const { engine } = fakeEngine();
    slot.set(engine);
    const tools = createActor(viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }), {
      input: { permissions: ALL_SHARE_OPTIONS },
    }).start();
    await settle();
    tools.send({ type: 'tools.debugCamera', enabled: true });
    tools.send({ type: 'tools.debugCamera', enabled: false });
    expect(engine.setDebugCamera.mock.calls).toEqual([[true], [false]]);
  });

  it('sends eye clicks to the engine and follows the visibility it reports', async () => {
    const slot = createEngineSlot();
    const { engine, events } = fakeEngine();
    slot.set(engine);
    const tools = createActor(viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }), {
      input: { permissions: ALL_SHARE_OPTIONS },
    }).start();
    await settle();
    tools.send({ type: 'tools.setVisible', ids: ['3'], isVisible: false });
    expect(engine.hide).toHaveBeenCalledWith(['3']);
    events.visibility.emit({ changes: [{ id: '3', isVisible: false }, { id: '1', isVisible: false }] });
    expect(tools.getSnapshot().context.hiddenIds).toEqual(['1', '3']);
    tools.send({ type: 'tools.setVisible', ids: ['3'], isVisible: true });
    expect(engine.show).toHaveBeenCalledWith(['3']);
    events.visibility.emit({ changes: [{ id: '3', isVisible: true }] });
    expect(tools.getSnapshot().context.hiddenIds).toEqual(['1']);
  });

  it('applies notice steps to the engine, keeps the camera per step, and shows all parts when notice mode ends', async () => {
    vi.useFakeTimers();
    try {
      const slot = createEngineSlot();
      const { engine, moveCamera, dragCamera } = fakeEngine();
      slot.set(engine);
      const notice = createActor(noticeMachine.provide({ actors: { noticeEngine: createNoticeEngineActor(slot) } }), {
        input: { steps: [['1'], ['1', '2']] },
      }).start();
      notice.send({ type: 'notice.start' });
      await vi.advanceTimersByTimeAsync(NOTICE_DEBOUNCE_MS);
      expect(engine.isolate).toHaveBeenLastCalledWith(['1'], { moveCamera: true });
      expect(engine.flash).toHaveBeenLastCalledWith(['1']);

      dragCamera(5); // the user frames step 1 their way: the drag is announced at its start
      notice.send({ type: 'notice.next' });
      await vi.advanceTimersByTimeAsync(NOTICE_DEBOUNCE_MS);
      // Stored as the step was left: where the drag ended, not where it began.
      expect(notice.getSnapshot().context.cameras[0]?.position).toEqual([5, 0, 3]);
      expect(engine.isolate).toHaveBeenLastCalledWith(['1', '2'], { moveCamera: true });

      notice.send({ type: 'notice.next' }); // wraps to step 1: its camera comes back, no framing
      await vi.advanceTimersByTimeAsync(NOTICE_DEBOUNCE_MS);
      expect(engine.isolate).toHaveBeenLastCalledWith(['1'], { moveCamera: false });
      expect(engine.setCameraState).toHaveBeenLastCalledWith(expect.objectContaining({ position: [5, 0, 3] }));

      expect(engine.showAll).not.toHaveBeenCalled();
      notice.send({ type: 'notice.next' });
      moveCamera(8); // still step 1 on screen while the next one waits: it is step 1's camera
      expect(notice.getSnapshot().context.cameras[1]).toBeNull();
      expect(engine.resetCamera).not.toHaveBeenCalled();
      notice.send({ type: 'notice.stop' });
      expect(notice.getSnapshot().context.cameras[0]?.position).toEqual([8, 0, 3]);
      expect(notice.getSnapshot().context.cameras[1]).toBeNull();
      expect(engine.showAll).toHaveBeenCalledTimes(1);
      expect(engine.resetCamera).toHaveBeenCalledTimes(1); // framed on the whole model again
      expect(engine.stopFlash).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('honours noMoveCamera and noFlash', async () => {
    vi.useFakeTimers();
    try {
      const slot = createEngineSlot();
      const { engine } = fakeEngine();
      const notice = createActor(noticeMachine.provide({ actors: { noticeEngine: createNoticeEngineActor(slot) } }), {
        input: { steps: [['7']], moveCamera: false, flash: false },
      }).start();
      notice.send({ type: 'notice.start' });
      await vi.advanceTimersByTimeAsync(NOTICE_DEBOUNCE_MS);
      slot.set(engine); // the engine may come after the first step
      await vi.advanceTimersByTimeAsync(0);
      expect(engine.isolate).toHaveBeenCalledWith(['7'], { moveCamera: false });
      expect(engine.flash).not.toHaveBeenCalled();
      notice.send({ type: 'notice.stop' });
      expect(engine.showAll).toHaveBeenCalledTimes(1);
      expect(engine.resetCamera).not.toHaveBeenCalled(); // noMoveCamera: the end does not move it either
    } finally {
      vi.useRealTimers();
    }
  });
});
