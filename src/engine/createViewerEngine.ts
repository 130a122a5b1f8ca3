/**
 * The viewer engine facade: typed commands and observables over a Babylon.js scene, with no UI
 * framework inside (see types.ts for the contract). It only composes the feature modules: the
 * camera (camera/), clipping (clipping/), measurement (measure/), parts (parts/), the pointer
 * input (input/), loading (load/) and the scene and its frames (scene/).
 */
import '@babylonjs/core/Culling/ray';
import './scene/shaders';
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { createCameraCommands } from './camera/cameraCommands';
import { CameraControl } from './camera/cameraControl';
import { createWebGlEngine } from './scene/createWebGlEngine';
import { CameraRig } from './camera/cameraRig';
import { followView } from './camera/viewFollowers';
import { ViewMotion } from './camera/viewMotion';
import { ClippingControl } from './clipping/clippingControl';
import { Emitter } from './emitter';
import { bindViewerInput } from './input/viewerInput';
import { loadModelView, progressReporter } from './load/loadModelView';
import { refineInSlices } from './load/refineInSlices';
import { createMeasureCommands } from './measure/measureCommands';
import { MeasureControl } from './measure/measureControl';
import { MeasureMarkers } from './measure/measureMarkers';
import { createWorkshopTools } from './measure/workshopTools';
import { PartEmphasis } from './parts/emphasis';
import { Highlight } from './parts/highlight';
import { finishMaterial, highlightMaterial, TINT_COLORS } from './render/materials';
import { createPartCommands } from './parts/partCommands';
import { createPartPicking } from './parts/partPicking';
import { createScene } from './scene/createScene';
import { createFrameStats } from './scene/frameStats';
import type { ModelView } from './scene/modelView';
import { visibleTriangles } from './scene/batchMeshes';
import { RenderScheduler } from './scene/renderScheduler';
import {
  type AxesOrientation,
  type ClippingState,
  type DistanceUnit,
  type LoadProgress,
  type DisplayState,
  type Measurement,
  type PickEvent,
  RENDER_MODES,
  type RenderMode,
  type ViewerEngine,
  type ViewerEngineOptions,
  type VisibilityChange,
} from './types';

/** The performance mark of the fine batches swapped in, drawn at the next frame (the first frame may be coarse). */
const MODEL_FINE_FRAME = 'model-fine-frame';

function isEngine(target: HTMLCanvasElement | AbstractEngine): target is AbstractEngine {
  return typeof (target as AbstractEngine).getRenderingCanvas === 'function';
}

