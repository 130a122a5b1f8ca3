/**
 * The part of the viewer engine that machines and views drive, in the viewer's vocabulary: the
 * engine's own interface (`ViewerEngine`, src/engine/types.ts) extends it with what only the
 * canvas host and tests use, so each command is declared once and the engine is an `EnginePort`
 * by declaration, not by a shape kept in step by hand.
 */
import type {
  AnimateOptions,
  CameraState,
  CameraView,
  ClippingSettings,
  ClippingState,
  DisplayState,
  DistanceUnit,
  FrameInsets,
  LengthFormat,
  LoadProgress,
  Measurement,
  ModelInfo,
  PartTint,
  PickEvent,
  RenderMode,
  SectionBoxSettings,
  SectionBoxState,
  Subscribable,
  Vec3,
  ViewState,
  VisibilityChange,
  WorkshopMeasure,
  WorkshopMeasureKind,
  WorkshopMeasures,
} from './viewerVocabulary';

/** The section box, the workshop measures and the view state, as the machines drive them. */
export interface WorkshopPort {
  readonly onSectionBoxChange: Subscribable<SectionBoxState>;
  readonly onWorkshopMeasures: Subscribable<WorkshopMeasures>;

  /** Turns the section box on or off or sets its box (clamped to the model, at least 1 mm thick). */
  setSectionBox(settings: SectionBoxSettings): SectionBoxState;
  /**
   * Puts the section box around these parts (and their descendants), or around the visible model,
   * and turns it on; `wholeCabinet` widens each part to its cabinet (its top-level group): "cut
   * around this cabinet" from any of its parts; `frame` frames the camera on the box. Workshop
   * measures that reach outside the new box are cleared (what they measured is cut away).
   */
  sectionAround(ids?: readonly string[], options?: { wholeCabinet?: boolean; frame?: boolean }): SectionBoxState;
  getSectionBox(): SectionBoxState;

  /** The workshop measure tool clicks use (null: none; the point measure keeps its own switch). */
  setWorkshopTool(tool: WorkshopMeasureKind | null): void;
  /** Overall dimensions of these parts (and descendants; `wholeCabinet`: of their cabinets), or of the visible model; becomes the current measure. */
  measureOverall(ids?: readonly string[], options?: { wholeCabinet?: boolean }): WorkshopMeasure | null;
  /** Keeps the current workshop measure on screen; returns its id. */
  keepMeasure(): string | null;
  /** Clears one kept measure, or the current one with its id; without an id clears the current one. */
  clearWorkshopMeasure(id?: string): void;
  getWorkshopMeasures(): WorkshopMeasures;
  /** How measures are reported in texts: mm or inch fractions (the engine reports metres and degrees). */
  setLengthFormat(format: LengthFormat): void;

  /** Brings back the camera, section box and kept measures a pinned note saved. */
  setViewState(state: ViewState, options?: AnimateOptions): void;
}

export interface EnginePort extends WorkshopPort {
  readonly onProgress: Subscribable<LoadProgress>;
  readonly onPick: Subscribable<PickEvent>;
  readonly onMeasure: Subscribable<Measurement>;
  /** Fires when the user moves the camera (drag, wheel, touch), never for programmatic moves. */
  readonly onUserCameraMove: Subscribable<void>;
  readonly onClippingChange: Subscribable<ClippingState>;
  readonly onVisibilityChange: Subscribable<VisibilityChange>;
  /** The render mode or the exploded factor changed (by any caller: a saved view restored, say). */
  readonly onDisplayChange: Subscribable<DisplayState>;

  load(url: string, options?: { signal?: AbortSignal }): Promise<ModelInfo>;
  getModel(): ModelInfo | null;

  setRenderMode(mode: RenderMode): void;
  getRenderMode(): RenderMode;

  setUnit(unit: DistanceUnit): void;

  setClipping(settings: Partial<ClippingSettings>): ClippingState;
  getClipping(): ClippingState;

  setMeasureActive(active: boolean): void;
  clearMeasure(): void;
  getMeasurement(): Measurement;
  /** Shows a measurement between two world points (metres), e.g. a saved view's; null clears it. */
  showMeasurement(points: readonly [Vec3, Vec3] | null): void;

  setCameraView(view: CameraView, options?: AnimateOptions): void;
  /** Frames the visible parts (zoom to fit, margin 1.25; 9% in orthographic views). */
  resetCamera(options?: AnimateOptions): void;
  /** Frames these parts (zoom to fit). */
  zoomToFit(ids?: readonly string[]): void;
  hasUserMovedCamera(): boolean;
  getCameraState(): CameraState;
  setCameraState(state: CameraState, options?: AnimateOptions): void;
  /** Development builds: the debug camera (SPEC §9). */
  setDebugCamera(enabled: boolean): void;

  /** Highlights these parts (selection is owned by the caller; the engine only shows it). */
  setSelection(ids: readonly string[]): void;
  /** Canvas pixel (CSS pixels) of a world point, e.g. to place a measurement label. */
  project(point: Vec3): { x: number; y: number; inView: boolean };

  /**
   * Shows only these parts; `moveCamera` frames them (default true). With their descendants unless
   * `descendants` is false: then only the listed nodes' own geometry stays (a comparison's changes).
   */
  isolate(ids: readonly string[], options?: { moveCamera?: boolean; descendants?: boolean }): void;
  /** The parts that carry geometry, shown and hidden. */
  getPartVisibility(): { shown: string[]; hidden: string[] };
  show(ids: readonly string[]): void;
  hide(ids: readonly string[]): void;
  showAll(): void;
  flash(ids: readonly string[]): void;
  stopFlash(): void;
  /**
   * Canvas edges the viewer's own panels and controls cover (CSS pixels): every framing (reset,
   * views, isolation, zoom to fit) keeps the model inside the rest, and a view the user has not
   * moved is framed again at once.
   */
  setFrameInsets(insets: FrameInsets): void;
  /**
   * The exploded view (0: as built, 1: fully apart): cabinets move apart from the assembly's centre,
   * then each cabinet's parts from the cabinet's centre. Picking, framing, highlights and new
   * measurements follow the exploded positions; a measurement taken before is cleared. Back to 0 on a new model.
   */
  setExplode(factor: number): void;
  getExplode(): number;
  /**
   * Colours parts by kind of change (a revision comparison): each listed node's own geometry, not
   * its descendants'; `{}` removes the colours. Cleared by a new model.
   */
  setTints(tints: Partial<Record<PartTint, readonly string[]>>): void;
  /**
   * Draws parts in other colours (the finishes a client chose): a finish (`#rrggbb`, or
   * `#rrggbb url(<texture address>)` for a texture: model/quote/quoteTexture.ts) -> node ids, each
   * node's geometry and its descendants', lit and opaque, in the solid render mode (a texture shows
   * once it has arrived, its colour until then); `{}` gives the parts their own colours back. No reload: the model's own meshes stay. Kept for a model loaded later (colours chosen
   * before the model arrived apply to it).
   */
  setPartColours(colours: Readonly<Record<string, readonly string[]>>): void;
}
