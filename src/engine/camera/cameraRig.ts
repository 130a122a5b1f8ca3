/**
 * The viewer camera: one ArcRotateCamera, perspective in the free view and orthographic in the six
 * canonical views, with zoom-to-fit, animated moves, state store/restore and the debug settings.
 */
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { Camera } from '@babylonjs/core/Cameras/camera';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import type { Bounds, CameraState, CameraView, FrameInsets, Vec3 } from '../types';
import {
  anglesOf,
  boundsCenter,
  CAMERA_ANIMATION_MS,
  CAMERA_SETTINGS,
  type CameraSettings,
  DEBUG_CAMERA_SETTINGS,
  degreesToRadians,
  directionOf,
  fitDistance,
  fitOrthoHalfHeight,
  FREE_ANGLES,
  nearFor,
  openingAngles,
  isOrthographic,
  POLE_EPSILON,
  projectedHalfExtents,
  START_POSITION,
  VIEW_ANGLES,
  type ViewAngles,
} from './cameraMath';
import { coasting, configureControls, stopInertia } from './cameraControls';
import { centredInFreeArea, freeArea, NO_INSETS } from './freeArea';
import { CameraTween, type Placement, placement } from './cameraTween';
import { panCamera, wheelZoomCamera } from './cameraGestures';

export class CameraRig {
  readonly camera: ArcRotateCamera;
  private view: CameraView = 'free';
  private settings: CameraSettings = CAMERA_SETTINGS;
  private halfHeight = 1;
  /** Canvas edges covered by the viewer's own controls and panels (CSS pixels): framing keeps the model in the rest. */
  private insets: FrameInsets = NO_INSETS;
  private readonly tween = new CameraTween();
  private readonly scratch = placement();

  constructor(
    private readonly scene: Scene,
    private readonly canvas: HTMLCanvasElement | null,
    debug: boolean,
  ) {
    const [x, y, z] = START_POSITION;
    const start = anglesOf(START_POSITION, [0, 0, 0]);
    this.camera = new ArcRotateCamera('camera', start.alpha, start.beta, start.radius, new Vector3(0, 0, 0), scene);
    this.camera.setPosition(new Vector3(x, y, z));
    configureControls(this.camera);
    this.applySettings(debug ? DEBUG_CAMERA_SETTINGS : CAMERA_SETTINGS);
    if (canvas) {
      this.camera.attachControl(false);
    }
  }

  getView(): CameraView {
    return this.view;
  }

  isAnimating(): boolean {
    return this.tween.active;
  }

  /** True while inertia is still moving the camera. */
  isCoasting(): boolean {
    return coasting(this.camera);
  }

  setDebug(debug: boolean): void {
    this.applySettings(debug ? DEBUG_CAMERA_SETTINGS : CAMERA_SETTINGS);
    this.updateProjection();
  }

  private applySettings(settings: CameraSettings): void {
    this.settings = settings;
    this.camera.fov = degreesToRadians(settings.fovDeg);
    this.camera.minZ = settings.near;
    this.camera.maxZ = settings.far;
  }

  private aspect(): number {
    const engine = this.scene.getEngine();
    return engine.getAspectRatio(this.camera) || 1;
  }

  /** Canonical angles of `view` (the free view starts looking from 0,0,3). */
  static anglesOf(view: CameraView): ViewAngles {
    return view === 'free' ? FREE_ANGLES : VIEW_ANGLES[view];
  }

  /** Keeps framing inside the canvas minus these edges (a free area of at least 40% each way). */
  setInsets = (insets: FrameInsets): void => void (this.insets = insets);

