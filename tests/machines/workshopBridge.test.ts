/** The engine bridge for the workshop tools (issue 35): tool, measures, units and the section box. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { createEngineBridgeActor } from '../../src/machines/viewer/load/engineActors';
import { createEngineSlot } from '../../src/machines/viewer/load/enginePort';
import { viewerToolsMachine } from '../../src/machines/viewer/tools/viewerToolsMachine';
import { settle } from '../helpers/modelBased';
import { fakeEngine } from './fakeEngine';

describe('the engine bridge and the workshop tools', () => {
  it('drives the workshop tools and the section box, and follows what the engine reports', async () => {
    const slot = createEngineSlot();
    const { engine, events } = fakeEngine();
    slot.set(engine);
    const tools = createActor(viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }), {
      input: { permissions: ALL_SHARE_OPTIONS },
    }).start();
    await settle();
    tools.send({ type: 'tools.measureKind', kind: 'faceDistance' });
    tools.send({ type: 'tools.togglePanel', panel: 'measure' });
    expect(engine.setWorkshopTool.mock.calls).toEqual([['faceDistance']]);
    expect(engine.setMeasureActive).not.toHaveBeenCalled();
    tools.send({ type: 'tools.measureKind', kind: 'points' });
    expect(engine.setWorkshopTool.mock.calls).toEqual([['faceDistance'], [null]]);
    expect(engine.setMeasureActive.mock.calls).toEqual([[true]]);
    tools.send({ type: 'tools.select', partId: '7' });
    tools.send({ type: 'tools.measureOverall' });
    expect(engine.measureOverall).toHaveBeenCalledWith(['7'], { wholeCabinet: true });
    tools.send({ type: 'tools.keepMeasure' });
    tools.send({ type: 'tools.clearMeasure', id: 'm1' });
    expect(engine.keepMeasure).toHaveBeenCalledTimes(1);
    expect(engine.clearWorkshopMeasure).toHaveBeenCalledWith('m1');
    tools.send({ type: 'tools.lengthFormat', format: 'in32' });
    tools.send({ type: 'tools.lengthFormat', format: 'in8' });
    expect(engine.setLengthFormat.mock.calls).toEqual([['in32']]);
    const kept = { tool: 'angle' as const, current: null, kept: [], format: 'in32' as const };
    events.workshop.emit(kept);
    expect(tools.getSnapshot().context.workshop).toEqual(kept);
    tools.send({ type: 'tools.sectionAround' });
    // The camera frames the box (a cabinet of a whole kitchen would stay a few pixels wide), and the "Section box" switch reads on.
    expect(engine.sectionAround).toHaveBeenCalledWith(['7'], { wholeCabinet: true, frame: true });
    expect(tools.getSnapshot().context.sectionBox).toMatchObject({ enabled: true, around: ['7'] });
    tools.send({ type: 'tools.sectionAround', whole: true });
    expect(engine.sectionAround).toHaveBeenLastCalledWith([], { wholeCabinet: true, frame: true });
    tools.send({ type: 'tools.sectionBox', enabled: false });
    expect(tools.getSnapshot().context.sectionBox?.enabled).toBe(false);
  });

  it('offers the section box to a link only with its clipping option', async () => {
    const slot = createEngineSlot();
    const { engine } = fakeEngine();
    slot.set(engine);
    const tools = createActor(viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }), {
      input: { permissions: { ...ALL_SHARE_OPTIONS, isClippingPlaneAvailable: false } },
    }).start();
    await settle();
    tools.send({ type: 'tools.sectionAround' });
    tools.send({ type: 'tools.sectionBox', enabled: true });
    expect(engine.sectionAround).not.toHaveBeenCalled();
    expect(engine.setSectionBox).not.toHaveBeenCalled();
  });

});
