/**
 * What a revision needs besides its GLB, made once in the conversion worker so that no request
 * ever compresses or renders: the GLB precompressed as brotli and gzip (served by Content-Encoding
 * to browsers that ask for it) and a poster of the model (shown before the 3D code arrives, on
 * project cards and as the link's Open Graph image).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { renderPoster } from './poster/renderPoster.js';

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
   * The same picture at SMALL_POSTER_WIDTH, for the project cards of a wide screen (six to a row):
   * a tenth of the poster's bytes and a sixth of its decoded pixels per card. Null as above.
   */
  posterSmall: Uint8Array | null;
}

/** The small poster's size: the poster's aspect, wide enough for a card at twice the pixel density. */
export const SMALL_POSTER_WIDTH = 480;
const SMALL_POSTER_HEIGHT = 252;

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

export async function deriveRevisionAssets(glb: Uint8Array): Promise<RevisionAssets> {
  const drawn = (options?: Parameters<typeof renderPoster>[1]) =>
    renderPoster(glb, options).catch((error: unknown) => {
      console.error('poster rendering failed:', error);
      return null;
    });
  const [compressed, poster, posterSmall] = await Promise.all([
    compressModel(glb),
    drawn(),
    drawn({ width: SMALL_POSTER_WIDTH, height: SMALL_POSTER_HEIGHT }),
  ]);
  return { ...compressed, poster, posterSmall };
}
