/**
 * What a shared link's first frame (src/firstFrame: the small script its page starts with) hands to
 * the viewer that follows it: the model's download, the model as read and batched, and the canvas that shows it until the engine's own frame is on screen. Nothing is
 * downloaded or computed twice.
 *
 * The two sides are separate scripts, so the hand-over goes through one property of the page's
 * global object rather than a shared module instance. A page without a first frame (any other
 * route, the development server, the tests) has none and the viewer loads as usual.
 */
import type { BuiltModel } from '../geometry/buildBatches';
import type { ModelSource } from '../geometry/modelSource';
import type { GltfJson } from './gltfJson';
import type { CameraState } from '../types';

/** The model as the first frame read it: the same objects the engine would make from these bytes. */
export interface FirstFrameModel {
  bytes: Uint8Array;
  json: GltfJson;
  source: ModelSource;
  built: BuiltModel;
}

interface FirstFrameHandoff {
  /** The model URL the page named. */
  modelUrl: string;
  /** Its download, started by the page's first script. */
  bytes: Promise<Uint8Array>;
  /** The model read and batched from those bytes; rejects when the first frame could not read it. */
  model: Promise<FirstFrameModel>;
  /** The canvas showing the first frame (hidden until drawn), or null without WebGL. */
  canvas: HTMLCanvasElement | null;
  /**
   * Draws again when the canvas's size changed (after it moved into the viewer's layout): a first
   * frame laid out where the viewer draws keeps its picture (in software WebGL, a desk-sized
   * drawing is a tenth of a second of the GPU's time that the engine's start would wait for).
   */
  refit(): void;
  /**
   * The view as the user turned it on the first frame, or null when they did not: the engine
   * continues from there. The first frame stops answering input once asked.
   */
  handOverCamera(): CameraState | null;
  /** Whether the first frame is on screen. */
  isDrawn(): boolean;
  /**
   * Its canvas, for the engine to take over with its WebGL context and the picture it shows, or
   * null when there is none to take (not drawn, disposed, taken). It stops drawing and answering input.
   */
  release(): HTMLCanvasElement | null;
  /** Removes the canvas at once and frees its WebGL context soon after. */
  dispose(): void;
}

const KEY = '__cvFirstFrame';
const SETTLED = 'cv-first-frame-settled';
type Holder = { [KEY]?: FirstFrameHandoff | null };
const holder = globalThis as Holder;

export function offerFirstFrame(handoff: FirstFrameHandoff): void {
  holder[KEY] = handoff;
}

function current(): FirstFrameHandoff | null {
  return holder[KEY] ?? null;
}

/**
 * The first frame's download and reading of `url`, once: the engine's load of the same URL takes
 * them instead of starting its own. Null for any other URL, or when they were already taken.
 */
export function takeFirstFrameModel(url: string): Pick<FirstFrameHandoff, 'bytes' | 'model' | 'handOverCamera'> | null {
  const handoff = current();
  if (!handoff || handoff.modelUrl !== url) return null;
  const taken = { bytes: handoff.bytes, model: handoff.model, handOverCamera: () => handoff.handOverCamera() };
  handoff.modelUrl = '';
  return taken;
}

/** Whether the first frame holds (or is downloading) `url`, not yet taken by the engine. */
export function firstFrameHolds(url: string): boolean {
  return current()?.modelUrl === url;
}

/** Whether a first frame is on screen now (the viewer's loading progress then stays clear of it). */
export function firstFrameOnScreen(): boolean {
  return current()?.isDrawn() ?? false;
}

/** Calls `listener` when the first frame is on screen or gave up; returns what stops listening. */
export function onFirstFrameSettled(listener: () => void): () => void {
  globalThis.addEventListener?.(SETTLED, listener);
  return () => globalThis.removeEventListener?.(SETTLED, listener);
}

/** Moves the first frame's canvas into `container` (the viewer's own place for it) and draws it there. */
export function adoptFirstFrame(container: HTMLElement): void {
  const canvas = current()?.canvas;
  if (!canvas || canvas.parentElement === container) return;
  container.appendChild(canvas);
  current()?.refit();
}

/** Where a canvas the engine took over goes when the first frame's place goes. */
let adoptedInto: { canvas: HTMLCanvasElement; home: HTMLElement } | null = null;

/**
 * The first frame's canvas, with its WebGL context and the picture on it, for the engine to draw
 * on (one context for the page: none made, none freed on the way to the viewer's first frame), or
 * null when there is none. It stays where it shows (over the poster) until the first frame ends,
 * then moves into `home`, the viewer's own place for its canvas.
 */
export function takeFirstFrameCanvas(home: HTMLElement): HTMLCanvasElement | null {
  const handoff = current();
  const canvas = handoff?.release() ?? null;
  if (!handoff || !canvas) return null;
  handoff.canvas = null;
  adoptedInto = { canvas, home };
  return canvas;
}

/** The viewer's place for a taken canvas is gone (the viewer left): it goes with the first frame. */
export function leaveFirstFrameCanvas(canvas: HTMLCanvasElement): void {
  if (adoptedInto?.canvas !== canvas) return;
  adoptedInto = null;
  canvas.remove();
}

/**
 * The class on the page's root while its web fonts wait: index.css then names the system's own
 * sans-serif, so the browser asks for no Nunito file yet.
 */
export const FONTS_LATER_CLASS = 'fonts-later';
/** The longest the fonts wait, whatever becomes of the viewer. */
const FONTS_WAIT_CAP_MS = 20_000;

/**
 * A shared link's page asks for its web fonts only once the viewer's own frame is on screen: on a
 * slow network the fonts, asked for as the app's screen first lays out its text, shared the last
 * of the bandwidth with the engine's chunk the viewer waits for (the text is drawn in the system's
 * font until then, and the fonts swap in as they arrive, as they did before).
 */
export function holdPageFonts(root: HTMLElement = document.documentElement): void {
  root.classList.add(FONTS_LATER_CLASS);
  setTimeout(() => releasePageFonts(root), FONTS_WAIT_CAP_MS);
}

/** The page's web fonts are wanted now (the viewer's frame is on screen, or its load failed). */
export function releasePageFonts(root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  root?.classList.remove(FONTS_LATER_CLASS);
}

/** The engine's frame is on screen (or the viewer left): the first frame goes, and the page's fonts come. */
export function endFirstFrame(): void {
  releasePageFonts();
  const handoff = current();
  if (!handoff) return;
  holder[KEY] = null;
  if (adoptedInto) {
    adoptedInto.home.appendChild(adoptedInto.canvas);
    adoptedInto = null;
  }
  handoff.dispose();
}

type SettledHolder = { __cvFirstFrameSettled?: boolean };

/** The first frame is on screen, or will not be (no WebGL, a model it cannot read). */
export function settleFirstFrame(): void {
  const g = globalThis as SettledHolder;
  if (g.__cvFirstFrameSettled) return;
  g.__cvFirstFrameSettled = true;
  globalThis.dispatchEvent?.(new Event(SETTLED));
}

/**
 * Resolves when a page that started a first frame has it on screen (or gave up), at most after
 * `capMs`; at once on any other page. The app waits for it before its own first render, so that on
 * a reopen, when everything comes from the cache at once, the model is drawn before the app's
 * start takes the main thread.
 */
export function firstFrameSettled(started: boolean, capMs: number): Promise<void> {
  if (!started || (globalThis as SettledHolder).__cvFirstFrameSettled) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    globalThis.addEventListener(SETTLED, () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
