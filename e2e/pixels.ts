/** Pictures of the 3D canvas for the end-to-end tests, and how much two of them differ. */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** The canvas's pixels (RGB), two frames after the last change (the engine renders on the frame after it). */
export async function canvasPixels(page: Page): Promise<Buffer> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
  const png = await page.locator('canvas[data-engine-ready="true"]').screenshot();
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** Share of pixels that differ by more than a little in any channel. */
export function changed(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (Math.abs(a[i]! - b[i]!) > 24 || Math.abs(a[i + 1]! - b[i + 1]!) > 24 || Math.abs(a[i + 2]! - b[i + 2]!) > 24) count++;
  }
  return count / (a.length / 3);
}

/** The picture once the camera has stopped moving (two pictures in a row alike). */
export async function settledPixels(page: Page): Promise<Buffer> {
  let last = await canvasPixels(page);
  await expect
    .poll(async () => {
      const next = await canvasPixels(page);
      const diff = changed(last, next);
      last = next;
      return diff;
    }, { timeout: 15_000 })
    .toBeLessThan(0.001);
  return last;
}

/** Where a picture draws something (far from the viewer's #18181b background), within the box around it. */
export interface Silhouette {
  width: number;
  height: number;
  /** 1 where drawn, row by row, over the box only. */
  mask: Uint8Array;
}

/** The drawn pixels of raw RGB(A) pixels, cropped to the box around them. */
export function silhouetteOf(data: Uint8Array | Buffer, width: number, height: number, channels: number): Silhouette {
  const drawn = (p: number) => Math.abs(data[p]! - 24) + Math.abs(data[p + 1]! - 24) + Math.abs(data[p + 2]! - 27) > 60;
  let minX = width, minY = height, maxX = -1, maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!drawn((y * width + x) * channels)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const w = Math.max(0, maxX - minX + 1), h = Math.max(0, maxY - minY + 1);
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = drawn(((minY + y) * width + minX + x) * channels) ? 1 : 0;
  return { width: w, height: h, mask };
}

/**
 * How much two silhouettes differ in shape, whatever their size and place: both boxes brought to
 * the same grid, the share of cells drawn in one and not the other among those drawn in either.
 */
export function shapeDifference(a: Silhouette, b: Silhouette, cells = 160): number {
  if (a.width === 0 || b.width === 0) return 1;
  const gh = Math.max(1, Math.round((cells * a.height) / a.width));
  const at = (s: Silhouette, gx: number, gy: number) => s.mask[Math.min(s.height - 1, Math.floor(((gy + 0.5) * s.height) / gh)) * s.width + Math.min(s.width - 1, Math.floor(((gx + 0.5) * s.width) / cells))]!;
  let either = 0, one = 0;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < cells; gx++) {
      const p = at(a, gx, gy), q = at(b, gx, gy);
      if (p || q) either++;
      if (p !== q) one++;
    }
  }
  return either === 0 ? 0 : one / either;
}