  /** The placement that frames `bounds` in `view` seen from `angles`, inside the free area. */
  framing(view: CameraView, bounds: Bounds, angles: ViewAngles, out: Placement = placement()): Placement {
    const engine = this.scene.getEngine();
    const scale = engine.getHardwareScalingLevel();
    const canvas = { width: engine.getRenderWidth() * scale || 1, height: engine.getRenderHeight() * scale || 1 };
    const free = freeArea(canvas, this.insets);
    const freeAspect = (this.aspect() * free.w) / free.h;
    out.alpha = angles.alpha;
    out.beta = angles.beta;
    if (isOrthographic(view)) {
      const [hw, hh, hd] = projectedHalfExtents(bounds, angles.alpha, angles.beta);
      out.halfHeight = fitOrthoHalfHeight(bounds, angles.alpha, angles.beta, freeAspect, this.settings.orthoOffset) / free.h;
      // Far enough that the whole model lies in front of the near plane.
      out.radius = hd + Math.max(hw, hh, 0.5) + this.settings.near * 2;
    } else {
      const freeFov = free.h === 1 ? this.camera.fov : 2 * Math.atan(Math.tan(this.camera.fov / 2) * free.h);
      out.radius = fitDistance(bounds, angles.alpha, angles.beta, freeFov, freeAspect);
      out.halfHeight = out.radius * Math.tan(this.camera.fov / 2);
    }
    [out.tx, out.ty, out.tz] = centredInFreeArea(boundsCenter(bounds), angles, free, (2 * out.halfHeight) / canvas.height);
    return out;
  }

  /** Switches to `view` from its canonical direction, framing `bounds` when given. */
  setView(view: CameraView, bounds: Bounds | null, animate: boolean, now: number): void {
    // The free view faces a flat model's plane.
    const angles = view === 'free' && bounds ? openingAngles(bounds) : CameraRig.anglesOf(view);
    this.setMode(view);
    let target: Placement;
    if (bounds) target = this.framing(view, bounds, angles);
    else {
      target = this.current(placement());
      target.alpha = angles.alpha;
      target.beta = angles.beta;
    }
    this.moveTo(target, animate, now);
  }

  /** Frames `bounds` keeping the current view and direction. */
  fit(bounds: Bounds, animate: boolean, now: number): void {
    const angles = { alpha: this.camera.alpha, beta: this.camera.beta };
    this.moveTo(this.framing(this.view, bounds, angles), animate, now);
  }

  private setMode(view: CameraView): void {
    this.view = view;
    const ortho = isOrthographic(view);
    this.camera.mode = ortho ? Camera.ORTHOGRAPHIC_CAMERA : Camera.PERSPECTIVE_CAMERA;
  }

  private current(out: Placement): Placement {
    const c = this.camera;
    out.alpha = c.alpha;
    out.beta = c.beta;
    out.radius = c.radius;
    out.tx = c.target.x;
    out.ty = c.target.y;
    out.tz = c.target.z;
    out.halfHeight = isOrthographic(this.view) ? this.halfHeight : c.radius * Math.tan(c.fov / 2);
    return out;
  }

  private moveTo(target: Placement, animate: boolean, now: number, durationMs: number = CAMERA_ANIMATION_MS): void {
    stopInertia(this.camera);
    if (animate) {
      this.tween.begin(this.current(this.scratch), target, now, durationMs);
    } else {
      this.tween.active = false;
      this.apply(target);
    }
  }

  private apply(p: Placement): void {
    const c = this.camera;
    c.alpha = p.alpha;
    c.beta = p.beta;
    c.radius = p.radius;
    c.target.copyFromFloats(p.tx, p.ty, p.tz);
    this.halfHeight = p.halfHeight;
    this.updateProjection();
  }

  /** Call before each frame: advances the animation and keeps projection and panning in step. */
  update(now: number): void {
    if (this.tween.active) {
      this.tween.step(now);
      this.apply(this.tween.current);
    }
    this.updateProjection();
  }

  cancelAnimation(): void {
    this.tween.active = false;
  }

