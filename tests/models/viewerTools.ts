/** The viewer tools machine's model: events, system under test, and the checks of its oracle (viewerToolsOracle.ts). */
import { deepStrictEqual as same } from 'node:assert/strict';
import { fromCallback } from 'xstate';
import { ALL_SHARE_OPTIONS, type ShareOptions } from '../../src/api/schemas';
import { viewerToolsMachine, type EngineCommand, type ViewerToolsEvent } from '../../src/machines/viewer/tools/viewerToolsMachine';
import { createSut, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';
import { viewerToolsOracle, type ToolsExpected } from './viewerToolsOracle';

const measurement = { points: [], unit: 'mm' as const, vector: [1, 2, 2] as const, length: 3 };
const clipping = { enabled: true, axis: 'y' as const, inverted: false, position: 12, unit: 'mm' as const, max: 700, step: 0.1 };
const workshop = { tool: 'faceDistance' as const, current: null, kept: [], format: 'mm' as const };
const sectionBox = { enabled: true, box: { min: [0, 0, 0] as const, max: [1, 1, 1] as const }, around: ['2'] };
export const guestOptions: ShareOptions = {
  ...ALL_SHARE_OPTIONS,
  isXRayRenderModeAvailable: false,
  isWireframeRenderModeAvailable: false,
  isClippingPlaneAvailable: false,
  isCommentsVisible: false,
};

export const viewerToolsEvents = [
  ...(['render', 'comments', 'attachment', 'measure', 'clipping', 'parts'] as const).map((panel) => ({ type: 'tools.togglePanel', panel })),
  { type: 'tools.closePanel' },
  { type: 'engine.pick', partId: '1' },
  { type: 'engine.pick', partId: null },
  { type: 'tools.select', partId: '2' },
  { type: 'tools.select', partId: '3', frame: true },
  { type: 'tools.toggleDataSheet' },
  { type: 'engine.measure', measurement },
  { type: 'tools.setVisible', ids: ['1'], isVisible: false },
  { type: 'engine.visibility', changes: [{ id: '1', isVisible: false }] },
  // A note's saved view restored by the engine: the panel shows its mode and explode.
  { type: 'engine.display', renderMode: 'wireframe', explode: 0.25 },
  { type: 'tools.explode', factor: 0.5 },
  { type: 'tools.explode', factor: 2 },
  { type: 'tools.frameInsets', insets: { top: 64, right: 0, bottom: 56, left: 312 } },
  { type: 'tools.modelChanged' },
  { type: 'tools.renderMode', mode: 'xray' },
  { type: 'tools.renderMode', mode: 'illustration' },
  { type: 'tools.clipping', settings: { enabled: true, axis: 'y' } },
  { type: 'engine.clipping', clipping },
  { type: 'tools.cameraView', view: 'top' },
  { type: 'tools.cameraView', view: 'diagonal' },
  { type: 'tools.resetCamera' },
  { type: 'tools.fullScreen', value: true },
  { type: 'tools.debugCamera', enabled: true },
  { type: 'tools.measureKind', kind: 'faceDistance' },
  { type: 'tools.measureKind', kind: 'points' },
  { type: 'tools.measureKind', kind: 'ruler' },
  { type: 'tools.keepMeasure' },
  { type: 'tools.clearMeasure', id: 'm1' },
  { type: 'tools.measureOverall' },
  { type: 'tools.lengthFormat', format: 'in64' },
  { type: 'tools.lengthFormat', format: 'in8' },
  { type: 'engine.workshop', measures: workshop },
  { type: 'tools.sectionBox', enabled: true },
  { type: 'tools.sectionAround' },
  { type: 'tools.sectionAround', whole: true },
  { type: 'engine.sectionBox', sectionBox },
] as ViewerToolsEvent[];

type ToolsSut = Sut & { commands: EngineCommand[] };

/** What makes two model states different for path generation: the panels and the selection rule's inputs. */
const key = (s: { value: unknown; context: unknown }) => {
  const c = s.context as { selectedId: string | null; hasSelected: boolean; badge: boolean; measurement: unknown; measureKind: string };
  return JSON.stringify([s.value, c.selectedId, c.hasSelected, c.badge, c.measurement !== null, c.measureKind]);
};

function checked(permissions: ShareOptions): Oracle<ViewerToolsEvent, ToolsExpected> {
  return {
    ...viewerToolsOracle(permissions),
    check(real, e, sut) {
      const c = real.context;
      same((sut as ToolsSut).commands, e.commands, 'the engine commands');
      same(
        { renderMode: c.renderMode, cameraView: c.cameraView, clipping: c.clipping, measurement: c.measurement, selectedId: c.selectedId, badge: c.badge, fullScreen: c.fullScreen, hiddenIds: c.hiddenIds, explode: c.explode,
          measureKind: c.measureKind, workshop: c.workshop, sectionBox: c.sectionBox, lengthFormat: c.lengthFormat },
        { renderMode: e.renderMode, cameraView: e.cameraView, clipping: e.clipping, measurement: e.measurement, selectedId: e.selectedId, badge: e.badge, fullScreen: e.fullScreen, hiddenIds: e.hiddenIds, explode: e.explode,
          measureKind: e.measureKind, workshop: e.workshop, sectionBox: e.sectionBox, lengthFormat: e.lengthFormat },
        'what the tools show',
      );
    },
  };
}

export function viewerToolsSut(permissions: ShareOptions): ToolsSut {
  const commands: EngineCommand[] = [];
  const engineBridge = fromCallback<EngineCommand, { renderMode: string }>(({ receive }) => {
    receive((command) => void commands.push(command));
    return () => {};
  });
  return Object.assign(createSut(viewerToolsMachine, { input: { permissions }, provide: { actors: { engineBridge } } }), { commands });
}

const permissionRuns = [
  { label: 'owner', permissions: ALL_SHARE_OPTIONS },
  { label: 'shared link without comments, clipping, x-ray, wireframe', permissions: guestOptions },
].map(({ label, permissions }) => ({
  label,
  run: defineRun<ViewerToolsEvent>({
    events: viewerToolsEvents,
    input: { permissions },
    serializeState: key,
    sut: () => viewerToolsSut(permissions),
    oracle: checked(permissions) as never,
  }),
}));

/** The exploded view's slider, moved to the same value again or past its end: every simple path. */
const explodedRun = {
  label: 'exploded view',
  run: defineRun<ViewerToolsEvent>({
    events: [
      { type: 'tools.explode', factor: 0.5 },
      { type: 'tools.explode', factor: 2 },
      { type: 'tools.explode', factor: Number.NaN },
      { type: 'tools.modelChanged' },
    ] as ViewerToolsEvent[],
    input: { permissions: ALL_SHARE_OPTIONS },
    serializeState: (s) => JSON.stringify([s.value, (s.context as { explode: number }).explode]),
    filterEvents: (_, event) => event.type === 'tools.explode' || event.type === 'tools.modelChanged',
    paths: 'simple',
    sut: () => viewerToolsSut(ALL_SHARE_OPTIONS),
    oracle: checked(ALL_SHARE_OPTIONS) as never,
  }),
};

export const viewerToolsModel: MachineModel = {
  name: 'viewerTools',
  machine: viewerToolsMachine,
  source: 'src/machines/viewer/tools/viewerToolsMachine.ts',
  testFile: 'tests/machines/viewerToolsMachine.test.ts',
  runs: [...permissionRuns, explodedRun],
};
