/**
 * Nothing of an owner's unpublished project stays in the browser after logout: not in Cache
 * Storage (where the service worker keeps model files), not in the HTTP cache. The files of a
 * public link opened before stay (its offline reopen).
 */
import { expect, test, type Page } from '@playwright/test';
import { publishedKitchen } from './linkHelpers';
import { ownKitchen } from './ownProject';

test.use({ serviceWorkers: 'allow' });

const modelShown = (page: Page) => page.locator('[data-model-shown="true"]').waitFor({ timeout: 60_000 });

/** Every URL kept in Cache Storage. */
const stored = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

/** Whether the page gets `url` without the network: from the service worker's cache or the HTTP cache. */
const cached = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    try {
      return (await fetch(u, { cache: 'only-if-cached', mode: 'same-origin' })).ok;
    } catch {
      return false;
    }
  }, url);

test('after logout nothing of an unpublished project is in Cache Storage or the HTTP cache', async ({ page }) => {
  test.setTimeout(150_000);
  // A public link opened first: the service worker is installed and keeps its files.
  const link = await publishedKitchen(20, 'Public kitchen');
  await page.goto(`/s/${link.accessKey}`);
  await modelShown(page);
  await expect.poll(() => page.evaluate((u) => caches.match(u).then(Boolean), link.sharedModelUrl), { timeout: 15_000 }).toBe(true);

  const owned = await ownKitchen(page, 'logout-data', 'Private kitchen.dae');
  const ownerModels: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/v1\/models\/.+\.glb$/.test(path)) ownerModels.push(path);
  });
  await page.goto(owned.projectPath);
  await modelShown(page);
  expect(ownerModels.length).toBeGreaterThan(0);
  const model = ownerModels[0];
  // While logged in, the owner's model is kept (what the logout must remove is there).
  await expect.poll(async () => (await stored(page)).includes(model), { timeout: 15_000 }).toBe(true);
  expect(await cached(page, model)).toBe(true);

  await page.goto('/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await expect.poll(async () => (await stored(page)).filter((path) => path.startsWith('/api/v1/models/'))).toEqual([]);
  expect(await cached(page, model)).toBe(false);
  // The public link's model stays for its offline reopen.
  expect(await stored(page)).toContain(link.sharedModelUrl);
});