  private updateProjection(): void {
    const c = this.camera;
    const ortho = isOrthographic(this.view);
    const aspect = this.aspect();
    // Keep the model in front of the camera and inside the far plane whatever its size.
    c.maxZ = Math.max(this.settings.far, c.radius * 4);
    // A small model framed closer than SPEC's near plane would be cut away: the near plane follows it.
    c.minZ = nearFor(c.radius, this.settings.near);
    if (ortho) {
      c.orthoTop = this.halfHeight;
      c.orthoBottom = -this.halfHeight;
      c.orthoLeft = -this.halfHeight * aspect;
      c.orthoRight = this.halfHeight * aspect;
      c.lowerRadiusLimit = c.radius;
      c.upperRadiusLimit = c.radius;
    } else {
      c.lowerRadiusLimit = 0.01;
      c.upperRadiusLimit = null;
    }
    const visibleHeight = 2 * (ortho ? this.halfHeight : c.radius * Math.tan(c.fov / 2));
    const pixels = this.scene.getEngine().getRenderHeight() || 1;
    c.panningSensibility = pixels / Math.max(visibleHeight, 1e-6);
  }

  /** The world height the view shows at `point` (metres): the orthographic height, or the perspective's at the point's depth. */
  visibleHeightAt(point: readonly [number, number, number]): number {
    const c = this.camera;
    if (isOrthographic(this.view)) return 2 * this.halfHeight;
    const m = c.getViewMatrix().m;
    // Depth along the view direction: the view matrix's third row applied to the point.
    const depth = Math.abs(m[2] * point[0] + m[6] * point[1] + m[10] * point[2] + m[14]);
    return 2 * depth * Math.tan(c.fov / 2);
  }

  /**
   * Zooms by a pinch's spread ratio (above 1: fingers apart, closer): the distance in the free
   * view, the visible height in the orthographic ones.
   */
  zoomBy(factor: number): void {
    if (!(factor > 0) || !Number.isFinite(factor)) return;
    this.tween.active = false;
    if (isOrthographic(this.view)) {
      this.halfHeight /= factor;
    } else {
      const c = this.camera;
      c.radius = Math.max(c.lowerRadiusLimit ?? 0.01, c.radius / factor);
    }
    this.updateProjection();
  }

  /** Moves the view with two fingers: the model follows them by (dx, dy) CSS pixels. */
  panBy(dx: number, dy: number): void {
    if (!Number.isFinite(dx) || !Number.isFinite(dy)) return;
    this.tween.active = false;
    panCamera(this.camera, dx, dy);
    this.updateProjection();
  }

  /**
   * One wheel step over canvas pixel (x, y), about `point` (the model's point under the cursor;
   * null: the point of the plane through the target that the cursor shows): that point stays under
   * the cursor. The free view moves the camera towards it, an orthographic one narrows its height.
   */
  wheelZoom(x: number, y: number, zoomIn: boolean, point: Vec3 | null): void {
    this.tween.active = false;
    const width = this.canvas?.clientWidth || this.scene.getEngine().getRenderWidth() || 1;
    const height = this.canvas?.clientHeight || this.scene.getEngine().getRenderHeight() || 1;
    this.halfHeight = wheelZoomCamera(this.camera, isOrthographic(this.view), this.halfHeight, { x, y, width, height }, zoomIn, point);
    this.updateProjection();
  }

  getState(): CameraState {
    const c = this.camera;
    const d = directionOf(c.alpha, c.beta);
    const t = c.target;
    return {
      version: 1,
      view: this.view,
      position: [t.x + d[0] * c.radius, t.y + d[1] * c.radius, t.z + d[2] * c.radius],
      target: [t.x, t.y, t.z],
      orthoHalfHeight: isOrthographic(this.view) ? this.halfHeight : null,
    };
  }

  setState(state: CameraState, animate: boolean, now: number, durationMs?: number): void {
    const angles = anglesOf(state.position, state.target);
    const target = placement();
    target.alpha = angles.alpha;
    target.beta = Math.min(Math.max(angles.beta, POLE_EPSILON), Math.PI - POLE_EPSILON);
    target.radius = angles.radius;
    [target.tx, target.ty, target.tz] = state.target;
    target.halfHeight = state.orthoHalfHeight ?? angles.radius * Math.tan(this.camera.fov / 2);
    this.setMode(state.view);
    this.moveTo(target, animate, now, durationMs);
  }

  dispose(): void {
    this.camera.detachControl();
    this.camera.dispose();
  }
}
