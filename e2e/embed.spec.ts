import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { e2eServer, publishedKitchen } from './linkHelpers';

/**
 * Embedding a shared link: a page of another site framing the link shows the model, under the
 * link's own content security policy, with no panel open over it; the same page framing an owner's
 * page gets nothing, the browser refuses to show it in the frame.
 */

// Another site: the app is reached as 127.0.0.1, the embedding page is served by a small server of
// this spec as localhost (a different site on the same machine; a page Playwright made up would
// count as public, and Chromium would refuse it any local address before our headers count).
let showroom: Server;
let showroomHtml = '';

test.beforeAll(async () => {
  showroom = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(showroomHtml));
  await new Promise<void>((resolve) => showroom.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => showroom.close(() => resolve())));

test('another site embeds a shared link, but not an owner page', async ({ page }) => {
  const link = await publishedKitchen(40, 'Embedded kitchen');
  const linkUrl = `${e2eServer.url}/s/${link.accessKey}`;
  const ownerUrl = `${e2eServer.url}/projects/${link.projectId}`;
  showroomHtml = `<!doctype html><title>Our showroom</title>
    <iframe name="link" src="${linkUrl}" width="800" height="600" style="border:0" allow="fullscreen"></iframe>
    <iframe name="owner" src="${ownerUrl}" width="400" height="300"></iframe>`;
  // Whatever the framed link does must pass its content security policy (the script runs in every frame).
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const ownerAnswer = page.waitForResponse((response) => response.url() === ownerUrl);
  await page.goto(`http://localhost:${(showroom.address() as AddressInfo).port}/`);

  // The link draws its model inside the other site's page.
  await expect(page.frameLocator('iframe[name="link"]').locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
  const framed = page.frame({ name: 'link' })!;
  expect(framed.url()).toBe(linkUrl);
  expect(await framed.evaluate(() => window.top !== window)).toBe(true);
  expect(await framed.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  // The frame starts compact: the hierarchy the link allows stays closed, clear of the logo and the model.
  const inFrame = page.frameLocator('iframe[name="link"]');
  await expect(inFrame.getByRole('img', { name: 'Project logo' })).toBeVisible();
  await expect(inFrame.getByRole('region', { name: 'Hierarchy' })).toHaveCount(0);
  await expect(inFrame.getByRole('button', { name: 'Hierarchy', exact: true })).toHaveAttribute('aria-pressed', 'false');

  // The owner's page was answered, but the browser showed none of it in the frame: no app document.
  expect((await ownerAnswer).status()).toBe(200);
  const owner = page.frame({ name: 'owner' })!;
  await expect.poll(() => owner.url()).not.toBe('about:blank');
  // (Chromium's error page, not the app, which would have gone on to its login page.)
  expect(owner.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe[name="owner"]').locator('#root')).toHaveCount(0);
});
