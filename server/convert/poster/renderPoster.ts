/**
 * The poster of a converted model: a still of the viewer's opening view of the GLB rendered on the CPU
 * (no browser, no GPU) and encoded as WebP. Shown on a shared link before the 3D code arrives,
 * on project cards, and as the link's Open Graph image (hence the 1200 x 630 default).
 * Rendered at twice the size and box-filtered down for anti-aliasing.
 */
import sharp from 'sharp';
import { frameCamera } from './camera.js';
import { POSTER_SIZE, VIEWER_BACKGROUND_BYTES } from '../../../src/model/viewerVocabulary.js';
import { drawLines, rasterize } from './rasterize.js';
import { readTriangles, type TriangleSoup } from './readTriangles.js';

export const POSTER_TYPE = 'image/webp';

interface PosterOptions {
  /** Pixels, 16..4096 (default 1200). */
  width?: number;
  /** Pixels, 16..4096 (default 630). */
  height?: number;
  /** WebP quality, 1..100 (default 75). */
  quality?: number;
}

const SUPERSAMPLE = 2;

function checked(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`poster ${name} must be an integer in ${min}..${max}, got ${value}`);
  return value;
}

/** Averages each 2 x 2 block of an RGB image (`width` x `height` are the output's size). */
function downsample(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  const stride = width * SUPERSAMPLE * 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = y * SUPERSAMPLE * stride + x * SUPERSAMPLE * 3;
      const b = a + stride;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = (rgb[a + c] + rgb[a + 3 + c] + rgb[b + c] + rgb[b + 3 + c] + 2) >> 2;
    }
  }
  return out;
}

/** Renders the model in `glb` and returns the poster as WebP bytes. */
export async function renderPoster(glb: Uint8Array, options: PosterOptions = {}): Promise<Uint8Array> {
  return posterOf(await readTriangles(glb), options);
}

/** The poster of triangles already read, as raw RGB (`onProgress` hears the share drawn). */
export function posterPixels(soup: TriangleSoup, width: number, height: number, onProgress?: (share: number) => void): Uint8Array {
  const big = [width * SUPERSAMPLE, height * SUPERSAMPLE] as const;
  if (soup.count === 0) {
    const lines = soup.lines && soup.lines.count > 0;
    const [w, h] = lines ? big : [width, height];
    const rgb = new Uint8Array(w * h * 3);
    for (let i = 0; i < rgb.length; i += 3) rgb.set(VIEWER_BACKGROUND_BYTES, i);
    if (!lines) return rgb;
    // A drawing without surfaces: its lines, two pixels wide once the poster is scaled down.
    drawLines(rgb, soup, frameCamera(soup.min, soup.max, w, h), w, h, 2 * SUPERSAMPLE);
    return downsample(rgb, width, height);
  }
  return downsample(rasterize(soup, frameCamera(soup.min, soup.max, big[0], big[1]), big[0], big[1], onProgress), width, height);
}

/** WebP of raw RGB, resized to `size` when given. */
export async function encodePoster(rgb: Uint8Array, width: number, height: number, options: { quality?: number; size?: [number, number] } = {}): Promise<Uint8Array> {
  let image = sharp(rgb, { raw: { width, height, channels: 3 } });
  if (options.size) image = image.resize(options.size[0], options.size[1], { fit: 'fill' });
  const webp = await image.webp({ quality: options.quality ?? 75 }).toBuffer();
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}

/** The poster of triangles already read. */
async function posterOf(soup: TriangleSoup, options: PosterOptions = {}): Promise<Uint8Array> {
  const width = checked('width', options.width ?? POSTER_SIZE.width, 16, 4096);
  const height = checked('height', options.height ?? POSTER_SIZE.height, 16, 4096);
  const quality = checked('quality', options.quality ?? 75, 1, 100);
  return encodePoster(posterPixels(soup, width, height), width, height, { quality });
}
