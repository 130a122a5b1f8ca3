/**
 * Public types of the viewer engine. This file imports nothing from Babylon, so that views and
 * machines can name the engine's values without loading the engine's chunk. The values themselves
 * are the viewer's vocabulary (model/viewerVocabulary.ts), shared with the machines and the server.
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
  LoadProgress,
  MeasurePoint,
  Measurement,
  ModelInfo,
  PartTint,
  PickEvent,
  RenderMode,
  Subscribable,
  Vec3,
  VisibilityChange,
} from '../model/viewerVocabulary';
import type { WorkshopEngine } from './workshopTypes';

export * from '../model/viewerVocabulary';
export type { WorkshopEngine } from './workshopTypes';

/** Screen directions of the world axes for an orientation gizmo (x right, y up, z out of the screen). */
export interface AxesOrientation {
  x: Vec3;
  y: Vec3;
  z: Vec3;
}

export interface EngineStats {
  /** Frames rendered since the engine started. */
  frames: number;
  /** Draw calls of the last rendered frame. */
  drawCalls: number;
  activeMeshes: number;
  /** Milliseconds spent in the last scene.render(). */
  lastFrameMs: number;
  /** The level of detail drawn: the coarse level first on a model that has one, then the fine one (and the coarse one again while a heavy model's view moves). */
  detail: 'coarse' | 'fine' | null;
  /** Triangles of the visible parts at that level (0 without a model). */
  triangles: number;
  /** Frames drawn at the coarse level because the view moved. */
  movingCoarseFrames: number;
}

export interface ViewerEngineOptions {
  /** Use the debug camera (fov 90, near 0.1, far 1000, orthographic offset 1); for development builds. */
  debugCamera?: boolean;
  /** URL of the meshopt decoder script (default: the copy bundled with the app). */
  meshoptDecoderUrl?: string;
  /** Distance unit for measurement and clipping reports (default mm). */
  unit?: DistanceUnit;
  /** Initial render mode (default wireframe, SPEC §4). */
  renderMode?: RenderMode;
  /** Antialiasing when the engine creates its own WebGL context (default true). */
  antialias?: boolean;
  /** The clock camera animations run on, in milliseconds (default `performance.now`). */
  clock?: () => number;
  /** A model of at least this many triangles draws its coarse level while the view moves (default 300,000). */
  coarseWhileMovingFrom?: number;
  /**
   * The canvas already shows the model (a shared link's first frame, whose WebGL context the engine
   * took over): no frame is drawn until the first load has its own, so the picture never blanks.
   */
  keepPicture?: boolean;
}

export interface LoadOptions {
  signal?: AbortSignal;
}

export interface IsolateOptions {
  /** Frame the isolated parts (default true). */
  moveCamera?: boolean;
}

export interface FlashOptions {
  /** Default 3000 ms (SPEC §9). */
  durationMs?: number;
  /** Default 500 ms (SPEC §9). */
  tickMs?: number;
}

export interface ViewerEngine extends WorkshopEngine {
  readonly onProgress: Subscribable<LoadProgress>;
  readonly onPick: Subscribable<PickEvent>;
  readonly onMeasure: Subscribable<Measurement>;
  /** Fires when the user moves the camera (drag, wheel, touch), never for programmatic moves. */
  readonly onUserCameraMove: Subscribable<void>;
  readonly onOrientation: Subscribable<AxesOrientation>;
  readonly onVisibilityChange: Subscribable<VisibilityChange>;
  readonly onClippingChange: Subscribable<ClippingState>;
  /** The render mode or the exploded factor changed (by any caller). */
  readonly onDisplayChange: Subscribable<DisplayState>;
  /** The picture moved: the camera, the canvas size or the exploded view (to place labels over the view). */
  readonly onViewChange: Subscribable<void>;

  load(url: string, options?: LoadOptions): Promise<ModelInfo>;
  getModel(): ModelInfo | null;

  setRenderMode(mode: RenderMode): void;
  getRenderMode(): RenderMode;

  setUnit(unit: DistanceUnit): void;
  getUnit(): DistanceUnit;

  setClipping(settings: Partial<ClippingSettings>): ClippingState;
  getClipping(): ClippingState;

  setMeasureActive(active: boolean): void;
  isMeasureActive(): boolean;
  clearMeasure(): void;
  /** Adds a measure point as a click at canvas pixel (x, y) would; returns the snapped point or null. */
  measureAt(x: number, y: number): MeasurePoint | null;
  getMeasurement(): Measurement;
  /** Shows a measurement between two world points (metres), e.g. a saved view's; null clears it. */
  showMeasurement(points: readonly [Vec3, Vec3] | null): void;
  /** The snapped point the pointer hovers, or a held finger aims at, while measuring; else null. */
  getMeasureHover(): MeasurePoint | null;

  setCameraView(view: CameraView, options?: AnimateOptions): void;
  getCameraView(): CameraView;
  /** Frames the visible parts (zoom to fit, margin 1.25; 9% in orthographic views). */
  resetCamera(options?: AnimateOptions): void;
  zoomToFit(ids?: readonly string[], options?: AnimateOptions): void;
  hasUserMovedCamera(): boolean;
  getCameraState(): CameraState;
  setCameraState(state: CameraState, options?: AnimateOptions): void;
  setDebugCamera(enabled: boolean): void;

  /** Highlights these parts (selection is owned by the caller; the engine only shows it). */
  setSelection(ids: readonly string[]): void;
  /** Part id under canvas pixel (x, y), or null. */
  pickAt(x: number, y: number): PickEvent;
  /** Canvas pixel (CSS pixels) of a world point, e.g. to place a measurement label. */
  project(point: Vec3): { x: number; y: number; inView: boolean };

  isolate(ids: readonly string[], options?: IsolateOptions): void;
  /** The parts that carry geometry, shown and hidden. */
  getPartVisibility(): { shown: string[]; hidden: string[] };
  show(ids: readonly string[]): void;
  hide(ids: readonly string[]): void;
  showAll(): void;
  flash(ids: readonly string[], options?: FlashOptions): void;
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
  /** Colours parts by kind of change (a revision comparison); `{}` removes the colours. Cleared by a new model. */
  setTints(tints: Partial<Record<PartTint, readonly string[]>>): void;

  /** Draws the orientation gizmo into this 2D canvas on every camera change (null detaches). */
  setOrientationGizmo(canvas: HTMLCanvasElement | null): void;
  /** Call when the canvas size changed (a ResizeObserver does it when the engine owns the canvas). */
  resize(): void;
  requestRender(): void;
  getStats(): EngineStats;
  dispose(): void;
}
