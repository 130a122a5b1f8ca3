/**
 * The viewer's tools (SPEC §4 "Viewer"): the open right panel (one at a time), the render mode
 * (only allowed modes), measure mode (active while its panel is open), the clipping plane, the
 * camera view, the selection with the data-sheet rule, and full screen. Every engine command
 * goes to the `engineBridge` actor, which sends back the engine's events.
 *   panel: closed | render | comments | attachment | measure | clipping | parts
 *   dataSheet: hidden | shown
 * The measure panel's tool (`measureKind`) is SPEC's two points or a workshop measure (face to
 * face, angle, overall dimensions): the engine's point measure or workshop tool is on while the
 * panel is open with that tool. The section box, beside SPEC's clipping plane, is offered where
 * the clipping plane is.
 * Part visibility (the tree's eyes) goes to the engine too; `hiddenIds` follows what the engine
 * reports, whoever changed it (an eye, an isolation, a notice step).
 */
import { assign, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import { CAMERA_VIEWS, type CameraView, LENGTH_FORMATS, type LengthFormat, MEASURE_KINDS, type MeasureKind, type RenderMode, TOOL_PANELS, type ToolPanel } from '../viewerTypes';
import {
  allowedPanels,
  allowedRenderModes,
  applyVisibility,
  type EngineCommand,
  explodeFactorOf,
  type ViewerToolsContext,
  type ViewerToolsEvent,
  type ViewerToolsInput,
} from './viewerToolsTypes';

export * from './viewerToolsTypes';

/** Toggling the open panel closes it; toggling another allowed panel opens that one instead. */
const panelTargets = (current: ToolPanel | null) => [
  ...(current ? [{ guard: { type: 'togglesPanel' as const, params: { panel: current } }, target: 'closed' }] : []),
  ...TOOL_PANELS.filter((panel) => panel !== current).map((panel) => ({
    guard: { type: 'opensPanel' as const, params: { panel } },
    target: panel,
  })),
];

export const viewerToolsMachine = setup({
  types: {
    context: {} as ViewerToolsContext,
    events: {} as ViewerToolsEvent,
    input: {} as ViewerToolsInput,
  },
  actors: {
    /** Applies commands to the engine and sends back its events. */
    engineBridge: fromCallback<EngineCommand, { renderMode: RenderMode }>(() => () => {}),
  },
  guards: {
    togglesPanel: ({ event }, { panel }: { panel: ToolPanel }) => event.type === 'tools.togglePanel' && event.panel === panel,
    opensPanel: ({ context, event }, { panel }: { panel: ToolPanel }) =>
      event.type === 'tools.togglePanel' && event.panel === panel && allowedPanels(context.permissions).includes(panel),
    isAllowedMode: ({ context, event }) => event.type === 'tools.renderMode' && allowedRenderModes(context.permissions).includes(event.mode),
    isKnownView: ({ event }) => event.type === 'tools.cameraView' && (CAMERA_VIEWS as readonly string[]).includes(event.view),
    clippingAllowed: ({ context }) => context.permissions.isClippingPlaneAvailable,
    isFirstSelection: ({ context, event }) => (event.type === 'engine.pick' || event.type === 'tools.select') && event.partId !== null && !context.hasSelected,
    hasSelection: ({ context }) => context.selectedId !== null,
    isNewMeasureKind: ({ context, event }) =>
      event.type === 'tools.measureKind' && (MEASURE_KINDS as readonly string[]).includes(event.kind) && event.kind !== context.measureKind,
    isKnownFormat: ({ event }) => event.type === 'tools.lengthFormat' && (LENGTH_FORMATS as readonly string[]).includes(event.format),
  },
  actions: {
    command: sendTo('engineBridge', (_, command: EngineCommand) => command),
    select: assign(({ context, event }) => {
      if (event.type !== 'engine.pick' && event.type !== 'tools.select') return {};
      const partId = event.partId;
      return {
        selectedId: partId,
        hasSelected: context.hasSelected || partId !== null,
        badge: partId === null ? false : context.hasSelected,
      };
    }),
    /** A new model replaced the old one: its selection, hidden parts and measurement mean nothing now. */
    forgetModel: assign({ selectedId: null, badge: false, hiddenIds: [], measurement: null, explode: 0, workshop: null }),
    /** Turns the panel's measure tool on (`on`) or off in the engine. */
    measureTool: sendTo('engineBridge', (_, { kind, on }: { kind: MeasureKind; on: boolean }): EngineCommand =>
      kind === 'points' ? { type: 'measureActive', active: on } : { type: 'workshopTool', tool: on ? kind : null },
    ),
    showSelection: enqueueActions(({ context, event, enqueue }) => {
      enqueue.sendTo('engineBridge', { type: 'selection', ids: context.selectedId === null ? [] : [context.selectedId] } satisfies EngineCommand);
      if (event.type === 'tools.select' && event.frame && context.selectedId !== null) enqueue.sendTo('engineBridge', { type: 'frame', ids: [context.selectedId] } satisfies EngineCommand);
    }),
  },
}).createMachine({
  id: 'viewerTools',
  context: ({ input }) => ({
    permissions: input.permissions,
    // Wireframe first where offered (SPEC §5), except on a link with finishes to choose: they show on solid parts.
    renderMode: input.permissions.isWireframeRenderModeAvailable && !input.permissions.isOptionsAvailable ? 'wireframe' : 'solid',
    clipping: null,
    measurement: null,
    cameraView: 'free',
    selectedId: null,
    hasSelected: false,
    badge: false,
    fullScreen: false,
    hiddenIds: [],
    explode: 0,
    measureKind: 'points',
    workshop: null,
    sectionBox: null,
    lengthFormat: null,
  }),
  invoke: { id: 'engineBridge', src: 'engineBridge', input: ({ context }) => ({ renderMode: context.renderMode }) },
  type: 'parallel',
  on: {
    'tools.renderMode': {
      guard: 'isAllowedMode',
      actions: [assign({ renderMode: ({ event }) => event.mode }), { type: 'command', params: ({ event }) => ({ type: 'renderMode', mode: event.mode }) }],
    },
    'tools.clipping': {
      guard: 'clippingAllowed',
      actions: { type: 'command', params: ({ event }) => ({ type: 'clipping', settings: event.settings }) },
    },
    'engine.clipping': { actions: assign({ clipping: ({ event }) => event.clipping }) },
    'tools.cameraView': {
      guard: 'isKnownView',
      actions: [
        assign({ cameraView: ({ event }) => event.view as CameraView }),
        { type: 'command', params: ({ event }) => ({ type: 'cameraView', view: event.view as CameraView }) },
      ],
    },
    'tools.resetCamera': { actions: { type: 'command', params: { type: 'resetCamera' } } },
    'tools.fullScreen': { actions: assign({ fullScreen: ({ event }) => event.value }) },
    'tools.setVisible': {
      actions: { type: 'command', params: ({ event }) => ({ type: 'visibility', ids: event.ids, isVisible: event.isVisible }) },
    },
    'tools.debugCamera': { actions: { type: 'command', params: ({ event }) => ({ type: 'debugCamera', enabled: event.enabled }) } },
    'tools.frameInsets': { actions: { type: 'command', params: ({ event }) => ({ type: 'frameInsets', insets: event.insets }) } },
    'tools.explode': {
      guard: ({ context, event }) => explodeFactorOf(event.factor) !== context.explode,
      actions: [
        assign({ explode: ({ event }) => explodeFactorOf(event.factor) }),
        { type: 'command', params: ({ event }) => ({ type: 'explode', factor: explodeFactorOf(event.factor) }) },
      ],
    },
    'engine.visibility': { actions: assign({ hiddenIds: ({ context, event }) => applyVisibility(context.hiddenIds, event.changes) }) },
    'engine.display': { actions: assign({ renderMode: ({ event }) => event.renderMode, explode: ({ event }) => explodeFactorOf(event.explode) }) },
    'tools.measureKind': { guard: 'isNewMeasureKind', actions: assign({ measureKind: ({ event }) => event.kind }) },
    'tools.keepMeasure': { actions: { type: 'command', params: { type: 'keepMeasure' } } },
    'tools.clearMeasure': { actions: { type: 'command', params: ({ event }) => ({ type: 'clearWorkshopMeasure', ...(event.id === undefined ? {} : { id: event.id }) }) } },
    'tools.measureOverall': { actions: { type: 'command', params: ({ context }) => ({ type: 'measureOverall', ids: context.selectedId === null ? [] : [context.selectedId] }) } },
    'tools.lengthFormat': {
      guard: 'isKnownFormat',
      actions: [
        assign({ lengthFormat: ({ event }) => event.format as LengthFormat }),
        { type: 'command', params: ({ event }) => ({ type: 'lengthFormat', format: event.format as LengthFormat }) },
      ],
    },
    'engine.workshop': { actions: assign({ workshop: ({ event }) => event.measures }) },
    'tools.sectionBox': { guard: 'clippingAllowed', actions: { type: 'command', params: ({ event }) => ({ type: 'sectionBox', enabled: event.enabled }) } },
    'tools.sectionAround': {
      guard: 'clippingAllowed',
      actions: {
        type: 'command',
        // The camera goes to the box: a cabinet cut out of a whole kitchen is otherwise a few pixels wide.
        params: ({ context, event }) => ({ type: 'sectionAround', ids: event.whole || context.selectedId === null ? [] : [context.selectedId], frame: true }),
      },
    },
    'engine.sectionBox': { actions: assign({ sectionBox: ({ event }) => event.sectionBox }) },
  },
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'tools.togglePanel': panelTargets(null) } },
        render: { on: { 'tools.togglePanel': panelTargets('render'), 'tools.closePanel': 'closed' } },
        comments: { on: { 'tools.togglePanel': panelTargets('comments'), 'tools.closePanel': 'closed' } },
        attachment: { on: { 'tools.togglePanel': panelTargets('attachment'), 'tools.closePanel': 'closed' } },
        measure: {
          entry: { type: 'measureTool', params: ({ context }) => ({ kind: context.measureKind, on: true }) },
          exit: [{ type: 'measureTool', params: ({ context }) => ({ kind: context.measureKind, on: false }) }, assign({ measurement: null })],
          on: {
            'tools.measureKind': {
              guard: 'isNewMeasureKind',
              actions: [
                { type: 'measureTool', params: ({ context }) => ({ kind: context.measureKind, on: false }) },
                assign({ measureKind: ({ event }) => event.kind, measurement: null }),
                { type: 'measureTool', params: ({ context }) => ({ kind: context.measureKind, on: true }) },
              ],
            },
            'tools.togglePanel': panelTargets('measure'),
            'tools.closePanel': 'closed',
            'engine.measure': { actions: assign({ measurement: ({ event }) => event.measurement }) },
          },
        },
        clipping: { on: { 'tools.togglePanel': panelTargets('clipping'), 'tools.closePanel': 'closed' } },
        parts: { on: { 'tools.togglePanel': panelTargets('parts'), 'tools.closePanel': 'closed' } },
      },
    },
    dataSheet: {
      initial: 'hidden',
      states: {
        hidden: {
          on: {
            'engine.pick': [{ guard: 'isFirstSelection', target: 'shown', actions: ['select', 'showSelection'] }, { actions: ['select', 'showSelection'] }],
            'tools.select': [{ guard: 'isFirstSelection', target: 'shown', actions: ['select', 'showSelection'] }, { actions: ['select', 'showSelection'] }],
            'tools.toggleDataSheet': { guard: 'hasSelection', target: 'shown', actions: assign({ badge: false }) },
            'tools.modelChanged': { actions: 'forgetModel' },
          },
        },
        shown: {
          on: {
            'engine.pick': { actions: ['select', assign({ badge: false }), 'showSelection'] },
            'tools.select': { actions: ['select', assign({ badge: false }), 'showSelection'] },
            'tools.toggleDataSheet': 'hidden',
            'tools.modelChanged': { target: 'hidden', actions: 'forgetModel' },
          },
        },
      },
    },
  },
});
