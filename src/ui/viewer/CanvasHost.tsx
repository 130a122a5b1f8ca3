/**
 * The 3D canvas: the only view that touches the engine. It imports the engine lazily (so the
 * login and list screens load no Babylon), creates it on its canvas, hands it to the screen's
 * engine slot (where the machine actors reach it; the viewer machine keeps its distance unit
 * after creation) and attaches the orientation gizmo canvas. Development builds add a debug
 * window button (SPEC §2): the engine's frame statistics and the debug camera (SPEC §9), which
 * the tools machine switches.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { adoptFirstFrame, endFirstFrame, firstFrameHolds, firstFrameOnScreen, leaveFirstFrameCanvas, onFirstFrameSettled, releasePageFonts, takeFirstFrameCanvas } from '../../engine/load/firstFrameHandoff';
import { loadOnce } from '../../model/loadOnce';
import { useLL } from '../app/I18nProvider';
import { DimensionLabels } from './DimensionLabels';
import { InfoRows } from './panels/InfoRows';
import type { EngineSlot } from '../../machines/viewer/load/enginePort';
import type { EngineStats, ViewerEngine } from '../../engine/types';
import type { DistanceUnit } from '../../machines/types';
import type { ToolsActor } from './viewerActors';
import { PinLayer, type PinMark } from './review/PinLayer';

interface CanvasHostProps {
  slot: EngineSlot;
  tools: ToolsActor;
  /** The distance unit the engine starts with. */
  unit: DistanceUnit;
  /** The small 2D canvas of the orientation gizmo, once mounted. */
  gizmo: HTMLCanvasElement | null;
  label: string;
  /** The review's pins, drawn where the engine projects their points (while the notes are open). */
  pins?: { marks: readonly PinMark[]; openId: number | null; onPin(id: number): void } | null;
}

declare global {
  interface Window {
    /** Test builds only (ENGINE_TEST_PAGE=1): the viewer's engine, for end-to-end tests. */
    viewerEngine?: ViewerEngine;
  }
}

/**
 * The engine chunk, fetched once (again after a failed download). The viewer routes call it while
 * their own chunk loads, so the two download in parallel instead of one after the other.
 */
export const preloadEngine: () => Promise<typeof import('../../engine')> = loadOnce(() => import('../../engine'));

/**
 * Starts in-page AR (WebXR) with the AR GLB at `glbUrl`, `overlay` over the camera's picture: the
 * engine's own chunk for it, downloaded only now (src/engine/ar/roomAr.ts).
 */
export function startRoomAr(input: { glbUrl: string; overlay: HTMLElement }): Promise<import('../../engine/ar/roomAr').RoomAr> {
  return import('../../engine/ar/roomAr').then((m) => m.startRoomAr(input.glbUrl, input.overlay));
}

const preloadedModels = new Set<string>();

/**
 * Starts downloading a model the engine will soon ask for (a `preload` the engine's own fetch
 * then picks up), so that on a real network the GLB arrives while the engine chunk is parsed and
 * the WebGL context created, not after.
 */
export function preloadModel(url: string): void {
  // A shared link's first frame is downloading it already.
  if (preloadedModels.has(url) || firstFrameHolds(url)) return;
  preloadedModels.add(url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = url;
  document.head.appendChild(link);
}

/**
 * Where a shared link's first frame (drawn before the viewer arrived) shows until the engine's own
 * frame is on screen: its canvas moves in here, over the engine's, and goes when this unmounts.
 */
export function FirstFrameSlot() {
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (element) adoptFirstFrame(element);
    else endFirstFrame();
  }, []);
  return <div ref={ref} aria-hidden="true" className="pointer-events-none absolute inset-0" />;
}

/**
 * A shared link's page holds its web fonts back until the viewer's frame is on screen (the first
 * frame goes then, and lets them come); a load that ends otherwise (not found, failed) lets them
 * come once `loadEnded`.
 */
export function usePageFontsOnce(loadEnded: boolean): void {
  useEffect(() => {
    if (loadEnded) releasePageFonts();
  }, [loadEnded]);
}

/** Whether a shared link's first frame is on screen (the model is visible while the viewer loads). */
export function useFirstFrameOnScreen(): boolean {
  return useSyncExternalStore(onFirstFrameSettled, firstFrameOnScreen, () => false);
}

/** What the viewer's canvas is to the page: a taken-over first-frame canvas gets the same. */
const CANVAS_CLASS = 'block size-full touch-none outline-none';

/** A shared link's first-frame canvas, made the viewer's: named, styled and marked as its own. */
function takeOver(canvas: HTMLCanvasElement, label: string): HTMLCanvasElement {
  canvas.removeAttribute('id');
  canvas.removeAttribute('aria-hidden');
  canvas.className = CANVAS_CLASS;
  canvas.setAttribute('aria-label', label);
  canvas.dataset.engineReady = 'true';
  return canvas;
}

