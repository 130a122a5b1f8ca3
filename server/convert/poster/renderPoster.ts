/**
 * The poster of a converted model: a still three-quarter view of the GLB rendered on the CPU
 * (no browser, no GPU) and encoded as WebP. Shown on a shared link before the 3D code arrives,
 * on project cards, and as the link's Open Graph image (hence the 1200 x 630 default).
 * Rendered at twice the size and box-filtered down for anti-aliasing.
 */
import sharp from 'sharp';
import { frameCamera } from './camera.js';
import { BACKGROUND, rasterize } from './rasterize.js';
import { readTriangles } from './readTriangles.js';

export const POSTER_TYPE = 'image/webp';

export interface PosterOptions {
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
  const width = checked('width', options.width ?? 1200, 16, 4096);
  const height = checked('height', options.height ?? 630, 16, 4096);
  const quality = checked('quality', options.quality ?? 75, 1, 100);
  const soup = await readTriangles(glb);
  let rgb: Uint8Array;
  if (soup.count > 0) {
    const big = [width * SUPERSAMPLE, height * SUPERSAMPLE] as const;
    rgb = downsample(rasterize(soup, frameCamera(soup.min, soup.max, big[0], big[1]), big[0], big[1]), width, height);
  } else {
    rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < rgb.length; i += 3) rgb.set(BACKGROUND, i);
  }
  const webp = await sharp(rgb, { raw: { width, height, channels: 3 } }).webp({ quality }).toBuffer();
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}
