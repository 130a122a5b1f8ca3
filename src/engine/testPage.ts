/**
 * The engine test page (engine-test.html): loads the GLB given by `?model=` with the engine and
 * exposes `window.engineTest` for browser tests and benchmarks. Query: model (URL), mode (render
 * mode), view (camera view), debug (1 for the debug camera), aa (0 to turn antialiasing off).
 */
import { CAMERA_VIEWS, type CameraView, type LoadProgress, type ModelInfo, type PickEvent, RENDER_MODES, type RenderMode, type ViewerEngine } from './types';

export interface EngineTestHooks {
  engine: ViewerEngine;
  /** Resolves after the model loaded and its first frame was rendered. */
  ready: Promise<ModelInfo>;
  /** Milliseconds from navigation start to the first rendered frame of the model. */
  firstFrameMs: number | null;
  loadMs: number | null;
  progress: LoadProgress[];
  /** Every pick the engine reported (clicks and taps), in order. */
  picks: PickEvent[];
  error: string | null;
}

declare global {
  interface Window {
    engineTest?: EngineTestHooks;
  }
}

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const canvas = document.getElementById('viewer') as HTMLCanvasElement;
  const gizmo = document.getElementById('gizmo') as HTMLCanvasElement;
  const status = document.getElementById('status') as HTMLDivElement;
  const { createViewerEngine } = await import('./index');
  const engine = createViewerEngine(canvas, {
    debugCamera: params.get('debug') === '1',
    antialias: params.get('aa') !== '0',
    renderMode: RENDER_MODES.find((m) => m === params.get('mode')) as RenderMode | undefined,
  });
  engine.setOrientationGizmo(gizmo);
  const model = params.get('model');
  const hooks: EngineTestHooks = { engine, ready: new Promise(() => {}), firstFrameMs: null, loadMs: null, progress: [], picks: [], error: null };
  engine.onPick.subscribe((pick) => hooks.picks.push(pick));
  engine.onProgress.subscribe((p) => {
    hooks.progress.push(p);
    status.textContent = `${p.phase} ${(p.overall * 100).toFixed(2)}%`;
  });
  if (model) {
    const started = performance.now();
    hooks.ready = engine.load(model).then(
      (info) => {
        hooks.loadMs = performance.now() - started;
        hooks.firstFrameMs = performance.now();
        status.textContent = `${info.partCount} parts`;
        const view = CAMERA_VIEWS.find((v) => v === params.get('view')) as CameraView | undefined;
        if (view) engine.setCameraView(view, { animate: false });
        return info;
      },
      (error: unknown) => {
        hooks.error = String(error);
        status.textContent = hooks.error;
        throw error;
      },
    );
  } else {
    status.textContent = 'Add ?model=<url of a GLB> to load a model.';
  }
  window.engineTest = hooks;
}

void main();
