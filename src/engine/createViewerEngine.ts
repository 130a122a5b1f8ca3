/**
 * The viewer engine facade: typed commands and observables over a Babylon.js scene, with no UI
 * framework inside. See types.ts for the contract.
 */
import '@babylonjs/core/Culling/ray';
import './scene/shaders';
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { Engine } from '@babylonjs/core/Engines/engine';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import { axesFromView, drawOrientationGizmo } from './camera/orientationGizmo';
import { CameraRig } from './camera/cameraRig';
import { ClippingControl } from './clipping/clippingControl';
import { Emitter } from './emitter';
import { pickOffsets, TOUCH_AIM_OFFSET_PX, TOUCH_PICK_RADIUS_PX } from './input/pickOffsets';
import { PointerInput } from './input/pointerInput';
import { loadModelView, progressReporter } from './load/loadModelView';
import { MeasureMarkers } from './measure/measureMarkers';
import { MeasureControl } from './measure/measureControl';
import { SNAP_DISTANCE, snapPoint } from './measure/measureMath';
import { PartEmphasis } from './parts/emphasis';
import { Highlight } from './parts/highlight';
import { createScene } from './scene/createScene';
import type { ModelView } from './scene/modelView';
import { refreezeMaterials } from './scene/refreezeMaterials';
import { RenderScheduler } from './scene/renderScheduler';
import {
  type AxesOrientation,
  type Bounds,
  CAMERA_VIEWS,
  type CameraView,
  type ClippingState,
  type DistanceUnit,
  type LoadProgress,
  type Measurement,
  type MeasurePoint,
  type PickEvent,
  RENDER_MODES,
  type RenderMode,
  type ViewerEngine,
  type ViewerEngineOptions,
  type VisibilityChange,
} from './types';

function isEngine(target: HTMLCanvasElement | AbstractEngine): target is AbstractEngine {
  return typeof (target as AbstractEngine).getRenderingCanvas === 'function';
}

