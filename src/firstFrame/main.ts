/**
 * A shared link's first script (its own small entry, named by the link's page before the app):
 * starts the model's download, makes the WebGL context while it arrives, reads and batches the
 * model as the engine does, and draws the first frame over the poster. The viewer, when it has
 * arrived, takes the download, the read model and the canvas (handoff.ts), and
 * its own first frame replaces this one.
 *
 * It runs only on a page the server wrote a shared project into; anywhere else it does nothing.
 */
import { MeshoptDecoder } from 'meshoptimizer/decoder';
import { linkFilesOfBoot } from '../api/linkBoot';
import { BOOT_ELEMENT_ID, BOOT_POSTER_ID } from '../model/pageIds';
import { buildBatches } from '../engine/geometry/buildBatches';
import { createFirstFrameRenderer, type FirstFrameRenderer, type OpeningMode } from './firstFrameRenderer';
import { openingOrbit, viewOf, type Orbit } from './firstFrameView';
import { holdPageFonts, offerFirstFrame, settleFirstFrame, type FirstFrameModel } from '../engine/load/firstFrameHandoff';
import { bindOrbitInput } from './orbitInput';
import type { CameraState } from '../engine/types';
import { parseGlbChunks, readGlb } from '../engine/load/glbReader';
import { canvasEdgesOf, frameInsetsOf, hierarchyOpensByItself, isCompactLayout, isEmbedded } from '../model/layoutRules';

/** The performance mark of the first frame on screen (the viewer's own is `model-first-frame`). */
const LINK_FIRST_FRAME = 'link-first-frame';

interface LinkBoot {
  modelUrl: string;
  mode: OpeningMode;
  /** The link's hierarchy, which docks beside the canvas on a large window. */
  hierarchy: boolean;
}

/** The model URL and opening mode from the page's boot data, or null when this is not a link's page. */
function readBoot(): LinkBoot | null {
  const files = linkFilesOfBoot(document.getElementById(BOOT_ELEMENT_ID)?.textContent);
  return files ? { modelUrl: files.modelUrl, mode: files.wireframe ? 'wireframe' : 'solid', hierarchy: files.hierarchy } : null;
}

/** The viewer's camera state for an orbit (the free view). */
function cameraStateOf(orbit: Orbit): CameraState {
  return { version: 1, view: 'free', position: viewOf(orbit, 1, 1).eye, target: orbit.target, orthoHalfHeight: null };
}

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} failed: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function readModel(bytes: Uint8Array): Promise<FirstFrameModel> {
  const chunks = parseGlbChunks(bytes);
  let decode = null;
  if ((chunks.json.extensionsUsed ?? []).includes('EXT_meshopt_compression')) {
    await MeshoptDecoder.ready;
    decode = MeshoptDecoder.decodeGltfBuffer;
  }
  const source = readGlb(chunks, decode);
  // The coarse level where the model has one: the viewer builds the fine batches after its own first frame.
  return { bytes, json: chunks.json, source, built: buildBatches(source, undefined, 'coarse') };
}

/**
 * The first frame's layer, over the page's poster and under the app, lies where the viewer's canvas
 * will (between the wide layout's toolbars, beside the hierarchy that opens by itself), so that the
 * engine takes the canvas over at its size: the model framed once, and no drawing buffer made again.
 */
function placeLayer(layer: HTMLElement, boot: LinkBoot): void {
  const { innerWidth: width, innerHeight: height } = window;
  const edges = canvasEdgesOf(width, height, boot.hierarchy && hierarchyOpensByItself(width, height, isEmbedded(window)), false);
  const place = { left: `${edges.left}px`, right: `${edges.right}px` };
  Object.assign(layer.style, place);
  // The page's poster (before this script in the page) shows where the model will, too.
  const poster = document.getElementById(BOOT_POSTER_ID);
  if (poster) Object.assign(poster.style, place);
}

/** The first frame's canvas in its layer; the viewer moves it into its layout. */
function createCanvas(boot: LinkBoot): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.id = 'first-frame';
  canvas.setAttribute('aria-hidden', 'true');
  // Turned by hand once drawn (pointer events then on); the page does not scroll or zoom under it.
  Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%', display: 'block', visibility: 'hidden', pointerEvents: 'none', touchAction: 'none' });
  const layer = document.createElement('div');
  Object.assign(layer.style, { position: 'fixed', top: '0', bottom: '0', zIndex: '0', pointerEvents: 'none' });
  placeLayer(layer, boot);
  layer.appendChild(canvas);
  document.body.appendChild(layer);
  return canvas;
}

