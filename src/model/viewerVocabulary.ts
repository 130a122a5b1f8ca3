/**
 * The viewer's words, declared once: the values the engine reports and takes, the machines and
 * views name, a link's first frame draws with and the server stores (a pinned note's view, the
 * poster). Plain types and constants, no Babylon, React or XState; the engine's `types.ts` and the
 * machines' `viewerTypes.ts` re-export them, and the contract (src/api) builds its schemas on them.
 */

export const DISTANCE_UNITS = ['mm', 'in'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** How measured lengths are written: millimetres, or inches to 1/16, 1/32 or 1/64 (model/units/lengthFormat.ts). */
export const LENGTH_FORMATS = ['mm', 'in16', 'in32', 'in64'] as const;
export type LengthFormat = (typeof LENGTH_FORMATS)[number];
/** The fractions of an inch a user may choose for workshop measures (a user setting; none set follows 1/16). */
export const INCH_FRACTIONS = [16, 32, 64] as const;
export type InchFraction = (typeof INCH_FRACTIONS)[number];

/** A part's size parsed from its encoded name (model/parts/partName.ts), with the labels of its three values. */
export interface PartSize {
  unit: DistanceUnit;
  values: number[];
  labels: readonly [string, string, string];
}

export const RENDER_MODES = ['solid', 'xray', 'wireframe', 'illustration'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

export const CAMERA_VIEWS = ['free', 'top', 'bottom', 'left', 'right', 'front', 'back'] as const;
export type CameraView = (typeof CAMERA_VIEWS)[number];

export const AXES = ['x', 'y', 'z'] as const;
export type Axis = (typeof AXES)[number];

export type Vec3 = readonly [number, number, number];

/** Axis-aligned bounds in metres (model space: X width, Y up, Z towards the front). */
export interface Bounds {
  min: Vec3;
  max: Vec3;
}

/** A camera placement, stored per notice step and restored later. */
export interface CameraState {
  version: 1;
  view: CameraView;
  position: Vec3;
  target: Vec3;
  /** Half of the visible height for orthographic views; null in the free view. */
  orthoHalfHeight: number | null;
}

export type Unsubscribe = () => void;

export interface Subscribable<T> {
  subscribe(listener: (value: T) => void): Unsubscribe;
}

export interface AnimateOptions {
  /** Animate over 1000 ms (default true). */
  animate?: boolean;
  /** The animation's length where not the default 1000 ms (a followed presenter's camera: short steps that chain smoothly). */
  durationMs?: number;
}

/** Canvas edges the viewer's own panels and controls cover, CSS pixels: framing keeps the model in the rest. */
export interface FrameInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** How a revision comparison colours a part of the newer model. */
export type PartTint = 'added' | 'changed';

/** The three loading steps of SPEC §4: loading model, loading resources, processing render modes. */
export type LoadPhase = 'model' | 'resources' | 'renderModes';

export interface LoadProgress {
  phase: LoadPhase;
  /** Progress of this phase, 0..1. */
  progress: number;
  /** Progress of the whole load, the three phases weighted equally, 0..1. */
  overall: number;
  /** Bytes received so far and the expected total (0 when unknown); set in the `model` phase. */
  loadedBytes?: number;
  totalBytes?: number;
}

/** One node of the part hierarchy (SPEC §3 "Model hierarchy node"). */
export interface PartNode {
  /** Stable id: the glTF node index, as a string. */
  id: string;
  /** Display name parsed from the encoded name. */
  name: string;
  /** The encoded name as stored in the model. */
  rawName: string;
  children: string[];
  parent: string | null;
  /** Height/depth/width for cabinets (nodes with children), length/thickness/width for panels. */
  size: PartSize | null;
  additionalInfo: string | null;
  isVisible: boolean;
}

export interface PartTree {
  roots: string[];
  nodes: Record<string, PartNode>;
}

export interface ModelInfo {
  tree: PartTree;
  /** Number of nodes that carry geometry. */
  partCount: number;
  bounds: Bounds;
}

export interface ClippingSettings {
  enabled: boolean;
  axis: Axis;
  inverted: boolean;
  /** Distance from the model's minimum along `axis`, in the current distance unit. */
  position: number;
}

export interface ClippingState extends ClippingSettings {
  unit: DistanceUnit;
  /** The model's size along `axis` in `unit`: `position` is clamped to 0..max. */
  max: number;
  /** Slider step: 0.1 for mm, 0.001 for in. */
  step: number;
}

export type SnapKind = 'vertex' | 'edge' | 'surface';

export interface MeasurePoint {
  /** World position in metres. */
  position: Vec3;
  snap: SnapKind;
  partId: string | null;
}

export interface Measurement {
  /** 0, 1 or 2 points; a third click starts a new measurement with one point. */
  points: readonly MeasurePoint[];
  unit: DistanceUnit;
  /** b - a in `unit`, rounded (mm to 1 decimal, in to 3); null until two points exist. */
  vector: Vec3 | null;
  /** |b - a| in `unit`, rounded; null until two points exist. */
  length: number | null;
}

/** The render mode and the exploded factor (0: as built, 1: fully apart). */
export interface DisplayState {
  renderMode: RenderMode;
  explode: number;
}

export interface PickEvent {
  /** The picked part, or null when the click hit empty space. */
  partId: string | null;
  /** World position of the hit in metres. */
  point: Vec3 | null;
}

export interface VisibilityChange {
  /** Every node whose visibility changed, with its new value. */
  changes: ReadonlyArray<{ id: string; isVisible: boolean }>;
}

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

/** The dark surface the model is drawn on (the canvas, the link's first frame, the poster, the page behind it), sRGB. */
export const VIEWER_BACKGROUND = '#18181b';
/** The same colour as 8-bit sRGB channels. */
export const VIEWER_BACKGROUND_BYTES: readonly [number, number, number] = [0x18, 0x18, 0x1b];
/** The same colour as 0..1 channels, as WebGL's clear colour takes it. */
export const VIEWER_BACKGROUND_RGB: readonly [number, number, number] = [0x18 / 255, 0x18 / 255, 0x1b / 255];

/** A revision's poster: the project card's picture and the link's Open Graph image (1.91:1). */
export const POSTER_SIZE = { width: 1200, height: 630 } as const;
/** The same picture for the project cards of a wide screen (six to a row). */
export const SMALL_POSTER_SIZE = { width: 480, height: 252 } as const;
