/**
 * The viewer's values as machines and views name them: the viewer's vocabulary (the same
 * declarations the engine uses, model/viewerVocabulary.ts) and the words of the machines' own
 * panels and tools.
 */
import { WORKSHOP_MEASURE_KINDS } from '../../model/viewerVocabulary';

export type {
  CameraState,
  CameraView,
  ClippingSettings,
  ClippingState,
  LengthFormat,
  LoadPhase,
  LoadProgress,
  Measurement,
  ModelInfo,
  PartNode,
  PartTree,
  PickEvent,
  RenderMode,
  SectionBoxState,
  Vec3,
  WorkshopMeasure,
  WorkshopMeasureKind,
  WorkshopMeasures,
} from '../../model/viewerVocabulary';
export { AXES, CAMERA_VIEWS, RENDER_MODES } from '../../model/viewerVocabulary';

/** The right-toolbar panels of SPEC §2 and the parts list (only one open at a time). */
export const TOOL_PANELS = ['render', 'comments', 'attachment', 'measure', 'clipping', 'parts'] as const;
export type ToolPanel = (typeof TOOL_PANELS)[number];

export { convertDistance } from '../../model/units/units';

/** The measure panel's tools: two points (SPEC), and the workshop measures. */
export const MEASURE_KINDS = ['points', ...WORKSHOP_MEASURE_KINDS] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

export { LENGTH_FORMATS, fractionOfFormat } from '../../model/units/lengthFormat';
