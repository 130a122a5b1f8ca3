/**
 * Viewer tools machine: model-based paths over the panels and the data-sheet rule (one panel
 * open at a time, measure mode while its panel is open, the sheet opening on the first selection
 * only, the badge; oracle in tests/models/viewerToolsOracle.ts), plus examples for render modes,
 * camera views, clipping and permissions.
 */
import { describe, expect, it } from 'vitest';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { modelTests } from '../helpers/modelTests';
import { guestOptions, viewerToolsModel, viewerToolsSut } from '../models/viewerTools';

const measurement = { points: [], unit: 'mm' as const, vector: [1, 2, 2] as const, length: 3 };
const sutWith = (permissions = ALL_SHARE_OPTIONS) => viewerToolsSut(permissions);

modelTests(viewerToolsModel);

describe('viewer tools machine (examples)', () => {
  it('forgets the old model\'s selection, hidden parts and measurement when the model changes', () => {
    const sut = sutWith();
    sut.actor.send({ type: 'tools.togglePanel', panel: 'measure' });
    sut.actor.send({ type: 'engine.measure', measurement });
    sut.actor.send({ type: 'engine.pick', partId: '1' });
    sut.actor.send({ type: 'engine.visibility', changes: [{ id: '2', isVisible: false }] });
    expect(sut.actor.getSnapshot().matches({ dataSheet: 'shown' })).toBe(true);
    sut.actor.send({ type: 'tools.modelChanged' });
    const after = sut.actor.getSnapshot();
    expect(after.context).toMatchObject({ selectedId: null, badge: false, hiddenIds: [], measurement: null });
    expect(after.matches({ dataSheet: 'hidden' })).toBe(true);
    expect(after.matches({ panel: 'measure' })).toBe(true); // the open panel stays
  });

  it('starts in wireframe when allowed, else solid, and accepts only allowed modes', () => {
    expect(sutWith().actor.getSnapshot().context.renderMode).toBe('wireframe');
    const guest = sutWith(guestOptions);
    expect(guest.actor.getSnapshot().context.renderMode).toBe('solid');
    guest.actor.send({ type: 'tools.renderMode', mode: 'xray' });
    guest.actor.send({ type: 'tools.renderMode', mode: 'illustration' });
    expect(guest.actor.getSnapshot().context.renderMode).toBe('illustration');
    expect(guest.commands).toEqual([{ type: 'renderMode', mode: 'illustration' }]);
  });

  it('offers only allowed panels and clipping only when allowed', () => {
    const guest = sutWith(guestOptions);
    guest.actor.send({ type: 'tools.togglePanel', panel: 'comments' });
    guest.actor.send({ type: 'tools.togglePanel', panel: 'clipping' });
    expect(guest.actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    guest.actor.send({ type: 'tools.clipping', settings: { enabled: true } });
    expect(guest.commands).toEqual([]);
    const owner = sutWith();
    owner.actor.send({ type: 'tools.clipping', settings: { enabled: true, axis: 'y' } });
    expect(owner.commands).toEqual([{ type: 'clipping', settings: { enabled: true, axis: 'y' } }]);
    const clipping = { enabled: true, axis: 'y' as const, inverted: false, position: 12, unit: 'mm' as const, max: 700, step: 0.1 };
    owner.actor.send({ type: 'engine.clipping', clipping });
    expect(owner.actor.getSnapshot().context.clipping).toEqual(clipping);
  });

  it('accepts only the seven known camera views', () => {
    const sut = sutWith();
    sut.actor.send({ type: 'tools.cameraView', view: 'diagonal' });
    sut.actor.send({ type: 'tools.cameraView', view: 'top' });
    sut.actor.send({ type: 'tools.resetCamera' });
    expect(sut.actor.getSnapshot().context.cameraView).toBe('top');
    expect(sut.commands).toEqual([{ type: 'cameraView', view: 'top' }, { type: 'resetCamera' }]);
  });

  it('opens the data sheet on the first selection only, then shows the badge', () => {
    const sut = sutWith();
    sut.actor.send({ type: 'tools.toggleDataSheet' });
    expect(sut.actor.getSnapshot().matches({ dataSheet: 'hidden' })).toBe(true);
    sut.actor.send({ type: 'engine.pick', partId: '3' });
    expect(sut.actor.getSnapshot().matches({ dataSheet: 'shown' })).toBe(true);
    sut.actor.send({ type: 'tools.toggleDataSheet' });
    sut.actor.send({ type: 'tools.select', partId: '4' });
    expect(sut.actor.getSnapshot().matches({ dataSheet: 'hidden' })).toBe(true);
    expect(sut.actor.getSnapshot().context.badge).toBe(true);
    sut.actor.send({ type: 'engine.pick', partId: null });
    expect(sut.actor.getSnapshot().context.badge).toBe(false);
    expect(sut.commands.filter((c) => c.type === 'selection').map((c) => c.type === 'selection' && c.ids)).toEqual([['3'], ['4'], []]);
  });

  it('tracks full screen', () => {
    const sut = sutWith();
    sut.actor.send({ type: 'tools.fullScreen', value: true });
    expect(sut.actor.getSnapshot().context.fullScreen).toBe(true);
  });
});

describe('exploded view', () => {
  it('sends the clamped factor once per change, and a new model starts as built', () => {
    const sut = sutWith();
    for (const factor of [0.5, 0.5, 2, Number.NaN, -1, 0.25]) sut.actor.send({ type: 'tools.explode', factor });
    expect(sut.commands.filter((c) => c.type === 'explode')).toEqual([
      { type: 'explode', factor: 0.5 },
      { type: 'explode', factor: 1 },
      { type: 'explode', factor: 0 },
      { type: 'explode', factor: 0.25 },
    ]);
    sut.actor.send({ type: 'tools.modelChanged' });
    expect(sut.actor.getSnapshot().context.explode).toBe(0);
  });

  it('passes what covers the canvas on to the engine', () => {
    const sut = sutWith();
    sut.actor.send({ type: 'tools.frameInsets', insets: { top: 64, right: 0, bottom: 56, left: 312 } });
    expect(sut.commands.filter((c) => c.type === 'frameInsets')).toEqual([{ type: 'frameInsets', insets: { top: 64, right: 0, bottom: 56, left: 312 } }]);
  });
});
