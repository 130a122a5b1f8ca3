import { expect, test, type Browser } from '@playwright/test';
import { publishedKitchen } from './linkHelpers';

/**
 * "View in your room" on a real link: on Android, the shared-project panel holds a Scene Viewer
 * intent whose file is the link's AR GLB, which the server answers; on a desktop it is not there.
 */

const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

async function sharedPanel(browser: Browser, link: string, userAgent?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Shared project', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Shared project', exact: true }).first();
  await expect(panel).toContainText('Link Owner');
  return { context, page, panel };
}

test('an Android phone gets a Scene Viewer intent to the link’s AR GLB; a desktop gets nothing', async ({ browser }) => {
  const kitchen = await publishedKitchen(20, 'AR kitchen');
  const link = `/s/${kitchen.accessKey}`;

  const android = await sharedPanel(browser, link, PIXEL);
  const button = android.panel.getByRole('link', { name: 'View in your room' });
  await expect(button).toBeVisible();
  const href = (await button.getAttribute('href'))!;
  expect(href).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?/);
  expect(href).toContain('mode=ar_only');
  const file = new URLSearchParams(href.split('?')[1].split('#')[0]).get('file')!;
  expect(new URL(file).pathname).toBe(`/api/v1/projects/accessKeys/${kitchen.accessKey}/ar.glb`);
  const glb = await android.page.request.get(file);
  expect(glb.status()).toBe(200);
  expect(glb.headers()['content-type']).toBe('model/gltf-binary');
  expect((await glb.body()).subarray(0, 4).toString('latin1')).toBe('glTF');
  await android.context.close();

  const desktop = await sharedPanel(browser, link);
  await expect(desktop.panel.getByRole('link', { name: 'View in your room' })).toHaveCount(0);
  await desktop.context.close();
});
