/**
 * Public types of the workshop tools: the section box, the face, angle and overall measures, and
 * the view state a pinned note saves. Like types.ts, imports nothing from Babylon.
 */
import type { LengthFormat } from '../api/lengthFormat';
import type { AnimateOptions, Axis, Bounds, CameraState, Subscribable, Vec3 } from './baseTypes';

/** A face of the section box. */
export type SectionFace = 'minX' | 'maxX' | 'minY' | 'maxY' | 'minZ' | 'maxZ';

/** The section box: six planes that keep what is inside `box` (world metres), beside SPEC's one plane. */
export interface SectionBoxState {
  enabled: boolean;
  box: Bounds;
  /** The parts the box was put around ("cut around this cabinet"), or null for the whole model. */
  around: string[] | null;
}

export type SectionBoxSettings = Partial<Pick<SectionBoxState, 'enabled' | 'box'>>;

/** The workshop measures: the gap between parallel faces, an angle, overall dimensions. */
export const WORKSHOP_MEASURE_KINDS = ['faceDistance', 'angle', 'overall'] as const;
export type WorkshopMeasureKind = (typeof WORKSHOP_MEASURE_KINDS)[number];

/** A picked flat face, fitted from the part's own triangles. */
export interface FacePick {
  partId: string;
  /** Where it was picked (world metres). */
  point: Vec3;
  /** Outward unit normal and a point of its plane. */
  normal: Vec3;
  planePoint: Vec3;
}

/** A picked edge (a feature edge of a part), for angles between edges. */
export interface EdgePick {
  partId: string;
  from: Vec3;
  to: Vec3;
}

/** A dimension line drawn in the view: a length from `from` to `to`, or an angle at `from`. */
export interface DimensionLine {
  from: Vec3;
  to: Vec3;
  /** Metres for a length, degrees for an angle. */
  value: number;
  kind: 'length' | 'angle';
  /** Width, height or depth of overall dimensions. */
  axis?: Axis;
}

export interface WorkshopMeasure {
  /** Unique in the view; kept measures keep it. */
  id: string;
  kind: WorkshopMeasureKind;
  /** Faces picked so far (face distance, angle between faces). */
  faces: FacePick[];
  /** Edges picked so far (angle between edges). */
  edges: EdgePick[];
  /** The result: metres (distance), degrees (angle); null until complete or when the faces are not parallel. */
  value: number | null;
  /** Overall dimensions: width (X), height (Y), depth (Z) in metres. */
  size: Vec3 | null;
  /** The parts measured by overall dimensions, or null for the whole visible model. */
  partIds: string[] | null;
  /** Why a complete measure has no value. */
  problem: 'notParallel' | null;
  lines: DimensionLine[];
}

export interface WorkshopMeasures {
  /** The tool in use, or null. */
  tool: WorkshopMeasureKind | null;
  /** The measure being taken (or the last one taken), not kept yet. */
  current: WorkshopMeasure | null;
  /** Measures kept on screen while others are taken, oldest first. */
  kept: WorkshopMeasure[];
  format: LengthFormat;
}

/** What a pinned view restores beyond the camera: the section box and the kept measures. */
export interface ViewState {
  version: 1;
  camera: CameraState;
  sectionBox: SectionBoxState | null;
  measures: WorkshopMeasure[];
}

/** The engine's section box, workshop measures and view state (part of ViewerEngine). */
export interface WorkshopEngine {
  readonly onSectionBoxChange: Subscribable<SectionBoxState>;
  readonly onWorkshopMeasures: Subscribable<WorkshopMeasures>;

  /** Turns the section box on or off or sets its box (clamped to the model, at least 1 mm thick). */
  setSectionBox(settings: SectionBoxSettings): SectionBoxState;
  /**
   * Puts the section box around these parts (and their descendants), or around the visible model,
   * and turns it on; `wholeCabinet` widens each part to its cabinet (its top-level group): "cut
   * around this cabinet" from any of its parts.
   */
  sectionAround(ids?: readonly string[], options?: { wholeCabinet?: boolean }): SectionBoxState;
  getSectionBox(): SectionBoxState;
  /** Moves one face of the section box to `at` along its axis (world metres), as dragging its handle does. */
  moveSectionFace(face: SectionFace, at: number): SectionBoxState;

  /** The workshop measure tool clicks use (null: none; the point measure keeps its own switch). */
  setWorkshopTool(tool: WorkshopMeasureKind | null): void;
  /** A click of the workshop tool at canvas pixel (x, y): picks a face or an edge; returns the measure. */
  workshopMeasureAt(x: number, y: number): WorkshopMeasure | null;
  /** Overall dimensions of these parts (and descendants; `wholeCabinet`: of their cabinets), or of the visible model; becomes the current measure. */
  measureOverall(ids?: readonly string[], options?: { wholeCabinet?: boolean }): WorkshopMeasure | null;
  /** Keeps the current workshop measure on screen; returns its id. */
  keepMeasure(): string | null;
  /** Clears one kept measure, or the current one with its id; without an id clears the current one. */
  clearWorkshopMeasure(id?: string): void;
  clearAllWorkshopMeasures(): void;
  getWorkshopMeasures(): WorkshopMeasures;
  /** How measures are reported in texts: mm or inch fractions (the engine reports metres and degrees). */
  setLengthFormat(format: LengthFormat): void;

  /** The camera, section box and kept measures, to save with a pinned note. */
  getViewState(): ViewState;
  setViewState(state: ViewState, options?: AnimateOptions): void;
}
