/**
 * The part of the viewer engine that machines drive, a narrower interface the engine satisfies
 * (its values are the viewer's vocabulary, model/viewerVocabulary.ts, as the engine's are), and the slot through which a screen hands its engine, created lazily by the canvas, to
 * the machine actors that need it.
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
} from '../../model/viewerVocabulary';

export interface EnginePort {
  readonly onProgress: Subscribable<LoadProgress>;
  readonly onPick: Subscribable<PickEvent>;
  readonly onMeasure: Subscribable<Measurement>;
  readonly onUserCameraMove: Subscribable<void>;
  readonly onClippingChange: Subscribable<ClippingState>;
  readonly onVisibilityChange: Subscribable<VisibilityChange>;
  /** The render mode or the exploded factor changed (a saved view restored, say). */
  readonly onDisplayChange: Subscribable<DisplayState>;
  readonly onSectionBoxChange: Subscribable<SectionBoxState>;
  readonly onWorkshopMeasures: Subscribable<WorkshopMeasures>;
  load(url: string, options?: { signal?: AbortSignal }): Promise<ModelInfo>;
  setRenderMode(mode: RenderMode): void;
  getRenderMode(): RenderMode;
  getModel(): ModelInfo | null;
  setUnit(unit: DistanceUnit): void;
  setClipping(settings: Partial<ClippingSettings>): ClippingState;
  getClipping(): ClippingState;
  setMeasureActive(active: boolean): void;
  clearMeasure(): void;
  getMeasurement(): Measurement;
  /** Shows a measurement between two world points (metres); null clears it. */
  showMeasurement(points: readonly [Vec3, Vec3] | null): void;
  setCameraView(view: CameraView, options?: AnimateOptions): void;
  resetCamera(options?: AnimateOptions): void;
  setSelection(ids: readonly string[]): void;
  /** Frames these parts (zoom to fit). */
  zoomToFit(ids?: readonly string[]): void;
  isolate(ids: readonly string[], options?: { moveCamera?: boolean }): void;
  show(ids: readonly string[]): void;
  hide(ids: readonly string[]): void;
  showAll(): void;
  /** The parts that carry geometry, shown and hidden. */
  getPartVisibility(): { shown: string[]; hidden: string[] };
  flash(ids: readonly string[]): void;
  stopFlash(): void;
  /** The exploded view, 0 (as built) to 1. */
  setExplode(factor: number): void;
  getExplode(): number;
  /** Canvas edges covered by the viewer's own panels and controls: framing keeps the model in the rest. */
  setFrameInsets(insets: FrameInsets): void;
  /** Colours parts of a revision comparison (`{}` removes the colours). */
  setTints(tints: Partial<Record<PartTint, readonly string[]>>): void;
  hasUserMovedCamera(): boolean;
  getCameraState(): CameraState;
  setCameraState(state: CameraState, options?: AnimateOptions): void;
  /** Development builds: the debug camera (SPEC §9). */
  setDebugCamera(enabled: boolean): void;
  setSectionBox(settings: SectionBoxSettings): SectionBoxState;
  sectionAround(ids?: readonly string[], options?: { wholeCabinet?: boolean }): SectionBoxState;
  getSectionBox(): SectionBoxState;
  setWorkshopTool(tool: WorkshopMeasureKind | null): void;
  measureOverall(ids?: readonly string[], options?: { wholeCabinet?: boolean }): WorkshopMeasure | null;
  keepMeasure(): string | null;
  clearWorkshopMeasure(id?: string): void;
  getWorkshopMeasures(): WorkshopMeasures;
  /** The camera, section box and kept measures together (a note's view brought back). */
  setViewState(state: ViewState, options?: AnimateOptions): void;
  setLengthFormat(format: LengthFormat): void;
  /** Canvas pixel of a world point (for labels of dimension lines). */
  project(point: Vec3): { x: number; y: number; inView: boolean };
}

/** Holds one screen's engine: set by the canvas once created, awaited by the actors. */
export interface EngineSlot {
  set(engine: EnginePort | null): void;
  /** The engine could not be created (no WebGL): waiting actors fail. */
  fail(reason: unknown): void;
  get(): EnginePort | null;
  /** Resolves with the engine once the canvas has created it. */
  ready(): Promise<EnginePort>;
}

export function createEngineSlot(): EngineSlot {
  let engine: EnginePort | null = null;
  let waiters: Array<{ resolve(engine: EnginePort): void; reject(reason: unknown): void }> = [];
  let failure: { reason: unknown } | null = null;
  return {
    set(next) {
      engine = next;
      if (next) {
        const pending = waiters;
        waiters = [];
        pending.forEach((waiter) => waiter.resolve(next));
      }
    },
    fail(reason) {
      failure = { reason };
      const pending = waiters;
      waiters = [];
      pending.forEach((waiter) => waiter.reject(reason));
    },
    get: () => engine,
    ready: () =>
      engine
        ? Promise.resolve(engine)
        : failure
          ? Promise.reject(failure.reason)
          : new Promise((resolve, reject) => waiters.push({ resolve, reject })),
  };
}
