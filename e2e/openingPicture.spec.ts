import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api } from '../bench/lib/appServer';
import { e2eServer, holdEngine, publishedKitchen, waitLinkFirstFrame } from './linkHelpers';
import { changed, shapeDifference, silhouetteOf } from './pixels';

/**
 * One picture from the poster to the viewer: on a shared link, the server's poster, the page's own
 * first frame (plain WebGL) and the engine's frame (Babylon.js) show the model from the same side,
 * lit the same way, so nothing jumps when one replaces the other. The first frame and the engine's
 * frame are compared pixel by pixel; the poster, drawn at its own size, by the shape of what it
 * draws.
 */

async function waitModelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
}

/** Raw RGB of the 3D canvas within `box`, without the controls over it. */
async function pixelsOf(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const style = await page.addStyleTag({ content: 'body * { visibility: hidden !important } #first-frame, canvas[data-engine-ready] { visibility: visible !important }' });
  const png = await page.screenshot({ clip: box });
  await style.evaluate((element) => (element as Element).remove());
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
];

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.hasTouch });

    test('the poster, the first frame and the engine frame of a link are one picture', async ({ page }) => {
      const link = await publishedKitchen(60, 'One picture');
      // Solid, as the poster is drawn (a link that offers wireframe opens in it).
      await api(e2eServer, `projects/${link.projectId}`, link.token, { shareOptions: { isWireframeRenderModeAvailable: false } }, 'PATCH');
      // The engine chunk is held back: what shows meanwhile is the page's first frame.
      const releaseEngine = await holdEngine(page);
      await page.goto(`/s/${link.accessKey}`);
      await waitLinkFirstFrame(page);
      const box = (await page.locator('#first-frame').boundingBox())!;
      const first = await pixelsOf(page, box);

      releaseEngine();
      await waitModelShown(page);
      await expect(page.locator('#first-frame')).toHaveCount(0);
      // Two frames after the engine's first, the camera still where it opened.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
      const engine = await pixelsOf(page, box);

      // The same picture: at most a sliver of pixels differs by more than a little (0.04 to 0.1 %
      // today; the engine that culled the faces towards the camera differed on 1 to 2.3 %: edges
      // behind doors showed through them, undersides were lit from above).
      const firstShape = silhouetteOf(first.data, first.width, first.height, 3);
      expect(firstShape.width * firstShape.height).toBeGreaterThan(0.05 * first.width * first.height);
      expect(changed(first.data, engine.data)).toBeLessThan(0.005);

      // The poster: the same silhouette, in its own frame and at its own size.
      const posterFile = await fetch(`${e2eServer.url}${link.sharedThumbnailUrl}`);
      expect(posterFile.status).toBe(200);
      const poster = await sharp(Buffer.from(await posterFile.arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const posterShape = silhouetteOf(poster.data, poster.info.width, poster.info.height, 3);
      const engineShape = silhouetteOf(engine.data, engine.width, engine.height, 3);
      expect(Math.abs(posterShape.width / posterShape.height / (engineShape.width / engineShape.height) - 1)).toBeLessThan(0.05);
      expect(shapeDifference(engineShape, posterShape)).toBeLessThan(0.08);
    });
  });
}