export function createViewerEngine(target: HTMLCanvasElement | AbstractEngine, options: ViewerEngineOptions = {}): ViewerEngine {
  const ownsEngine = !isEngine(target);
  const engine: AbstractEngine = isEngine(target)
    ? target
    : createWebGlEngine(target, options.antialias ?? true);
  const canvas = engine.getRenderingCanvas();
  const now = options.clock ?? (() => performance.now());
  const { scene, keyLight, clipPlane } = createScene(engine);
  const rig = new CameraRig(scene, canvas, options.debugCamera ?? false);
  const markers = new MeasureMarkers(scene, rig.camera);
  const highlight = new Highlight(scene);
  const clipping = new ClippingControl(clipPlane);
  const stats = createFrameStats(scene, canvas);

  const onProgress = new Emitter<LoadProgress>();
  const onPick = new Emitter<PickEvent>();
  const onMeasure = new Emitter<Measurement>();
  const onUserCameraMove = new Emitter<void>();
  const onOrientation = new Emitter<AxesOrientation>();
  const onVisibilityChange = new Emitter<VisibilityChange>();
  const onClippingChange = new Emitter<ClippingState>();
  const onDisplayChange = new Emitter<DisplayState>();
  const onViewChange = new Emitter<void>();

  let model: ModelView | null = null;
  let mode: RenderMode = options.renderMode ?? 'wireframe';
  let unit: DistanceUnit = options.unit ?? 'mm';
  let loadCounter = 0;
  let disposed = false;
  const currentModel = () => model;

  // The view, frame to frame: the loop goes on while it moves (inertia of any input, the wheel's
  // zoom to the cursor included), and a heavy model draws its coarse level in frames where it moves.
  const motion = new ViewMotion(rig.camera);
  let movedLastFrame = false;
  let drawingCoarse = false;
  let movingCoarseFrames = 0;
  const scheduler = new RenderScheduler(engine, scene, {
    beforeFrame: (time) => {
      rig.update(time);
      markers.update();
      workshop.update();
      drawingCoarse = model?.showMoving(movedLastFrame || motion.changed()) ?? false;
      if (drawingCoarse) movingCoarseFrames++;
      return rig.isAnimating();
    },
    afterFrame: () => {
      movedLastFrame = motion.changed();
      if (movedLastFrame) onViewChange.emit();
      motion.endFrame();
      // Shaders compile asynchronously: keep drawing until every mesh could be drawn.
      return rig.isCoasting() || rig.isAnimating() || !scene.isReady(false) || drawingCoarse || movedLastFrame;
    },
  });
  const requestRender = () => scheduler.request();
  if (options.keepPicture) scheduler.hold();

  const measure = new MeasureControl(markers, (m) => void (onMeasure.emit(m), requestRender()), () => unit);
  const tints = { added: new Highlight(scene, highlightMaterial(scene, TINT_COLORS.added, 'tint-added')), changed: new Highlight(scene, highlightMaterial(scene, TINT_COLORS.changed, 'tint-changed')) };
  const emphasis = new PartEmphasis(highlight, () => requestRender(), tints, (finish) => new Highlight(scene, finishMaterial(scene, finish, () => requestRender()), false));
  const view = followView(rig, keyLight, onOrientation);
  const camera = new CameraControl({ engine, scene, canvas, rig, model: currentModel, onUserCameraMove, requestRender, now });
  const workshop = createWorkshopTools({ scene, rig, camera, clipping, model: currentModel, requestRender });
  const picking = createPartPicking(scene, rig, workshop.clipPlanes, currentModel);
  workshop.usePicking(picking);
  const parts = createPartCommands({ model: currentModel, mode: () => mode, emphasis, onVisibilityChange, requestRender, refine: () => model && refine(model) });
  const input = canvas
    ? bindViewerInput({ canvas, rig, camera, picking, measure, workshop, hasModel: () => model !== null, onPick, requestRender })
    : null;

  const resizeObserver =
    ownsEngine && canvas && typeof ResizeObserver !== 'undefined'
      ? new ResizeObserver(() => {
          engine.resize();
          camera.refit();
          requestRender();
        })
      : null;
  resizeObserver?.observe(canvas!);

  const progress = progressReporter((p) => onProgress.emit(p));

  /** Finer batches built a slice at a time between frames; one building what the parts shown need goes on. */
  let stopRefining: (() => void) | null = null;
  const refine = (view: ModelView) => {
    const next = refineInSlices(view, () => {
      stopRefining = null;
      view.syncVisibility(mode);
      emphasis.geometryChanged();
      if (typeof performance.mark === 'function' && performance.getEntriesByName(MODEL_FINE_FRAME).length === 0) performance.mark(MODEL_FINE_FRAME);
      requestRender();
    });
    if (!next) return;
    stopRefining?.();
    stopRefining = next;
  };

  function unloadModel(): void {
    stopRefining?.();
    emphasis.setModel(null);
    measure.clear();
    model?.dispose();
    model = null;
  }

  const api: ViewerEngine = {
    ...workshop.api,
    onProgress,
    onPick,
    onMeasure,
    onUserCameraMove,
    onOrientation,
    onVisibilityChange,
    onClippingChange,
    onDisplayChange,
    onViewChange,

    async load(url, { signal } = {}) {
      const id = ++loadCounter;
      const { view: loaded, turnedView } = await loadModelView(url, scene, progress, signal, () => id === loadCounter && !disposed, options);
      unloadModel();
      model = loaded;
      emphasis.setModel(model);
      model.syncVisibility(mode);
      clipping.setModel(model.info.bounds);
      workshop.modelLoaded(model.info.bounds);
      onClippingChange.emit(clipping.state(unit));
      camera.modelLoaded(model.info.bounds);
      // Turned by hand on the link's first frame: the viewer goes on from that view.
      const turned = turnedView();
      if (turned) camera.continueFrom(turned);
      progress('renderModes', 1);
      scheduler.renderNow();
      requestRender();
      refine(model);
      return model.info;
    },

    getModel: () => model?.info ?? null,

    setRenderMode(next) {
      if (!RENDER_MODES.includes(next)) return;
      mode = next;
      model?.applyMode(mode);
      emphasis.showColours(mode === 'solid');
      onDisplayChange.emit({ renderMode: mode, explode: model?.explodeFactor ?? 0 });
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
      workshop.clippingChanged();
      onClippingChange.emit(state);
      requestRender();
      return state;
    },
    getClipping: () => clipping.state(unit),

    ...createMeasureCommands(measure, picking),

    ...createCameraCommands(camera, rig),

    setSelection: (ids) => emphasis.select(ids),
    pickAt: (x, y) => picking.pick(x, y),
    project: (point) => camera.project(point),

    isolate(ids, { moveCamera = true, descendants = true } = {}) {
      if (parts.isolate(ids, descendants) && moveCamera) camera.frameVisible();
    },
    getPartVisibility: () => parts.parts(),
    show: (ids) => parts.show(ids),
    hide: (ids) => parts.hide(ids),
    showAll: () => parts.showAll(),
    flash: (ids, { durationMs, tickMs } = {}) => emphasis.flash(ids, durationMs, tickMs),
    stopFlash: () => emphasis.stopFlash(),
    setTints: (next) => emphasis.setTints(next),
    setPartColours: (next) => emphasis.setColours(next),
    setFrameInsets: (insets) => camera.setInsets(insets),
    setExplode(factor) {
      const wholeInView = camera.hasUserMoved && camera.visibleInView();
      if (!model?.explode(factor)) return;
      measure.clear();
      workshop.geometryMoved();
      emphasis.geometryChanged();
      // A view the user has not moved keeps the whole (exploded) model framed; one they moved that
      // showed the whole model is framed again when the spread parts would leave the canvas.
      if (!camera.hasUserMoved || (wholeInView && !camera.visibleInView())) camera.frame(undefined, false);
      onDisplayChange.emit({ renderMode: mode, explode: model.explodeFactor });
      requestRender();
    },
    getExplode: () => model?.explodeFactor ?? 0,

    setOrientationGizmo: (next) => view.setGizmo(next),
    resize() {
      engine.resize();
      requestRender();
    },
    requestRender,
    getStats: () => ({
      frames: scheduler.frames,
      drawCalls: stats.drawCalls(),
      activeMeshes: scene.getActiveMeshes().length,
      lastFrameMs: scheduler.lastFrameMs,
      detail: model ? model.detail() : null,
      triangles: model ? visibleTriangles(model.shownMeshes()) : 0,
      movingCoarseFrames,
      refinedParts: model?.refinedParts() ?? 0,
      refining: stopRefining !== null,
    }),

    dispose() {
      if (disposed) return;
      disposed = true;
      loadCounter++;
      scheduler.dispose();
      resizeObserver?.disconnect();
      input?.dispose();
      stats.dispose();
      unloadModel();
      markers.dispose();
      workshop.dispose();
      highlight.dispose();
      tints.added.dispose();
      tints.changed.dispose();
      emphasis.dispose();
      rig.dispose();
      for (const e of [onProgress, onPick, onMeasure, onUserCameraMove, onOrientation, onVisibilityChange, onClippingChange, onDisplayChange, onViewChange]) e.clear();
      scene.dispose();
      if (ownsEngine) engine.dispose();
    },
  };
  return api;
}
