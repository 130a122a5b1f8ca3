/**
 * The review's side of the engine, with a fake engine: a note keeps the viewer's view (camera,
 * mode, cut in millimetres, explode, hidden or isolated parts, measurement, section box) and brings
 * the same back; a tap pins a note only while the review waits for one.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, sendTo } from 'xstate';
import { createEngineSlot, type EnginePort } from '../../src/machines/viewer/load/enginePort';
import { captureView, createReviewEngineActor, showView, visibilityOfView } from '../../src/machines/viewer/review/reviewEngine';
import { fakeEngine } from './fakeEngine';

function engineShowing(): EnginePort {
  const { engine } = fakeEngine();
  return {
    ...engine,
    getRenderMode: () => 'xray',
    getExplode: () => 0.25,
    getClipping: () => ({ enabled: true, axis: 'y', inverted: true, position: 12, unit: 'in', max: 40, step: 0.001 }),
    getPartVisibility: () => ({ shown: ['4', '5'], hidden: ['1', '2', '3', '6', '7'] }),
    getMeasurement: () => ({ points: [{ position: [0, 0, 0], snap: 'vertex', partId: '4' }, { position: [0.5641234567, 0, 0], snap: 'vertex', partId: '5' }], unit: 'mm', vector: null, length: 564.1 }),
    getSectionBox: () => ({ enabled: true, box: { min: [0, 0, 0], max: [0.6, 0.82, 0.6] }, around: ['4'] }),
  } as EnginePort;
}

describe('the review and the engine', () => {
  it('a note keeps the view on screen: the cut in millimetres, the fewer of shown or hidden, rounded points, the section box', () => {
    const view = captureView(engineShowing());
    expect(view).toMatchObject({
      camera: { view: 'free', position: [0, 0, 3], target: [0, 0, 0], orthoHalfHeight: null },
      renderMode: 'xray',
      clipping: { axis: 'y', inverted: true, position: 304.8 },
      explode: 0.25,
      hidden: [],
      isolated: ['4', '5'],
      measurement: { a: [0, 0, 0], b: [0.564123, 0, 0] },
      sectionBox: { min: [0, 0, 0], max: [0.6, 0.82, 0.6], around: ['4'] },
      keptMeasures: [],
    });
    expect(visibilityOfView({ shown: ['1', '2', '3'], hidden: ['4'] })).toEqual({ hidden: ['4'], isolated: null });
    expect(visibilityOfView({ shown: ['1'], hidden: [] })).toEqual({ hidden: [], isolated: null });
  });

  it('brings a note view back: isolation without moving the camera, the cut in the engine unit, the camera with the section box', () => {
    const { engine } = fakeEngine();
    const view = captureView(engineShowing());
    showView(engine, view);
    expect(engine.setExplode).toHaveBeenCalledWith(0.25);
    expect(engine.isolate).toHaveBeenCalledWith(['4', '5'], { moveCamera: false });
    expect(engine.setRenderMode).toHaveBeenCalledWith('xray');
    // The fake engine works in millimetres.
    expect(engine.setClipping).toHaveBeenCalledWith({ enabled: true, axis: 'y', inverted: true, position: 304.8 });
    expect(engine.showMeasurement).toHaveBeenCalledWith([[0, 0, 0], [0.564123, 0, 0]]);
    expect(engine.setViewState).toHaveBeenCalledWith({
      version: 1,
      camera: { version: 1, view: 'free', position: [0, 0, 3], target: [0, 0, 0], orthoHalfHeight: null },
      sectionBox: { enabled: true, box: { min: [0, 0, 0], max: [0.6, 0.82, 0.6] }, around: ['4'] },
      measures: [],
    });
    const plain = fakeEngine().engine;
    showView(plain, { ...view, isolated: null, hidden: ['9'], clipping: null, sectionBox: undefined });
    expect(plain.showAll).toHaveBeenCalled();
    expect(plain.hide).toHaveBeenCalledWith(['9']);
    expect(plain.setClipping).toHaveBeenCalledWith({ enabled: false });
  });

  it('pins a note on the next tap only while asked, with the part and its name', async () => {
    const { engine, events } = fakeEngine();
    const named = { ...engine, getModel: () => ({ tree: { roots: ['7'], nodes: { '7': { id: '7', name: 'Left door', rawName: 'Left door', children: [], parent: null, size: null, additionalInfo: null, isVisible: true } } }, partCount: 1, bounds: { min: [0, 0, 0], max: [1, 1, 1] } }) } as EnginePort;
    const slot = createEngineSlot();
    const received: unknown[] = [];
    // A parent that keeps what the engine side sends back and forwards the review's commands to it.
    const parent = createActor(
      createMachine({
        invoke: { id: 'engine', src: createReviewEngineActor(slot) },
        on: {
          pick: { actions: sendTo('engine', ({ event }) => event) },
          '*': { actions: ({ event }) => void received.push(event) },
        },
      }),
    ).start();
    slot.set(named);
    await slot.ready();
    events.pick.emit({ partId: '7', point: [0.1, 0.2, 0.3] });
    expect(received.filter((e) => (e as { type: string }).type === 'review.pinned')).toEqual([]);
    parent.send({ type: 'pick', active: true });
    events.pick.emit({ partId: '7', point: [0.1, 0.2, 0.3] });
    events.pick.emit({ partId: '7', point: [0.4, 0.2, 0.3] });
    expect(received.filter((e) => (e as { type: string }).type === 'review.pinned')).toEqual([{ type: 'review.pinned', pin: { point: [0.1, 0.2, 0.3], partId: '7', partName: 'Left door' } }]);
    parent.stop();
  });
});
