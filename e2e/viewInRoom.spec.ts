import { expect, test, type Browser } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { api } from '../bench/lib/appServer';
import { logIn } from './listHelpers';
import { e2eServer, HEADSET_USER_AGENT, LINK_OWNER_PASSWORD, publishedKitchen } from './linkHelpers';

/**
 * "View in your room" on a real link: on Android, the shared-project panel holds a Scene Viewer
 * intent whose file is the link's AR GLB, which the server answers, and with a cabinet chosen in the
 * hierarchy one to that cabinet's own files; on a desktop, a QR code whose
 * pixels decode to the link with AR requested, which on the phone offers AR at once; nothing once
 * the owner turns the option off.
 */

const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

async function sharedPanel(browser: Browser, link: string, userAgent?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Shared project', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Shared project', exact: true }).first();
  await expect(panel).toContainText('Link Owner');
  return { context, page, panel };
}

/** The text of the QR code in a PNG, read from its pixels. */
async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

test('Android gets a Scene Viewer intent to the link’s AR GLB; a desktop a QR code of the link with AR requested', async ({ browser }) => {
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

  // A cabinet chosen in the hierarchy: its own files, made by the server on request.
  const toolbar = android.page.getByRole('navigation', { name: 'Project toolbar' });
  await toolbar.getByRole('button', { name: 'Hierarchy', exact: true }).click();
  await android.page.getByRole('region', { name: 'Hierarchy' }).first().getByText('Base cabinet 1', { exact: true }).click();
  await toolbar.getByRole('button', { name: 'Shared project', exact: true }).click();
  const cabinetLink = android.page.getByRole('region', { name: 'Shared project', exact: true }).first().getByRole('link', { name: 'View this cabinet in your room' });
  await expect(cabinetLink).toBeVisible();
  const cabinetFile = new URLSearchParams((await cabinetLink.getAttribute('href'))!.split('?')[1].split('#')[0]).get('file')!;
  expect(new URL(cabinetFile).pathname).toMatch(new RegExp(`^/api/v1/projects/accessKeys/${kitchen.accessKey}/ar/\\d+\\.glb$`));
  const cabinetGlb = await android.page.request.get(cabinetFile);
  expect([cabinetGlb.status(), cabinetGlb.headers()['content-type']]).toEqual([200, 'model/gltf-binary']);
  expect((await cabinetGlb.body()).byteLength).toBeLessThan((await glb.body()).byteLength);
  await android.context.close();

  const desktop = await sharedPanel(browser, link);
  await expect(desktop.panel.getByRole('link', { name: 'View in your room' })).toHaveCount(0);
  await desktop.panel.getByRole('button', { name: 'View in your room' }).click();
  const qr = desktop.page.getByRole('dialog', { name: 'View in your room' }).getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  const scanned = await decodeQr(await qr.screenshot());
  expect(scanned).toBe(`${e2eServer.url}${link}?ar=1`);
  await desktop.context.close();

  // The phone that scans it is offered AR at once, its big button the Scene Viewer intent.
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, userAgent: PIXEL });
  const phonePage = await phone.newPage();
  await phonePage.goto(scanned!);
  const big = phonePage.getByRole('dialog', { name: 'View in your room' }).getByRole('link', { name: 'View in your room' });
  await expect(big).toBeVisible({ timeout: 30_000 });
  expect(await big.getAttribute('href')).toBe(href);
  await phonePage.getByRole('button', { name: 'Not now' }).click();
  await expect(big).toHaveCount(0);
  expect(new URL(phonePage.url()).search).toBe('');
  await phone.close();

  await api(e2eServer, `projects/${kitchen.projectId}`, kitchen.token, { shareOptions: { isArAvailable: false } }, 'PATCH');
  const off = await sharedPanel(browser, link);
  await expect(off.panel.getByRole('button', { name: 'View in your room' })).toHaveCount(0);
  await off.context.close();
});

