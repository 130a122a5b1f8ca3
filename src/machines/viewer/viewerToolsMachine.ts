/**
 * The viewer's tools (SPEC §4 "Viewer"): the open right panel (one at a time), the render mode
 * (only allowed modes), measure mode (active while its panel is open), the clipping plane, the
 * camera view, the selection with the data-sheet rule, and full screen. Every engine command
 * goes to the `engineBridge` actor, which sends back the engine's events.
 *   panel: closed | render | comments | attachment | measure | clipping | parts
 *   dataSheet: hidden | shown
 * Part visibility (the tree's eyes) goes to the engine too; `hiddenIds` follows what the engine
 * reports, whoever changed it (an eye, an isolation, a notice step).
 */
import { assign, fromCallback, setup } from 'xstate';
import type { ShareOptions } from '../../api/schemas';
import {
  CAMERA_VIEWS,
  type CameraView,
  type ClippingSettings,
  type ClippingState,
  type Measurement,
  type RenderMode,
  TOOL_PANELS,
  type ToolPanel,
} from './viewerTypes';

/** Commands the machine gives the engine through the bridge. */
export type EngineCommand =
  | { type: 'renderMode'; mode: RenderMode }
  | { type: 'measureActive'; active: boolean }
  | { type: 'clipping'; settings: Partial<ClippingSettings> }
  | { type: 'cameraView'; view: CameraView }
  | { type: 'resetCamera' }
  | { type: 'selection'; ids: string[] }
  | { type: 'visibility'; ids: string[]; isVisible: boolean }
  /** The exploded view, 0 (as built) to 1. */
  | { type: 'explode'; factor: number }
  /** Canvas edges covered by the viewer's panels and controls (CSS pixels): framing avoids them. */
  | { type: 'frameInsets'; insets: FrameInsets }
  /** Development builds: the debug camera (SPEC §9). */
  | { type: 'debugCamera'; enabled: boolean };

/** Engine events the bridge sends back. */
export type EngineEvent =
  | { type: 'engine.pick'; partId: string | null }
  | { type: 'engine.measure'; measurement: Measurement }
  | { type: 'engine.clipping'; clipping: ClippingState }
  | { type: 'engine.userCameraMove' }
  | { type: 'engine.visibility'; changes: ReadonlyArray<{ id: string; isVisible: boolean }> }
  /** The engine's render mode or exploded factor changed (a note's saved view restored). */
  | { type: 'engine.display'; renderMode: RenderMode; explode: number };

export type ViewerToolsEvent =
  | EngineEvent
  | { type: 'tools.togglePanel'; panel: ToolPanel }
  | { type: 'tools.closePanel' }
  | { type: 'tools.renderMode'; mode: RenderMode }
  | { type: 'tools.clipping'; settings: Partial<ClippingSettings> }
  | { type: 'tools.cameraView'; view: string }
  | { type: 'tools.resetCamera' }
  | { type: 'tools.select'; partId: string | null }
  | { type: 'tools.toggleDataSheet' }
  | { type: 'tools.fullScreen'; value: boolean }
  | { type: 'tools.setVisible'; ids: string[]; isVisible: boolean }
  | { type: 'tools.debugCamera'; enabled: boolean }
  /** The exploded view's slider (0 to 1; clamped). */
  | { type: 'tools.explode'; factor: number }
  /** The layout changed what covers the canvas (a data sheet shown, a sheet opened). */
  | { type: 'tools.frameInsets'; insets: FrameInsets }
  /** A new model replaced the old one: its selection, hidden parts and measurement mean nothing now. */
  | { type: 'tools.modelChanged' };

export interface FrameInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ViewerToolsInput {
  /** What the viewer offers: all true for the owner, the share options on a link. */
  permissions: ShareOptions;
}

export interface ViewerToolsContext {
  permissions: ShareOptions;
  renderMode: RenderMode;
  clipping: ClippingState | null;
  measurement: Measurement | null;
  cameraView: CameraView;
  selectedId: string | null;
  /** A part was selected before: later selections show the badge instead of opening the sheet. */
  hasSelected: boolean;
  badge: boolean;
  fullScreen: boolean;
  /** Parts the engine reports hidden, sorted. */
  hiddenIds: string[];
  /** The exploded view's factor: 0 as built, 1 fully apart (a new model starts as built). */
  explode: number;
}

/** A slider value as a factor: a number clamped to 0..1, anything else 0. */
export const explodeFactorOf = (value: number): number => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** The render modes a viewer with these permissions offers (solid always). */
export function allowedRenderModes(permissions: ShareOptions): RenderMode[] {
  const modes: RenderMode[] = ['solid'];
  if (permissions.isXRayRenderModeAvailable) modes.push('xray');
  if (permissions.isWireframeRenderModeAvailable) modes.push('wireframe');
  if (permissions.isIllustrationRenderModeAvailable) modes.push('illustration');
  return modes;
}

/** The right panels a viewer with these permissions offers (render and measure always; the parts list where allowed). */
export function allowedPanels(permissions: ShareOptions): ToolPanel[] {
  const panels: ToolPanel[] = ['render'];
  if (permissions.isCommentsVisible) panels.push('comments');
  if (permissions.isAttachmentVisible) panels.push('attachment');
  panels.push('measure');
  if (permissions.isClippingPlaneAvailable) panels.push('clipping');
  if (permissions.isPartsListAvailable) panels.push('parts');
  return panels;
}

/** The hidden ids after these changes, sorted. */
export function applyVisibility(hiddenIds: readonly string[], changes: ReadonlyArray<{ id: string; isVisible: boolean }>): string[] {
  const hidden = new Set(hiddenIds);
  for (const { id, isVisible } of changes) {
    if (isVisible) hidden.delete(id);
    else hidden.add(id);
  }
  return [...hidden].sort();
}

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
  },
  actions: {
    command: ({ self }, command: EngineCommand) => {
      self.getSnapshot().children.engineBridge?.send(command);
    },
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
    forgetModel: assign({ selectedId: null, badge: false, hiddenIds: [], measurement: null, explode: 0 }),
    showSelection: ({ context, self }) => {
      self.getSnapshot().children.engineBridge?.send({ type: 'selection', ids: context.selectedId === null ? [] : [context.selectedId] });
    },
  },
}).createMachine({
  id: 'viewerTools',
  context: ({ input }) => ({
    permissions: input.permissions,
    renderMode: input.permissions.isWireframeRenderModeAvailable ? 'wireframe' : 'solid',
    clipping: null,
    measurement: null,
    cameraView: 'free',
    selectedId: null,
    hasSelected: false,
    badge: false,
    fullScreen: false,
    hiddenIds: [],
    explode: 0,
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
          entry: { type: 'command', params: { type: 'measureActive', active: true } },
          exit: [{ type: 'command', params: { type: 'measureActive', active: false } }, assign({ measurement: null })],
          on: {
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
