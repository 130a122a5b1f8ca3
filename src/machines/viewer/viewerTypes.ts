/**
 * The viewer's values as machines and views name them. They mirror the engine's public types
 * structurally (machines and views may not import the engine), so the engine satisfies
 * `EnginePort` without any adapter.
 */
import type { DistanceUnit } from '../../api/schemas';
import type { PartSize } from '../../api/partName';
import type { LengthFormat } from '../../api/lengthFormat';

export type { PartSize };

export const RENDER_MODES = ['solid', 'xray', 'wireframe', 'illustration'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

export const CAMERA_VIEWS = ['free', 'top', 'bottom', 'left', 'right', 'front', 'back'] as const;
export type CameraView = (typeof CAMERA_VIEWS)[number];

export const AXES = ['x', 'y', 'z'] as const;
export type Axis = (typeof AXES)[number];
export type Vec3 = readonly [number, number, number];

export type LoadPhase = 'model' | 'resources' | 'renderModes';

export interface LoadProgress {
  phase: LoadPhase;
  progress: number;
  overall: number;
}

export interface PartNode {
  id: string;
  name: string;
  rawName: string;
  children: string[];
  parent: string | null;
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
  partCount: number;
}

export interface ClippingSettings {
  enabled: boolean;
  axis: Axis;
  inverted: boolean;
  position: number;
}

export interface ClippingState extends ClippingSettings {
  unit: DistanceUnit;
  max: number;
  step: number;
}

export interface Measurement {
  points: readonly unknown[];
  unit: DistanceUnit;
  vector: Vec3 | null;
  length: number | null;
}

export interface PickEvent {
  partId: string | null;
  /** World position of the hit in metres (the engine gives it; null on empty space). */
  point?: Vec3 | null;
}

/** The right-toolbar panels of SPEC §2 and the parts list (only one open at a time). */
export const TOOL_PANELS = ['render', 'comments', 'attachment', 'measure', 'clipping', 'parts'] as const;
export type ToolPanel = (typeof TOOL_PANELS)[number];

export { ALL_SHARE_OPTIONS } from '../../api/schemas';
export { SIZE_LABELS } from '../../api/partName';
export { convertDistance } from '../../api/units';

export interface Bounds {
  min: Vec3;
  max: Vec3;
}

/** The section box (mirrors the engine's). */
export interface SectionBoxState {
  enabled: boolean;
  box: Bounds;
  around: string[] | null;
}

/** The measure panel's tools: two points (SPEC), the gap between parallel faces, an angle, overall dimensions. */
export const MEASURE_KINDS = ['points', 'faceDistance', 'angle', 'overall'] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];
export type WorkshopMeasureKind = Exclude<MeasureKind, 'points'>;

/** A workshop measure as views read it (mirrors the engine's): metres, degrees. */
export interface WorkshopMeasure {
  id: string;
  kind: WorkshopMeasureKind;
  faces: readonly unknown[];
  edges: readonly unknown[];
  value: number | null;
  size: Vec3 | null;
  partIds: string[] | null;
  problem: 'notParallel' | null;
  lines: ReadonlyArray<{ from: Vec3; to: Vec3; value: number; kind: 'length' | 'angle'; axis?: Axis }>;
}

export interface WorkshopMeasures {
  tool: WorkshopMeasureKind | null;
  current: WorkshopMeasure | null;
  kept: WorkshopMeasure[];
  format: LengthFormat;
}

export type { LengthFormat };
export { LENGTH_FORMATS, fractionOfFormat } from '../../api/lengthFormat';
