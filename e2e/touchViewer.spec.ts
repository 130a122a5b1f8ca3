/**
 * Touch in the product's viewer, as a client opens a shared link on a phone (390 x 844, touch
 * events through the DevTools protocol, the same gestures as the engine's touch test): one finger
 * turns the model, two fingers spreading apart bring it closer, and a tap selects the part under
 * the finger, whose name the part information then shows. Each gesture is checked on the canvas's
 * pixels; the link is a generated kitchen converted by the real server.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AssemblyNode } from '../samples/assembly';
import { generateAssembly } from '../samples/generate';
import { publishedKitchen } from './linkHelpers';
import { changed, settledPixels } from './pixels';
import { gesture, touch, type Point } from './touchInput';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });

/** Share of the picture the model covers: pixels away from the background colour (the colour of most pixels of an empty view). */
function modelShare(pixels: Buffer, background: [number, number, number]): number {
  let count = 0;
  for (let i = 0; i < pixels.length; i += 3) {
    if (Math.abs(pixels[i]! - background[0]) + Math.abs(pixels[i + 1]! - background[1]) + Math.abs(pixels[i + 2]! - background[2]) > 30) count++;
  }
  return count / (pixels.length / 3);
}

/** The point nearest the middle of the picture inside the model (its 9 x 9 pixels all away from the background). */
function modelPointNear(pixels: Buffer, background: [number, number, number], width: number, height: number): Point {
  const w = Math.round(width);
  const h = Math.round(height);
  const onModel = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    return Math.abs(pixels[i]! - background[0]) + Math.abs(pixels[i + 1]! - background[1]) + Math.abs(pixels[i + 2]! - background[2]) > 30;
  };
  const inside = (x: number, y: number) => {
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) if (!onModel(x + dx, y + dy)) return false;
    return true;
  };
  for (let r = 0; r < Math.min(w, h) / 2 - 5; r += 2) {
    for (let k = 0; k < 32; k++) {
      const x = Math.round(w / 2 + r * Math.cos((k * Math.PI) / 16));
      const y = Math.round(h / 2 + r * Math.sin((k * Math.PI) / 16));
      if (inside(x, y)) return { x, y };
    }
  }
  throw new Error('no part of the model on screen');
}

/** The colour most pixels have. */
function commonest(pixels: Buffer): [number, number, number] {
  const counts = new Map<number, number>();
  for (let i = 0; i < pixels.length; i += 3) {
    const key = (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const key = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  return [key >> 16, (key >> 8) & 255, key & 255];
}

/** Every display name of the kitchen's tree (the part of an encoded name before its sizes). */
function displayNames(node: AssemblyNode): string[] {
  return [node.name.split('+')[0]!, ...node.children.flatMap(displayNames)];
}

test('on a phone, a shared link: one finger turns the model, two fingers pinch it closer, a tap selects a part and shows its name', async ({ page, context }) => {
  test.setTimeout(180_000);
  const link = await publishedKitchen(60, 'Touch kitchen');
  // The kitchen publishedKitchen converts (60 parts, seed 4): the names a selection may show.
  const names = new Set(displayNames(generateAssembly({ parts: 60, seed: 4 }).root));
  await page.goto(`/s/${link.accessKey}`);
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
  const canvas = page.locator('canvas[data-engine-ready="true"]');
  // The page never scrolls or zooms under a gesture: the canvas takes every touch.
  expect(await canvas.evaluate((c) => getComputedStyle(c).touchAction)).toBe('none');
  const cdp = await context.newCDPSession(page);
  const box = (await canvas.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const info = page.getByRole('button', { name: 'Part information', exact: true });
  await expect(info).toBeDisabled();
  // Solid faces (the link opens in the owner's wireframe): the model's share of the screen then says how close it is.
  await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: 'Render mode', exact: true }).tap();
  const modes = page.getByRole('region', { name: 'Render mode' }).first();
  await modes.getByRole('radio', { name: 'Solid' }).tap();
  await expect(modes.getByRole('radio', { name: 'Solid' })).toHaveAttribute('aria-checked', 'true');
  await modes.getByRole('button', { name: 'Close', exact: true }).first().tap();
  await expect(modes).toBeHidden();

  const start = await settledPixels(page);
  const background = commonest(start);

  await test.step('one finger turns the model, and selects nothing', async () => {
    await gesture(cdp, [centre], [{ x: centre.x + 120, y: centre.y }]);
    const turned = await settledPixels(page);
    expect(changed(start, turned)).toBeGreaterThan(0.02);
    await expect(info).toBeDisabled();
  });

  await test.step('two fingers spreading apart bring the model closer: it covers more of the screen', async () => {
    const before = await settledPixels(page);
    await gesture(cdp, [{ x: centre.x - 30, y: centre.y }, { x: centre.x + 30, y: centre.y }], [{ x: centre.x - 140, y: centre.y }, { x: centre.x + 140, y: centre.y }]);
    const closer = await settledPixels(page);
    expect(changed(before, closer)).toBeGreaterThan(0.02);
    expect(modelShare(closer, background)).toBeGreaterThan(modelShare(before, background) * 1.2);
    await expect(info).toBeDisabled();
  });

  await test.step('a tap on the model selects the part under the finger: it is highlighted and its name shown', async () => {
    const before = await settledPixels(page);
    const onModel = modelPointNear(before, background, box.width, box.height);
    await touch(cdp, 'touchStart', [{ x: box.x + onModel.x, y: box.y + onModel.y }]);
    await touch(cdp, 'touchEnd', []);
    await expect(info).toBeEnabled();
    const selected = await settledPixels(page);
    expect(changed(before, selected)).toBeGreaterThan(0.002);
    // The phone's caption over the toolbar names the part selected, and its information says the same.
    const caption = page.getByLabel('Selected part', { exact: true });
    await expect(caption).toBeVisible();
    const name = (await caption.textContent())!.trim();
    expect(names.has(name), `"${name}" is a part of the kitchen`).toBe(true);
    if ((await info.getAttribute('aria-pressed')) !== 'true') await info.tap();
    await expect(info).toHaveAttribute('aria-pressed', 'true');
    const sheet = page.getByRole('region', { name: 'Part information' }).getByTestId('data-sheet');
    await expect(sheet).toContainText(name);
  });
});
