import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eServer, holdEngine, publishedKitchen, waitLinkFirstFrame } from './linkHelpers';

/**
 * A shared link as a guest's browser gets it from the real server: one round of requests from the
 * first HTML (the model and poster preloaded by the page itself, never twice), compressed on the
 * wire, the poster before the 3D, and, once opened, a reopen with the network cut.
 */

const server = e2eServer;

async function waitModelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
}

interface ResourceEntry {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

/** Which pixels of a screenshot are drawn (far from the #18181b background), and how many. */
async function drawnMask(png: Buffer): Promise<{ mask: Uint8Array; drawn: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const mask = new Uint8Array(info.width * info.height);
  let drawn = 0;
  for (let p = 0, i = 0; p < mask.length; p++, i += info.channels) {
    if (Math.abs(data[i] - 24) + Math.abs(data[i + 1] - 24) + Math.abs(data[i + 2] - 27) > 60) {
      mask[p] = 1;
      drawn++;
    }
  }
  return { mask, drawn };
}

/** Share of the drawn pixels of either picture that the other does not draw. */
function difference(a: { mask: Uint8Array }, b: { mask: Uint8Array }): number {
  let either = 0;
  let one = 0;
  for (let p = 0; p < a.mask.length; p++) {
    if (a.mask[p] || b.mask[p]) either++;
    if (a.mask[p] !== b.mask[p]) one++;
  }
  return either === 0 ? 0 : one / either;
}

const resources = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: new URL(r.name).pathname, initiatorType: r.initiatorType, startTime: r.startTime, responseEnd: r.responseEnd, encodedBodySize: r.encodedBodySize, decodedBodySize: r.decodedBodySize };
    }),
  ) as Promise<ResourceEntry[]>;

