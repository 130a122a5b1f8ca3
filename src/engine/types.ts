/**
 * Public types of the viewer engine. This file imports nothing from Babylon, so that views and
 * machines can name the engine's values without loading the engine's chunk. The values themselves
 * are the viewer's vocabulary (model/viewerVocabulary.ts), shared with the machines and the server.
 */
import type { EnginePort } from '../model/enginePort';
import type { AnimateOptions, CameraView, DistanceUnit, MeasurePoint, PickEvent, RenderMode, Subscribable, Vec3 } from '../model/viewerVocabulary';
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
  /** Parts drawn at their fine level when the view rests (all of them once a model within the fine budget is refined). */
  refinedParts: number;
  /** Whether batches at a finer detail are being built (between frames) to be swapped in. */
  refining: boolean;
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
  /** Fine triangles drawn at most: beyond, only the parts shown, when they fit (default 3,000,000; scene/fineBudget.ts). */
  fineTriangleBudget?: number;
  /**
   * The canvas already shows the model (a shared link's first frame, whose WebGL context the engine
   * took over): no frame is drawn until the first load has its own, so the picture never blanks.
   */
  keepPicture?: boolean;
}

export interface FlashOptions {
  /** Default 3000 ms (SPEC §9). */
  durationMs?: number;
  /** Default 500 ms (SPEC §9). */
  tickMs?: number;
}

/**
 * The engine: the commands and events machines and views drive (`EnginePort`, in the viewer's
 * vocabulary), the workshop tools, and what only the canvas host, the test page and tests use.
 */
export interface ViewerEngine extends EnginePort, WorkshopEngine {
  readonly onOrientation: Subscribable<AxesOrientation>;
  /** The picture moved: the camera, the canvas size or the exploded view (to place labels over the view). */
  readonly onViewChange: Subscribable<void>;

  getUnit(): DistanceUnit;
  isMeasureActive(): boolean;
  /** Adds a measure point as a click at canvas pixel (x, y) would; returns the snapped point or null. */
  measureAt(x: number, y: number): MeasurePoint | null;
  /** The snapped point the pointer hovers, or a held finger aims at, while measuring; else null. */
  getMeasureHover(): MeasurePoint | null;

  getCameraView(): CameraView;
  zoomToFit(ids?: readonly string[], options?: AnimateOptions): void;
  /** Part id under canvas pixel (x, y), or null. */
  pickAt(x: number, y: number): PickEvent;
  flash(ids: readonly string[], options?: FlashOptions): void;

  /** Draws the orientation gizmo into this 2D canvas on every camera change (null detaches). */
  setOrientationGizmo(canvas: HTMLCanvasElement | null): void;
  /** Call when the canvas size changed (a ResizeObserver does it when the engine owns the canvas). */
  resize(): void;
  requestRender(): void;
  getStats(): EngineStats;
  dispose(): void;
}