function start(boot: LinkBoot): void {
  const bytes = download(boot.modelUrl);
  holdPageFonts();
  const model = bytes.then(readModel);
  // Unhandled here when the viewer reads them itself.
  bytes.catch(() => {});
  model.catch(() => {});

  let canvas: HTMLCanvasElement | null = null;
  let renderer: FirstFrameRenderer | null = null;
  try {
    canvas = createCanvas(boot);
    renderer = createFirstFrameRenderer(canvas);
  } catch {
    renderer = null;
  }
  const layer = canvas?.parentElement ?? null;
  if (!renderer) {
    layer?.remove();
    canvas = null;
    settleFirstFrame();
  }
  let loaded: FirstFrameModel | null = null;
  let disposed = false;
  // Null until the user turns the view: the opening view, framed again at each size.
  let turned: Orbit | null = null;
  let handedOver = false;
  let drawnOnce = false;
  let released = false;
  let pending = 0;

  const openingAt = (width: number, height: number) => {
    const insets = frameInsetsOf(isCompactLayout(window.innerWidth, window.innerHeight), false, window.innerHeight);
    return openingOrbit(loaded!.built.bounds, width, height, insets);
  };
  const draw = () => {
    pending = 0;
    if (disposed || released || !loaded || !renderer || !canvas) return;
    const drawn = renderer.draw({ built: loaded.built, materials: loaded.source.materials, mode: boot.mode }, (w, h) => turned ?? openingAt(w, h));
    if (!drawn) {
      settleFirstFrame();
      return;
    }
    canvas.style.visibility = 'visible';
    drawnOnce = true;
    canvas.style.pointerEvents = 'auto';
    if (performance.getEntriesByName(LINK_FIRST_FRAME).length === 0) {
      // Marked when the frame that shows it begins: the drawing above is presented with the next one.
      requestAnimationFrame(() => {
        performance.mark(LINK_FIRST_FRAME);
        settleFirstFrame();
      });
    }
  };
  const redraw = () => {
    pending ||= requestAnimationFrame(draw);
  };
  // A drawing buffer no longer the canvas's size shows stretched: drawn again. Else the picture stays.
  const refit = () => {
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== ((canvas.clientWidth / (1 / dpr)) | 0) || canvas.height !== ((canvas.clientHeight / (1 / dpr)) | 0)) redraw();
  };
  const unbindInput = canvas
    ? bindOrbitInput(canvas, (update) => {
        if (!loaded || handedOver || !canvas) return;
        turned = update(turned ?? openingAt(canvas.clientWidth, canvas.clientHeight));
        redraw();
      })
    : () => {};
  const onResize = () => {
    if (layer && !released) placeLayer(layer, boot);
    redraw();
  };
  window.addEventListener('resize', onResize);

  offerFirstFrame({
    modelUrl: boot.modelUrl,
    bytes,
    model,
    canvas,
    refit,
    isDrawn: () => drawnOnce && !disposed,
    release: () => {
      if (!drawnOnce || disposed || released || !renderer || !canvas) return null;
      // The engine draws on this canvas from now on; the picture stays until its first frame.
      released = true;
      unbindInput();
      window.removeEventListener('resize', onResize);
      renderer.release();
      renderer = null;
      return canvas;
    },
    handOverCamera: () => {
      handedOver = true;
      unbindInput();
      return turned && cameraStateOf(turned);
    },
    dispose: () => {
      disposed = true;
      unbindInput();
      window.removeEventListener('resize', onResize);
      if (!released) canvas?.remove();
      layer?.remove();
      // The context is freed once the page is idle: freeing it waits on the GPU, which is drawing
      // the engine's first frame at this moment (a tenth of a second of main thread in software WebGL).
      const gone = renderer;
      renderer = null;
      if (gone) whenIdle(() => gone.dispose());
    },
  });
  void model.then(
    (m) => {
      loaded = m;
      redraw();
    },
    () => settleFirstFrame(),
  );
}

/** Runs `task` when the page is next idle (within two seconds), or soon where idle callbacks do not exist. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

const boot = readBoot();
if (boot) {
  // The page names this script after its boot data and before its body: wait for the body if needed.
  if (document.body) start(boot);
  else document.addEventListener('DOMContentLoaded', () => start(boot), { once: true });
}