test.describe('a shared link', () => {
  test('starts the model from its first HTML, compressed, once, and shows the poster before the 3D', async ({ page }) => {
    const link = await publishedKitchen();
    // Whatever the page does must pass its content security policy.
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`/s/${link.accessKey}`);
    // The server's poster is in the page itself, its picture too, before any script.
    expect(await response!.text()).toMatch(
      new RegExp(`<div id="boot-poster" aria-hidden="true"><img src="data:image/webp;base64,[A-Za-z0-9+/=]+" data-url="${link.sharedThumbnailUrl}"`),
    );
    await waitModelShown(page);
    // It was painted, and before the model's first frame.
    const painted = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          new PerformanceObserver((list) => {
            const poster = list.getEntries().find((e) => (e as PerformanceEntry & { identifier: string }).identifier === 'poster') as (PerformanceEntry & { renderTime: number }) | undefined;
            if (poster) resolve([poster.renderTime, performance.getEntriesByName('model-first-frame')[0].startTime]);
          }).observe({ type: 'element', buffered: true });
        }),
    );
    expect(painted[0]).toBeGreaterThan(0);
    expect(painted[0]).toBeLessThan(painted[1]);
    await expect(page).toHaveTitle('Link kitchen – Cabinet Viewer');
    // The 3D frame replaced both posters.
    await expect(page.locator('#boot-poster')).toHaveCount(0);
    await expect(page.getByTestId('model-poster')).toHaveCount(0);

    const entries = await resources(page);
    const model = entries.filter((e) => e.name === link.sharedModelUrl);
    expect(model).toHaveLength(1);
    // Started by the page's preload, not by a script: before the main chunk had even arrived.
    expect(model[0].initiatorType).toBe('link');
    const main = entries.find((e) => /^\/assets\/main-[\w-]+\.js$/.test(e.name))!;
    expect(model[0].startTime).toBeLessThan(main.responseEnd);
    const engine = entries.find((e) => /^\/assets\/engine-[\w-]+\.js$/.test(e.name))!;
    // The engine chunk too (a module preload of the page), while the main chunk was still on its way.
    expect(engine.startTime).toBeLessThan(main.responseEnd);
    // Compressed on the wire: fewer bytes than the browser decoded.
    for (const entry of [model[0], main, engine]) expect(entry.encodedBodySize).toBeLessThan(entry.decodedBodySize * 0.6);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    // Comments are off on a new link: not fetched at all (no 404 on the way).
    expect(entries.some((e) => e.name.endsWith('/comments'))).toBe(false);
    // Nor for the poster, neither by the page nor by the viewer's own poster over the canvas.
    expect(entries.some((e) => e.name.endsWith('.webp'))).toBe(false);
    // No round trip for the configuration or the shared project: they came with the page.
    expect(entries.some((e) => e.name === '/config.json' || e.name === `/api/v1/projects/accessKeys/${link.accessKey}`)).toBe(false);
  });

  test('draws the model in 3D from its own first script while Babylon.js is still on its way, then hands over to the viewer', async ({ page }) => {
    const link = await publishedKitchen();
    // Every canvas the page makes a WebGL context on, counted from before any script of the page.
    await page.addInitScript(() => {
      const made = new Set<HTMLCanvasElement>();
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        if (kind === 'webgl2' || kind === 'webgl') made.add(this);
        return (getContext as (...a: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
      } as typeof getContext;
      (window as unknown as { webglCanvases: () => number }).webglCanvases = () => made.size;
    });
    // The engine chunk is held back: whatever 3D shows meanwhile is the page's first frame.
    const releaseEngine = await holdEngine(page);
    const response = await page.goto(`/s/${link.accessKey}`);
    const html = await response!.text();
    // The page carries the first-frame script itself, after its boot data, and preloads the model first.
    expect(html.indexOf('id="cv-boot"')).toBeLessThan(html.indexOf('<script id="cv-first-frame">'));
    expect(html.indexOf(`href="${link.sharedModelUrl}"`)).toBeLessThan(html.indexOf('rel="modulepreload"'));

    await waitLinkFirstFrame(page);
    const canvas = page.locator('#first-frame');
    await expect(canvas).toBeVisible();
    expect(await page.evaluate(() => performance.getEntriesByName('model-first-frame').length)).toBe(0);
    const box = (await canvas.boundingBox())!;
    const shot = async () => drawnMask(await page.screenshot({ clip: box }));
    // Lines of the kitchen on the dark background.
    const opening = await shot();
    expect(opening.drawn).toBeGreaterThan(500);

    // Turned by hand before the viewer is there: a drag to the left.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 20, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => difference(opening, await shot())).toBeGreaterThan(0.3);
    const turned = await shot();

    // The app's screen is there, its text in the system's font: the web fonts wait for the viewer's
    // frame, so that none shares the network with the engine's chunk.
    await expect(page.getByRole('navigation', { name: 'Tools', exact: true })).toBeVisible();
    const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(await bodyFont()).not.toContain('Nunito');
    expect((await resources(page)).filter((e) => e.name.endsWith('.woff2'))).toEqual([]);

    releaseEngine();
    await waitModelShown(page);
    // Then they come.
    expect(await bodyFont()).toContain('Nunito');
    await expect.poll(async () => (await resources(page)).filter((e) => e.name.endsWith('.woff2')).length).toBeGreaterThan(0);
    // The engine's frame replaced it on the same canvas (one WebGL context for the page), went on
    // from the turned view, and the model was downloaded once.
    await expect(page.locator('#first-frame')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { webglCanvases: () => number }).webglCanvases())).toBe(1);
    const engineFrame = await shot();
    expect(difference(turned, engineFrame)).toBeLessThan(0.25);
    expect(difference(turned, engineFrame)).toBeLessThan(difference(opening, engineFrame) / 2);
    const entries = await resources(page);
    expect(entries.filter((e) => e.name === link.sharedModelUrl)).toHaveLength(1);
  });

  test('lays its first frame where the viewer will draw on a desk, so that the engine takes the canvas over at its size', async ({ page }) => {
    const link = await publishedKitchen();
    // Each size the page gives a canvas, counted from before any script of the page.
    await page.addInitScript(() => {
      const sizes: number[] = [];
      // The first frame's canvas, known by its id when first sized, followed after the engine took it (and its id) over.
      const firstFrame = new WeakSet<HTMLCanvasElement>();
      const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width')!;
      Object.defineProperty(HTMLCanvasElement.prototype, 'width', {
        get(this: HTMLCanvasElement) {
          return width.get!.call(this);
        },
        set(this: HTMLCanvasElement, value: number) {
          if (this.id === 'first-frame') firstFrame.add(this);
          if (firstFrame.has(this)) sizes.push(value);
          width.set!.call(this, value);
        },
      });
      (window as unknown as { canvasWidths: () => number[] }).canvasWidths = () => sizes;
      // And the page's WebGL draws.
      let draws = 0;
      const drawElements = WebGL2RenderingContext.prototype.drawElements;
      WebGL2RenderingContext.prototype.drawElements = function (this: WebGL2RenderingContext, ...args: Parameters<typeof drawElements>) {
        draws++;
        return drawElements.apply(this, args);
      };
      (window as unknown as { draws: () => number }).draws = () => draws;
    });
    const draws = () => page.evaluate(() => (window as unknown as { draws: () => number }).draws());
    const releaseEngine = await holdEngine(page);
    await page.goto(`/s/${link.accessKey}`);
    await waitLinkFirstFrame(page);
    const first = (await page.locator('#first-frame').boundingBox())!;
    // 1280 x 800: the hierarchy opens by itself and docks at the left; the side toolbars stay.
    expect(first.x).toBeGreaterThan(360);
    expect(first.x + first.width).toBeLessThan(1280 - 40);
    expect(first.height).toBe(800);
    const drawn = await draws();
    expect(drawn).toBeGreaterThan(0);
    // The app's screen is there and its canvas's place holds the first frame's: not drawn again.
    await expect(page.getByRole('navigation', { name: 'Tools', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hierarchy' })).toBeVisible();
    expect(await draws()).toBe(drawn);
    // ... and still shows it: the picture moved with the canvas.
    expect((await drawnMask(await page.screenshot({ clip: first }))).drawn).toBeGreaterThan(500);
    releaseEngine();
    await waitModelShown(page);
    await expect(page.getByRole('heading', { name: 'Hierarchy' })).toBeVisible();
    const viewerCanvas = page.locator('canvas[data-engine-ready="true"]');
    const viewer = (await viewerCanvas.boundingBox())!;
    expect(Math.abs(viewer.x - first.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(viewer.width - first.width)).toBeLessThanOrEqual(1);
    expect(viewer.height).toBe(first.height);
    // One drawing buffer for the page's 3D: sized once by the first frame, never by the engine.
    const widths = await page.evaluate(() => (window as unknown as { canvasWidths: () => number[] }).canvasWidths());
    expect(widths).toEqual([Math.round(first.width)]);
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('reopens without a network once opened, and an unpublished link stops at the next online open', async ({ page, context }) => {
      const link = await publishedKitchen();
      await page.goto(`/s/${link.accessKey}`);
      await waitModelShown(page);
      // The service worker has stored what the page used (the page hands it the list after the first frame).
      await expect
        .poll(() => page.evaluate(async (model) => (await Promise.all([location.href, model].map((u) => caches.match(u)))).every(Boolean), link.sharedModelUrl), { timeout: 15_000 })
        .toBe(true);

      await context.setOffline(true);
      await page.goto(`/s/${link.accessKey}?filter=Base%20cabinet%201`);
      await waitModelShown(page);
      await expect(page.getByRole('navigation', { name: 'Tools', exact: true })).toBeVisible();
      await context.setOffline(false);

      // Online again: the owner unpublishes, and the next open says so and forgets the stored page.
      await fetch(`${server.url}/api/v1/projects/${link.projectId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${link.token}` },
        body: JSON.stringify({ isPublished: false }),
      });
      await page.goto(`/s/${link.accessKey}`);
      await expect(page.getByRole('alertdialog', { name: 'Error' }).getByText('This link is not valid, or the project is no longer shared.')).toBeVisible({ timeout: 15_000 });
      // Its page and its model left the caches: nothing outlives the link.
      await expect.poll(() => page.evaluate((model) => Promise.all([caches.match(location.href), caches.match(model)]).then((found) => found.filter(Boolean).length), link.sharedModelUrl)).toBe(0);
      expect((await fetch(`${server.url}${link.sharedModelUrl}`)).status).toBe(404);
    });

    test('reopens from the stored page at once, then loads again when the link changed meanwhile', async ({ page }) => {
      const link = await publishedKitchen(40, 'Stored kitchen');
      await page.goto(`/s/${link.accessKey}`);
      await waitModelShown(page);
      await expect.poll(() => page.evaluate(() => caches.match(location.href).then(Boolean)), { timeout: 15_000 }).toBe(true);

      // Unchanged: the stored page is the answer, and nothing asks to load again.
      await page.goto(`/s/${link.accessKey}`);
      await waitModelShown(page);
      await expect(page).toHaveTitle('Stored kitchen – Cabinet Viewer');
      expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('navigate');

      // The owner renames the project: the next open shows the stored page, learns of the change and loads again.
      await fetch(`${server.url}/api/v1/projects/${link.projectId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${link.token}` },
        body: JSON.stringify({ name: 'Renamed kitchen' }),
      });
      await page.goto(`/s/${link.accessKey}`);
      // The stored page, then the reload the worker's word on the change asks for (the app's own read
      // of the link may show the new name before that word arrives; a read during the reload is retried).
      const navigationType = () =>
        page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ?? 'none').catch(() => 'reloading');
      await expect.poll(navigationType, { timeout: 15_000 }).toBe('reload');
      await expect(page).toHaveTitle('Renamed kitchen – Cabinet Viewer', { timeout: 15_000 });
      await waitModelShown(page);
    });
  });
});