export function createViewerEngine(target: HTMLCanvasElement | AbstractEngine, options: ViewerEngineOptions = {}): ViewerEngine {
  const ownsEngine = !isEngine(target);
  const engine: AbstractEngine = isEngine(target)
    ? target
    : new Engine(target, options.antialias ?? true, { stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance' }, true);
  const canvas = engine.getRenderingCanvas();
  const { scene, keyLight, clipPlane } = createScene(engine);
  const rig = new CameraRig(scene, canvas, options.debugCamera ?? false);
  const markers = new MeasureMarkers(scene, rig.camera);
  const highlight = new Highlight(scene);
  const clipping = new ClippingControl(clipPlane);

  const onProgress = new Emitter<LoadProgress>();
  const onPick = new Emitter<PickEvent>();
  const onMeasure = new Emitter<Measurement>();
  const onUserCameraMove = new Emitter<void>();
  const onOrientation = new Emitter<AxesOrientation>();
  const onVisibilityChange = new Emitter<VisibilityChange>();
  const onClippingChange = new Emitter<ClippingState>();

  const measure = new MeasureControl(markers, (m) => {
    onMeasure.emit(m);
    requestRender();
  }, () => unit);
  const emphasis = new PartEmphasis(highlight, () => requestRender());

  let model: ModelView | null = null;
  let mode: RenderMode = options.renderMode ?? 'wireframe';
  let unit: DistanceUnit = options.unit ?? 'mm';
  let userMoved = false;
  /** What the camera was last framed on by the engine itself; kept framed when the canvas resizes. */
  let framed: Bounds | null = null;
  let loadCounter = 0;
  let gizmoCanvas: HTMLCanvasElement | null = null;
  let disposed = false;
  const orientation = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };

  const drawCalls = (engine as unknown as { _drawCalls?: { fetchNewFrame(): void; current: number } })._drawCalls;
  let lastDrawCalls = 0;
  scene.onBeforeRenderObservable.add(() => drawCalls?.fetchNewFrame());
  scene.onAfterRenderObservable.add(() => {
    lastDrawCalls = drawCalls?.current ?? 0;
  });
  rig.camera.onViewMatrixChangedObservable.add(() => {
    // The key light follows the camera from a little above; the gizmo follows the view.
    const c = rig.camera;
    keyLight.copyFrom(c.target).subtractInPlace(c.position).normalize();
    keyLight.y -= 0.45;
    keyLight.normalize();
    if (onOrientation.size > 0 || gizmoCanvas) {
      axesFromView(rig.camera.getViewMatrix().m, orientation);
      const axes = orientation as unknown as AxesOrientation;
      if (gizmoCanvas) drawOrientationGizmo(gizmoCanvas, axes);
      onOrientation.emit(axes);
    }
  });

  const scheduler = new RenderScheduler(engine, scene, {
    beforeFrame: (now) => {
      rig.update(now);
      markers.update();
      return rig.isAnimating();
    },
    // Shaders compile asynchronously: keep drawing until every mesh could be drawn.
    afterFrame: () => rig.isCoasting() || rig.isAnimating() || !scene.isReady(false),
  });
  const requestRender = () => scheduler.request();
  const now = () => performance.now();

  const input = canvas
    ? new PointerInput(canvas, {
        activity: requestRender,
        userMovedCamera: markUserMoved,
        // A finger covers several pixels: a tap looks around where it landed (TOUCH_PICK_RADIUS_PX).
        click: (x, y, kind) => {
          const radius = kind === 'touch' ? TOUCH_PICK_RADIUS_PX : 0;
          if (measure.active) addMeasurePoint(x, y, radius);
          else onPick.emit(pickNear(x, y, radius));
        },
        // Measuring by touch: a held finger aims a cross-hair above itself (the finger would hide
        // the point), the snapped point shows as it moves, and lifting the finger places it.
        aimWanted: () => measure.active && model !== null,
        aim: (phase, x, y) => {
          const aimY = y - TOUCH_AIM_OFFSET_PX;
          if (phase === 'start') rig.camera.detachControl();
          if (phase === 'start' || phase === 'move') measure.hover(measureAt(x, aimY));
          if (phase === 'end' || phase === 'cancel') {
            measure.hover(null);
            rig.camera.attachControl(false);
          }
          if (phase === 'end') addMeasurePoint(x, aimY);
          requestRender();
        },
        pinch: (factor) => {
          rig.zoomBy(factor);
          requestRender();
        },
        pan: (dx, dy) => {
          rig.panBy(dx, dy);
          requestRender();
        },
        // A double tap frames the tapped part, as a double click zooms in a map.
        doubleTap: (x, y) => {
          if (measure.active || !model) return;
          const { partId } = pickNear(x, y, TOUCH_PICK_RADIUS_PX);
          if (!partId) return;
          markUserMoved();
          frame([partId], true);
        },
        hover: (x, y) => {
          if (!measure.active || !model) return;
          measure.hover(measureAt(x, y));
          requestRender();
        },
      })
    : null;

  const resizeObserver =
    ownsEngine && canvas && typeof ResizeObserver !== 'undefined'
      ? new ResizeObserver(() => {
          engine.resize();
          // A docked panel or a window resize changes the aspect: a view the user has not moved
          // stays framed on what it showed, rather than cropping its sides.
          if (framed && !userMoved && model) rig.fit(framed, rig.isAnimating(), now());
          requestRender();
        })
      : null;
  resizeObserver?.observe(canvas!);

  const progress = progressReporter((p) => onProgress.emit(p));

  /** The user turned, zoomed or framed the view: an animation stops, and resizes leave the view alone. */
  function markUserMoved(): void {
    rig.cancelAnimation();
    userMoved = true;
    onUserCameraMove.emit();
  }

  /** Frames the given parts (every visible part without ids). */
  function frame(ids: readonly string[] | undefined, animate: boolean): void {
    if (!model) return;
    const bounds = ids ? model.boundsOf(model.partsOf(ids)) : model.boundsOf();
    if (bounds) {
      framed = bounds;
      rig.fit(bounds, animate, now());
    }
    requestRender();
  }

  function ray(x: number, y: number) {
    const r = scene.createPickingRay(x, y, Matrix.Identity(), rig.camera);
    return {
      origin: [r.origin.x, r.origin.y, r.origin.z] as const,
      direction: [r.direction.x, r.direction.y, r.direction.z] as const,
    };
  }

  /**
   * The model's hit under (x, y), else the nearest on rings around it up to `radius` pixels (a
   * finger's tap), tried in that order and no further than the first hit.
   */
  function hitNear(x: number, y: number, radius = 0) {
    if (!model) return null;
    for (const [dx, dy] of pickOffsets(radius)) {
      const { origin, direction } = ray(x + dx, y + dy);
      const hit = model.picker.pick(origin, direction, model.visibility.visible, clipping.coefficients());
      if (hit) return hit;
    }
    return null;
  }

  function pickNear(x: number, y: number, radius = 0): PickEvent {
    const hit = hitNear(x, y, radius);
    return hit && model ? { partId: model.partIds[hit.part], point: hit.point } : { partId: null, point: null };
  }

  function measureAt(x: number, y: number, radius = 0): MeasurePoint | null {
    const hit = hitNear(x, y, radius);
    if (!hit || !model) return null;
    const snapped = snapPoint(hit.point, model.picker.snapCandidates(hit.part), SNAP_DISTANCE);
    return { position: snapped.position, snap: snapped.snap, partId: model.partIds[hit.part] };
  }

  function addMeasurePoint(x: number, y: number, radius = 0): MeasurePoint | null {
    const point = measureAt(x, y, radius);
    if (!point) return null;
    measure.add(point);
    return point;
  }

  function applyVisibilityChanges(changes: VisibilityChange['changes']): void {
    if (!model) return;
    model.syncVisibility(mode);
    emphasis.refresh();
    if (changes.length > 0) onVisibilityChange.emit({ changes });
    requestRender();
  }

  function unloadModel(): void {
    emphasis.setModel(null);
    measure.clear();
    model?.dispose();
    model = null;
  }

  const api: ViewerEngine = {
    onProgress,
    onPick,
    onMeasure,
    onUserCameraMove,
    onOrientation,
    onVisibilityChange,
    onClippingChange,

    async load(url, { signal } = {}) {
      const id = ++loadCounter;
      const view = await loadModelView(url, scene, progress, signal, () => id === loadCounter && !disposed);
      unloadModel();
      model = view;
      emphasis.setModel(model);
      model.syncVisibility(mode);
      clipping.setModel(model.info.bounds);
      onClippingChange.emit(clipping.state(unit));
      userMoved = false;
      framed = model.info.bounds;
      rig.setView(rig.getView(), framed, false, now());
      progress('renderModes', 1);
      scheduler.renderNow();
      requestRender();
      return model.info;
    },

    getModel: () => model?.info ?? null,

    setRenderMode(next) {
      if (!RENDER_MODES.includes(next)) return;
      mode = next;
      model?.modes.apply(mode);
      requestRender();
    },
    getRenderMode: () => mode,

    setUnit(next) {
      if (next !== 'mm' && next !== 'in') return;
      unit = next;
      onClippingChange.emit(clipping.state(unit));
      measure.unitChanged();
    },
    getUnit: () => unit,

    setClipping(settings) {
      const state = clipping.set(settings, unit);
      const plane = state.enabled ? clipPlane : null;
      if (scene.clipPlane !== plane) {
        scene.clipPlane = plane;
        refreezeMaterials(scene);
      }
      onClippingChange.emit(state);
      requestRender();
      return state;
    },
    getClipping: () => clipping.state(unit),

    setMeasureActive: (active) => measure.setActive(active),
    isMeasureActive: () => measure.active,
    clearMeasure: () => measure.clear(),
    measureAt: (x, y) => addMeasurePoint(x, y),
    getMeasurement: () => measure.current(),
    getMeasureHover: () => (measure.active ? measure.hovered : null),

    setCameraView(view, { animate = true } = {}) {
      if (!CAMERA_VIEWS.includes(view)) return;
      framed = model?.boundsOf() ?? model?.info.bounds ?? null;
      rig.setView(view, framed, animate, now());
      requestRender();
    },
    getCameraView: () => rig.getView(),
    resetCamera({ animate = true } = {}) {
      userMoved = false;
      framed = model?.boundsOf() ?? model?.info.bounds ?? null;
      rig.setView(rig.getView(), framed, animate, now());
      requestRender();
    },
    zoomToFit(ids, { animate = true } = {}) {
      frame(ids, animate);
    },
    hasUserMovedCamera: () => userMoved,
    getCameraState: () => rig.getState(),
    setCameraState(state, { animate = true } = {}) {
      if (state?.version !== 1 || !CAMERA_VIEWS.includes(state.view)) return;
      framed = null; // a stored view is shown as it was stored
      rig.setState(state, animate, now());
      requestRender();
    },
    setDebugCamera(enabled) {
      rig.setDebug(enabled);
      requestRender();
    },

    setSelection: (ids) => emphasis.select(ids),
    pickAt: (x, y) => pickNear(x, y),
    project(point) {
      const engineWidth = engine.getRenderWidth();
      const engineHeight = engine.getRenderHeight();
      const viewport = rig.camera.viewport.toGlobal(engineWidth, engineHeight);
      const p = Vector3.Project(new Vector3(point[0], point[1], point[2]), Matrix.IdentityReadOnly, scene.getTransformMatrix(), viewport);
      const scale = engine.getHardwareScalingLevel();
      const x = p.x * scale;
      const y = p.y * scale;
      const rect = canvas?.getBoundingClientRect();
      const inView = p.z >= 0 && p.z <= 1 && x >= 0 && y >= 0 && x <= (rect?.width ?? engineWidth) && y <= (rect?.height ?? engineHeight);
      return { x, y, inView };
    },

    isolate(ids, { moveCamera = true } = {}) {
      if (!model) return;
      applyVisibilityChanges(model.visibility.isolate(ids));
      const bounds = moveCamera ? model.boundsOf() : null;
      if (bounds) {
        framed = bounds;
        rig.fit(bounds, true, now());
      }
    },
    show(ids) {
      if (model) applyVisibilityChanges(model.visibility.show(ids));
    },
    hide(ids) {
      if (model) applyVisibilityChanges(model.visibility.hide(ids));
    },
    showAll() {
      if (model) applyVisibilityChanges(model.visibility.showAll());
    },
    flash: (ids, { durationMs, tickMs } = {}) => emphasis.flash(ids, durationMs, tickMs),
    stopFlash: () => emphasis.stopFlash(),

    setOrientationGizmo(next) {
      gizmoCanvas = next;
      if (next) {
        axesFromView(rig.camera.getViewMatrix().m, orientation);
        drawOrientationGizmo(next, orientation as unknown as AxesOrientation);
      }
    },
    resize() {
      engine.resize();
      requestRender();
    },
    requestRender,
    getStats: () => ({
      frames: scheduler.frames,
      drawCalls: lastDrawCalls,
      activeMeshes: scene.getActiveMeshes().length,
      lastFrameMs: scheduler.lastFrameMs,
    }),

    dispose() {
      if (disposed) return;
      disposed = true;
      loadCounter++;
      scheduler.dispose();
      resizeObserver?.disconnect();
      input?.dispose();
      unloadModel();
      markers.dispose();
      highlight.dispose();
      rig.dispose();
      for (const e of [onProgress, onPick, onMeasure, onUserCameraMove, onOrientation, onVisibilityChange, onClippingChange]) e.clear();
      scene.dispose();
      if (ownsEngine) engine.dispose();
    },
  };
  return api;
}