export function CanvasHost({ slot, tools, unit, gizmo, label, pins = null }: CanvasHostProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const homeRef = useRef<HTMLDivElement>(null);
  const labelRef = useRef(label);
  labelRef.current = label;
  const [engine, setEngine] = useState<ViewerEngine | null>(null);
  // The first-frame canvas the engine draws on instead of this host's own (a shared link's page).
  const [taken, setTaken] = useState<HTMLCanvasElement | null>(null);

  useEffect(() => {
    let disposed = false;
    let created: ViewerEngine | null = null;
    let adopted: HTMLCanvasElement | null = null;
    void preloadEngine()
      .then(({ createViewerEngine }) => {
        if (disposed || !canvasRef.current || !homeRef.current) return;
        // One WebGL context for the page: the link's first frame hands its own over, picture and all.
        adopted = takeFirstFrameCanvas(homeRef.current);
        created = adopted
          ? createViewerEngine(takeOver(adopted, labelRef.current), { unit, keepPicture: true })
          : createViewerEngine(canvasRef.current, { unit });
        slot.set(created);
        setTaken(adopted);
        setEngine(created);
        if (import.meta.env.VITE_TEST_HOOKS === '1') window.viewerEngine = created;
      })
      .catch((error: unknown) => {
        if (!disposed) slot.fail(error);
      });
    return () => {
      disposed = true;
      slot.set(null);
      created?.dispose();
      if (adopted) leaveFirstFrameCanvas(adopted);
    };
    // The engine lives as long as the canvas; later unit changes reach it through the viewer machine.
  }, [slot]);

  useEffect(() => {
    taken?.setAttribute('aria-label', label);
  }, [taken, label]);

  useEffect(() => {
    engine?.setOrientationGizmo(gizmo);
    return () => engine?.setOrientationGizmo(null);
  }, [engine, gizmo]);

  return (
    <>
      {/* Hidden when the engine draws on a taken-over first-frame canvas, which then moves into the place after it. */}
      <canvas ref={canvasRef} hidden={taken !== null} aria-label={taken ? undefined : label} data-engine-ready={!taken && engine ? 'true' : 'false'} className={CANVAS_CLASS} />
      <div ref={homeRef} className="contents" />
      {engine && pins && pins.marks.length > 0 ? <PinLayer engine={engine} pins={pins.marks} openId={pins.openId} onPin={pins.onPin} /> : null}
      {engine ? <DimensionLabels engine={engine} tools={tools} /> : null}
      {import.meta.env.DEV && engine ? <DebugWindow engine={engine} tools={tools} /> : null}
    </>
  );
}

/** Development builds only: frame statistics, refreshed twice a second while open, and the debug camera. */
function DebugWindow({ engine, tools }: { engine: ViewerEngine; tools: ToolsActor }) {
  const LL = useLL();
  const [open, setOpen] = useState(false);
  const [debugCamera, setDebugCamera] = useState(false);
  const [stats, setStats] = useState<EngineStats>(() => engine.getStats());
  useEffect(() => {
    if (!open) return;
    setStats(engine.getStats());
    const timer = window.setInterval(() => setStats(engine.getStats()), 500);
    return () => window.clearInterval(timer);
  }, [engine, open]);
  const toggleCamera = () => {
    tools.send({ type: 'tools.debugCamera', enabled: !debugCamera });
    setDebugCamera(!debugCamera);
  };
  const rows: Array<[string, string]> = [
    [LL.viewer.debug.frames(), String(stats.frames)],
    [LL.viewer.debug.drawCalls(), String(stats.drawCalls)],
    [LL.viewer.debug.activeMeshes(), String(stats.activeMeshes)],
    [LL.viewer.debug.frameTime(), stats.lastFrameMs.toFixed(1)],
  ];
  return (
    <div className="absolute right-3 bottom-3 z-10 flex flex-col items-end gap-2">
      {open ? (
        <section aria-label={LL.viewer.debug.title()} className="w-60 rounded-xl border border-border bg-surface-raised/95 p-3 text-xs text-fg shadow-xl shadow-black/40">
          <h2 className="mb-2 font-extrabold">{LL.viewer.debug.title()}</h2>
          <InfoRows rows={rows} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 tabular-nums" />
          <label className="mt-3 flex items-center gap-2">
            <input type="checkbox" checked={debugCamera} onChange={toggleCamera} className="accent-primary" />
            {LL.viewer.debug.debugCamera()}
          </label>
        </section>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="rounded-lg border border-border bg-surface-raised/90 px-2 py-1 text-xs font-semibold text-fg-muted hover:text-fg"
      >
        {LL.viewer.debug.open()}
      </button>
    </div>
  );
}