test('the owner’s phone opens the current revision’s AR files with no header; the owner’s desktop shows a QR code of the viewer with AR requested', async ({ browser }) => {
  const kitchen = await publishedKitchen(20, 'Owner AR kitchen');
  // Unpublished: the owner's own files, not the link's.
  await api(e2eServer, `projects/${kitchen.projectId}`, kitchen.token, { isPublished: false }, 'PATCH');
  const viewerPath = `/projects/${kitchen.projectId}`;
  const ownerPanel = async (userAgent?: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2, ...(userAgent ? { userAgent } : {}) });
    const page = await context.newPage();
    await logIn(page, kitchen.username, LINK_OWNER_PASSWORD);
    await page.goto(viewerPath);
    await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
    const panel = page.getByRole('region', { name: 'Project', exact: true }).first();
    if (!(await panel.isVisible())) await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Project', exact: true }).click();
    await expect(panel).toContainText('Owner AR kitchen');
    return { context, page, panel };
  };

  const android = await ownerPanel(PIXEL);
  const button = android.panel.getByRole('link', { name: 'View in your room' });
  await expect(button).toBeVisible();
  const file = new URLSearchParams((await button.getAttribute('href'))!.split('?')[1].split('#')[0]).get('file')!;
  expect(new URL(file).pathname).toMatch(/^\/api\/v1\/models\/[A-Za-z0-9]+\/ar\.glb$/);
  await android.context.close();
  // Scene Viewer fetches it as a stranger would: no token, no cookie.
  const stranger = await browser.newContext();
  const glb = await stranger.request.get(file);
  expect([glb.status(), glb.headers()['content-type']]).toEqual([200, 'model/gltf-binary']);
  expect((await glb.body()).subarray(0, 4).toString('latin1')).toBe('glTF');
  await stranger.close();

  const desktop = await ownerPanel();
  await desktop.panel.getByRole('button', { name: 'View in your room' }).click();
  const qr = desktop.page.getByRole('dialog', { name: 'View in your room' }).getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await decodeQr(await qr.screenshot())).toBe(`${e2eServer.url}${viewerPath}?ar=1`);
  await desktop.context.close();
});

test('a browser with WebXR’s immersive-ar and no AR viewer of its own places the model in the page; a refused session is said and leaves the page as it was', async ({ browser }) => {
  const kitchen = await publishedKitchen(20, 'WebXR kitchen');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: HEADSET_USER_AGENT });
  // The browser's WebXR as a headset's says it: immersive-ar supported; the session is refused
  // (no AR here), and what the page asked for is kept.
  await context.addInitScript(() => {
    const asked: unknown[] = [];
    Object.defineProperty(window, 'sessionsAsked', { value: asked });
    Object.defineProperty(navigator, 'xr', {
      value: {
        isSessionSupported: (mode: string) => Promise.resolve(mode === 'immersive-ar'),
        requestSession: (mode: string, init?: { optionalFeatures?: string[]; requiredFeatures?: string[]; domOverlay?: { root?: HTMLElement } }) => {
          asked.push({ mode, features: [...(init?.requiredFeatures ?? []), ...(init?.optionalFeatures ?? [])], overlay: init?.domOverlay?.root?.dataset.testid ?? null });
          return Promise.reject(new DOMException('No AR runtime', 'NotSupportedError'));
        },
        addEventListener: () => {},
        removeEventListener: () => {},
      },
    });
  });
  const page = await context.newPage();
  const glbAsked: string[] = [];
  page.on('request', (request) => {
    if (/\/ar\.glb$/.test(new URL(request.url()).pathname)) glbAsked.push(new URL(request.url()).pathname);
  });
  await page.goto(`/s/${kitchen.accessKey}`);
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Shared project', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Shared project', exact: true }).first();
  // A button (no Scene Viewer link, no QR code dialog).
  const button = panel.getByRole('button', { name: 'View in your room' });
  await expect(button).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View in your room' })).toHaveCount(0);
  await button.click();

  await expect(panel.getByRole('alert')).toHaveText(/Augmented reality could not start on this device\./, { timeout: 30_000 });
  expect(glbAsked).toEqual([`/api/v1/projects/accessKeys/${kitchen.accessKey}/ar.glb`]);
  const asked = await page.evaluate(() => (window as unknown as { sessionsAsked: Array<{ mode: string; features: string[]; overlay: string | null }> }).sessionsAsked);
  expect(asked.map((a) => a.mode)).toEqual(['immersive-ar']);
  // Placed on the floor by a hit test, with the page's own layer over the camera's picture.
  expect(asked[0]!.features).toEqual(expect.arrayContaining(['hit-test', 'dom-overlay', 'local-floor']));
  expect(asked[0]!.overlay).toBe('room-ar-overlay');
  // Nothing of the attempt stays over the page; the viewer goes on.
  await expect(page.locator('canvas[data-room-ar]')).toHaveCount(0);
  await expect(page.getByTestId('room-ar-overlay')).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await panel.getByRole('alert').getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await context.close();
});
