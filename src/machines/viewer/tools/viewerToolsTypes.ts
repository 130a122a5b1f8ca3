/** The viewer tools machine's commands, events, context and the permission rules it applies (see viewerToolsMachine.ts). */
import type { ShareOptions } from '../../../api/schemas';
import type { FrameInsets } from '../../../model/viewerVocabulary';
import type {
  CameraView,
  ClippingSettings,
  ClippingState,
  LengthFormat,
  Measurement,
  MeasureKind,
  RenderMode,
  SectionBoxState,
  ToolPanel,
  WorkshopMeasureKind,
  WorkshopMeasures,
} from '../viewerTypes';

/** Commands the machine gives the engine through the bridge. */
export type EngineCommand =
  | { type: 'renderMode'; mode: RenderMode }
  | { type: 'measureActive'; active: boolean }
  | { type: 'clipping'; settings: Partial<ClippingSettings> }
  | { type: 'cameraView'; view: CameraView }
  | { type: 'resetCamera' }
  | { type: 'selection'; ids: string[] }
  /** Frames these parts (a row of the link's change list). */
  | { type: 'frame'; ids: string[] }
  | { type: 'visibility'; ids: string[]; isVisible: boolean }
  /** The exploded view, 0 (as built) to 1. */
  | { type: 'explode'; factor: number }
  /** Canvas edges covered by the viewer's panels and controls (CSS pixels): framing avoids them. */
  | { type: 'frameInsets'; insets: FrameInsets }
  /** Development builds: the debug camera (SPEC §9). */
  | { type: 'debugCamera'; enabled: boolean }
  /** The workshop measure clicks take (null: none). */
  | { type: 'workshopTool'; tool: WorkshopMeasureKind | null }
  | { type: 'keepMeasure' }
  /** Clears a kept measure, or the current one without an id. */
  | { type: 'clearWorkshopMeasure'; id?: string }
  /** Overall dimensions of these parts' cabinets (none: the visible model). */
  | { type: 'measureOverall'; ids: string[] }
  | { type: 'lengthFormat'; format: LengthFormat }
  | { type: 'sectionBox'; enabled: boolean }
  /** The section box around these parts' cabinets (none: the visible model). */
  /** The box around the parts' cabinets (or the visible model), and the camera framed on it. */
  | { type: 'sectionAround'; ids: string[]; frame: true };

/** Engine events the bridge sends back. */
export type EngineEvent =
  | { type: 'engine.pick'; partId: string | null }
  | { type: 'engine.measure'; measurement: Measurement }
  | { type: 'engine.clipping'; clipping: ClippingState }
  | { type: 'engine.userCameraMove' }
  | { type: 'engine.visibility'; changes: ReadonlyArray<{ id: string; isVisible: boolean }> }
  | { type: 'engine.workshop'; measures: WorkshopMeasures }
  | { type: 'engine.sectionBox'; sectionBox: SectionBoxState }
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
  /** `frame`: the camera frames the part too (a row of the link's change list). */
  | { type: 'tools.select'; partId: string | null; frame?: boolean }
  | { type: 'tools.toggleDataSheet' }
  | { type: 'tools.fullScreen'; value: boolean }
  | { type: 'tools.setVisible'; ids: string[]; isVisible: boolean }
  | { type: 'tools.debugCamera'; enabled: boolean }
  /** The exploded view's slider (0 to 1; clamped). */
  | { type: 'tools.explode'; factor: number }
  /** The layout changed what covers the canvas (a data sheet shown, a sheet opened). */
  | { type: 'tools.frameInsets'; insets: FrameInsets }
  /** A new model replaced the old one: its selection, hidden parts and measurement mean nothing now. */
  | { type: 'tools.modelChanged' }
  /** The measure panel's tool: two points, face to face, angle or overall dimensions. */
  | { type: 'tools.measureKind'; kind: MeasureKind }
  /** Keeps the current workshop measure on screen. */
  | { type: 'tools.keepMeasure' }
  /** Clears one kept measure (or the current one without an id). */
  | { type: 'tools.clearMeasure'; id?: string }
  /** Overall dimensions of the selection, or of the visible model. */
  | { type: 'tools.measureOverall' }
  | { type: 'tools.lengthFormat'; format: string }
  /** The section box on or off (where clipping is offered). */
  | { type: 'tools.sectionBox'; enabled: boolean }
  /** "Cut around this cabinet": the box around the selection's cabinet, or (`whole`, or nothing selected) the visible model. */
  | { type: 'tools.sectionAround'; whole?: boolean };

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
  /** The measure panel's tool. */
  measureKind: MeasureKind;
  /** The workshop measures as the engine reports them. */
  workshop: WorkshopMeasures | null;
  sectionBox: SectionBoxState | null;
  /** How measures are written; null follows the user's unit (mm, or inches to 1/16). */
  lengthFormat: LengthFormat | null;
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

