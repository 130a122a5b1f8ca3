/**
 * What a revision needs besides its GLB, made once in the conversion worker so that no request
 * ever compresses or renders: the GLB precompressed as brotli and gzip (served by Content-Encoding
 * to browsers that ask for it) and a poster of the model (shown before the 3D code arrives, on
 * project cards and as the link's Open Graph image), and the AR GLB and USDZ of "View in your room".
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { makeArModel } from './ar/arModel.js';
import { readTriangles } from './poster/readTriangles.js';
import { POSTER_SIZE, SMALL_POSTER_SIZE } from '../../src/model/viewerVocabulary.js';
import { encodePoster, posterPixels } from './poster/renderPoster.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Past this size brotli's best level costs seconds per megabyte; level 9 keeps most of the gain. */
const BROTLI_BEST_UP_TO = 8 * 2 ** 20;

export interface RevisionAssets {
  glbBrotli: Uint8Array;
  glbGzip: Uint8Array;
  /** WebP; null when the model could not be drawn (the revision is still usable). */
  poster: Uint8Array | null;
  /**
   * The same picture at SMALL_POSTER_SIZE, for the project cards of a wide screen (six to a row):
   * a tenth of the poster's bytes and a sixth of its decoded pixels per card. Null as above.
   */
  posterSmall: Uint8Array | null;
  /**
   * The files a phone places in a room (server/convert/ar): null when the model has no surface or
   * they could not be made; absent in revisions made before them (made on first request).
   */
  ar?: ArFiles | null;
  /**
   * The machining of its panels (server/convert/machining), JSON of `RevisionMachining`: null when
   * no part is a panel read from a B-rep; absent in revisions made before it.
   */
  machining?: Uint8Array | null;
}

export interface ArFiles {
  glb: Uint8Array;
  usdz: Uint8Array;
}

export async function compressModel(glb: Uint8Array): Promise<Pick<RevisionAssets, 'glbBrotli' | 'glbGzip'>> {
  const [glbBrotli, glbGzip] = await Promise.all([
    brotli(glb, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: glb.byteLength <= BROTLI_BEST_UP_TO ? 11 : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: glb.byteLength,
      },
    }),
    gzipAsync(glb, { level: 9 }),
  ]);
  return { glbBrotli: new Uint8Array(glbBrotli), glbGzip: new Uint8Array(glbGzip) };
}

/**
 * The compressed copies (zlib's threads) while the posters are drawn (this thread): the model's
 * triangles read once for both sizes. `onProgress` hears the share done after each step.
 */
export async function deriveRevisionAssets(glb: Uint8Array, onProgress?: (share: number) => void): Promise<RevisionAssets> {
  const compressed = compressModel(glb);
  // The posters take the first 70% of the share, the AR files the rest.
  const posterShare = (share: number) => onProgress?.(0.7 * share);
  const posters = async (): Promise<[Uint8Array | null, Uint8Array | null]> => {
    try {
      posterShare(0);
      const soup = await readTriangles(glb, (share) => posterShare(0.4 * share));
      posterShare(0.4);
      const rgb = posterPixels(soup, POSTER_SIZE.width, POSTER_SIZE.height, (share) => posterShare(0.4 + 0.5 * share));
      posterShare(0.9);
      // The small poster is the big one resized: drawing it again would cost as much.
      return await Promise.all([
        encodePoster(rgb, POSTER_SIZE.width, POSTER_SIZE.height),
        encodePoster(rgb, POSTER_SIZE.width, POSTER_SIZE.height, { size: [SMALL_POSTER_SIZE.width, SMALL_POSTER_SIZE.height] }),
      ]);
    } catch (error) {
      console.error('poster rendering failed:', error);
      return [null, null];
    }
  };
  const [poster, posterSmall] = await posters();
  const ar = await arFiles(glb, undefined, (share) => onProgress?.(0.7 + 0.3 * share));
  return { ...(await compressed), poster, posterSmall, ar };
}

/**
 * The AR files of a GLB, or of one of its nodes (`node`, one cabinet), or null (logged) when they
 * cannot be made: the revision stands without them.
 */
export async function arFiles(glb: Uint8Array, node?: number, onProgress?: (share: number) => void): Promise<ArFiles | null> {
  try {
    const ar = await makeArModel(glb, { node, onProgress });
    if (ar?.overBudget) console.warn(`AR files over budget: ${ar.triangles} triangles, USDZ ${ar.usdz.byteLength} bytes`);
    return ar && { glb: ar.glb, usdz: ar.usdz };
  } catch (error) {
    console.error('AR files failed:', error);
    return null;
  }
}
