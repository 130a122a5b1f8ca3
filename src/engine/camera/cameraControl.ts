/**
 * The camera commands of the engine: views, reset, framing parts, stored states, the debug
 * camera, and the two facts the rest of the viewer asks about: whether the user moved the view
 * (then resizes and loads leave it alone) and what the engine last framed (kept framed when the
 * canvas changes shape).
 */
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import type { Scene } from '@babylonjs/core/scene';
import type { Emitter } from '../emitter';
import type { ModelView } from '../scene/modelView';
import { type Bounds, CAMERA_VIEWS, type CameraState, type CameraView, type FrameInsets, type Vec3 } from '../types';
import type { CameraRig } from './cameraRig';

interface CameraControlDeps {
  engine: AbstractEngine;
  scene: Scene;
  canvas: HTMLCanvasElement | null;
  rig: CameraRig;
  model: () => ModelView | null;
  onUserCameraMove: Emitter<void>;
  requestRender: () => void;
  /** The clock animations run on (milliseconds). */
  now: () => number;
}

export class CameraControl {
  private userMoved = false;
  /** What the camera was last framed on by the engine itself; kept framed when the canvas resizes. */
  private framed: Bounds | null = null;

  constructor(private readonly deps: CameraControlDeps) {}

  get hasUserMoved(): boolean {
    return this.userMoved;
  }

  /** The user turned, zoomed or framed the view: an animation stops, and resizes leave the view alone. */
  markUserMoved(): void {
    this.deps.rig.cancelAnimation();
    this.userMoved = true;
    this.deps.onUserCameraMove.emit();
  }

  /** A new model: the view keeps its direction and frames the whole model at once. */
  modelLoaded(bounds: Bounds): void {
    this.userMoved = false;
    this.framed = bounds;
    this.deps.rig.setView(this.deps.rig.getView(), bounds, false, this.deps.now());
  }

  /** Goes on from a view the user turned before the engine had the model (a link's first frame). */
  continueFrom(state: CameraState): void {
    this.framed = null;
    this.userMoved = true;
    this.deps.rig.setState(state, false, this.deps.now());
  }

  /** Frames the given parts (every visible part without ids). */
  frame(ids: readonly string[] | undefined, animate: boolean): void {
    const model = this.deps.model();
    if (!model) return;
    const bounds = ids ? model.boundsOf(model.partsOf(ids)) : model.boundsOf();
    if (bounds) this.fit(bounds, animate);
    this.deps.requestRender();
  }

  /** Frames a box of the scene (the section box put around a cabinet). */
  frameBox(bounds: Bounds, animate: boolean): void {
    this.userMoved = false;
    this.fit(bounds, animate);
    this.deps.requestRender();
  }

  /** Frames what is visible after an isolation. */
  frameVisible(): void {
    const bounds = this.deps.model()?.boundsOf();
    if (bounds) this.fit(bounds, true);
  }

  /** Whether every corner of the visible parts' bounds is on the canvas. */
  visibleInView(): boolean {
    const bounds = this.deps.model()?.boundsOf();
    if (!bounds) return true;
    const { min, max } = bounds;
    for (let i = 0; i < 8; i++) {
      if (!this.project([i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]]).inView) return false;
    }
    return true;
  }

  /** The viewer's controls now cover these canvas edges: later framings avoid them, and a view the user has not moved is framed again. */
  setInsets(insets: FrameInsets): void {
    this.deps.rig.setInsets(insets);
    this.refit();
    this.deps.requestRender();
  }

  /** The canvas changed shape: a view the user has not moved stays framed on what it showed. */
  refit(): void {
    if (this.framed && !this.userMoved && this.deps.model()) this.deps.rig.fit(this.framed, this.deps.rig.isAnimating(), this.deps.now());
  }

  /** A preset frames the visible model: panels and resizes keep it framed until the user moves the view again. */
  setView(view: CameraView, animate: boolean): void {
    if (!CAMERA_VIEWS.includes(view)) return;
    this.userMoved = false;
    this.framed = this.visibleBounds();
    this.deps.rig.setView(view, this.framed, animate, this.deps.now());
    this.deps.requestRender();
  }

  reset(animate: boolean): void {
    this.userMoved = false;
    this.framed = this.visibleBounds();
    this.deps.rig.setView(this.deps.rig.getView(), this.framed, animate, this.deps.now());
    this.deps.requestRender();
  }

  setState(state: CameraState, animate: boolean, durationMs?: number): void {
    if (state?.version !== 1 || !CAMERA_VIEWS.includes(state.view)) return;
    this.framed = null; // a stored view is shown as it was stored
    this.deps.rig.setState(state, animate, this.deps.now(), durationMs);
    this.deps.requestRender();
  }

  setDebug(enabled: boolean): void {
    this.deps.rig.setDebug(enabled);
    this.deps.requestRender();
  }

  /** A world point in canvas pixels, and whether it is in view. */
  project(point: Vec3): { x: number; y: number; inView: boolean } {
    const { engine, canvas, rig } = this.deps;
    const engineWidth = engine.getRenderWidth();
    const engineHeight = engine.getRenderHeight();
    const viewport = rig.camera.viewport.toGlobal(engineWidth, engineHeight);
    // The camera's own matrices, not the scene's copy of the last frame: right after a camera move,
    // before any frame, points project where the next frame will draw them.
    const transform = rig.camera.getViewMatrix().multiply(rig.camera.getProjectionMatrix());
    const p = Vector3.Project(new Vector3(point[0], point[1], point[2]), Matrix.IdentityReadOnly, transform, viewport);
    const scale = engine.getHardwareScalingLevel();
    const x = p.x * scale;
    const y = p.y * scale;
    const rect = canvas?.getBoundingClientRect();
    const inView = p.z >= 0 && p.z <= 1 && x >= 0 && y >= 0 && x <= (rect?.width ?? engineWidth) && y <= (rect?.height ?? engineHeight);
    return { x, y, inView };
  }

  private fit(bounds: Bounds, animate: boolean): void {
    this.framed = bounds;
    this.deps.rig.fit(bounds, animate, this.deps.now());
  }

  private visibleBounds(): Bounds | null {
    const model = this.deps.model();
    return model?.boundsOf() ?? model?.info.bounds ?? null;
  }
}
