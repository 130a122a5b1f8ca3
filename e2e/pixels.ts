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
