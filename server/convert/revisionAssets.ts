/**
 * What a revision needs besides its GLB, made once in the conversion worker so that no request
 * ever compresses or renders: the GLB precompressed as brotli and gzip (served by Content-Encoding
 * to browsers that ask for it) and a poster of the model (shown before the 3D code arrives, on
 * project cards and as the link's Open Graph image), and the AR GLB and USDZ of "View in your room".
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { arFiles, type ArFiles } from './ar/arFiles.js';

export { arFiles, type ArFiles };
import { readTriangles } from './poster/readTriangles.js';
import { POSTER_SIZE, SMALL_POSTER_SIZE } from '../../src/model/viewerVocabulary.js';
import { encodePoster, posterPixels } from './poster/renderPoster.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's level by the GLB's size. Its best level (11) costs about 1.5 s per megabyte on one core
 * and was the conversion's last wait; level 10 takes 0.6 s and writes 2.7 % more, level 9 0.2 s and
 * 8.6 % more (a 970 KB meshopt GLB of a 12-cabinet job: 156, 160 and 169 KB). Small models keep the
 * best level; up to 8 MB level 10 (4 KB more on a 1 MB model: 4 ms at 9 Mbps); past it level 9.
 */
const BROTLI_BEST_UP_TO = 512 * 2 ** 10;
const BROTLI_10_UP_TO = 8 * 2 ** 20;
export const brotliLevelFor = (bytes: number) => (bytes <= BROTLI_BEST_UP_TO ? 11 : bytes <= BROTLI_10_UP_TO ? 10 : 9);

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


export async function compressModel(glb: Uint8Array): Promise<Pick<RevisionAssets, 'glbBrotli' | 'glbGzip'>> {
  const [glbBrotli, glbGzip] = await Promise.all([
    brotli(glb, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliLevelFor(glb.byteLength),
        [constants.BROTLI_PARAM_SIZE_HINT]: glb.byteLength,
      },
    }),
    gzipAsync(glb, { level: 9 }),
  ]);
  return { glbBrotli: new Uint8Array(glbBrotli), glbGzip: new Uint8Array(glbGzip) };
}

/**
 * The compressed copies (zlib's threads) while the posters are drawn (this thread): the model's
 * triangles read once for both sizes. The AR files follow on this thread, or, given `arMaker` (a
 * helper thread of the conversion, idle once the parts are read), are made beside the posters.
 * `onProgress` hears the share done: the posters count for 70%, the AR files for 30%.
 */
export async function deriveRevisionAssets(glb: Uint8Array, onProgress?: (share: number) => void, arMaker?: (glb: Uint8Array, onProgress: (share: number) => void) => Promise<ArFiles | null>): Promise<RevisionAssets> {
  const compressed = compressModel(glb);
  const shares = { poster: 0, ar: 0 };
  let reported = -1;
  const report = () => {
    const share = 0.7 * shares.poster + 0.3 * shares.ar;
    // Two makers at once: the sum only grows.
    if (share > reported) onProgress?.((reported = share));
  };
  const posterShare = (share: number) => {
    shares.poster = share;
    report();
  };
  const arShare = (share: number) => {
    shares.ar = share;
    report();
  };
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
    } finally {
      posterShare(1);
    }
  };
  const beside = arMaker?.(glb.slice(), arShare).catch((error: unknown) => {
    // The helper failed (its thread ended): the files are made here after the posters instead.
    console.error('AR files on a helper thread failed:', error);
    return undefined;
  });
  const [poster, posterSmall] = await posters();
  const made = await beside;
  const ar = made !== undefined ? made : await arFiles(glb, undefined, arShare);
  return { ...(await compressed), poster, posterSmall, ar };
}
