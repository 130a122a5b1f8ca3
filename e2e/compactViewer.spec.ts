/**
 * The viewer on a phone (390 x 844) and a portrait tablet (768 x 1024), with touch, as a guest on a
 * shared link and as the owner: the model takes the screen, every panel of the toolbar (and of its
 * More sheet) opens as a sheet and closes, and in every state no two visible controls overlap and
 * none runs off the screen, as read from their boxes.
 */
import { expect, type Page, test } from '@playwright/test';
import { layoutProblems } from './layoutProblems';
import { logIn } from './listHelpers';
import { LINK_OWNER_PASSWORD, publishedKitchen, type PublishedLink } from './linkHelpers';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'portrait tablet', width: 768, height: 1024 },
];

async function waitModelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 30_000 });
}

/** Opens each panel of the toolbar and its More sheet in turn, checking the layout, and closes it again. */
async function everyPanel(page: Page, label: string) {
  const bar = page.getByRole('navigation', { name: 'Tools', exact: true });
  await expect(bar).toBeVisible();
  expect(await layoutProblems(page), `${label}, no panel open`).toEqual([]);
  const names = (await bar.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!))).filter((n) => n !== 'More');
  const more = bar.getByRole('button', { name: 'More', exact: true });
  const moreNames = (await more.count())
    ? await (async () => {
        await more.click();
        const sheet = page.getByRole('region', { name: 'More' });
        await expect(sheet).toBeVisible();
        expect(await layoutProblems(page), `${label}, More open`).toEqual([]);
        const list = await sheet.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.textContent!.trim()).filter(Boolean));
        await sheet.getByRole('button', { name: 'Close' }).click();
        await expect(sheet).toBeHidden();
        return list;
      })()
    : [];
  expect(names.length + moreNames.length).toBeGreaterThanOrEqual(6);
  for (const [name, inMore] of [...names.map((n) => [n, false] as const), ...moreNames.map((n) => [n, true] as const)]) {
    if (inMore) {
      await more.click();
      await page.getByRole('region', { name: 'More' }).getByRole('button', { name, exact: true }).click();
    } else {
      await bar.getByRole('button', { name, exact: true }).click();
    }
    // Tool and project panels open as sheets (regions); the user and about panels as dialogs.
    const region = page.getByRole('region', { name, exact: true }).first();
    const dialogClose = page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true });
    await expect(region.or(dialogClose).first(), `${name} opens`).toBeVisible();
    expect(await layoutProblems(page), `${label}, ${name} open`).toEqual([]);
    if (await region.isVisible()) {
      // A panel's sheet takes half the height at most, so the model keeps the other half above it.
      const box = (await region.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.height, `${label}, ${name}'s sheet height`).toBeLessThanOrEqual(viewport.height / 2 + 1);
      expect(box.y, `${label}, ${name}'s sheet top`).toBeGreaterThanOrEqual(viewport.height / 2 - 80);
    }
    if (await region.isVisible()) await region.getByRole('button', { name: 'Close', exact: true }).first().click();
    else await dialogClose.first().click();
    await expect(page.getByRole('region', { name, exact: true }), `${name} closes`).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

let link: PublishedLink;

test.beforeAll(async () => {
  link = await publishedKitchen(60, 'Compact kitchen');
});

for (const size of SIZES) {
  test.describe(`the viewer on a ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });

    // Every state of the viewer passes the content security policy.
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        (window as unknown as { cspViolations: string[] }).cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
    });
    test.afterEach(async ({ page }) => {
      expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
    });

    test('a guest: the model takes the screen, every panel opens and closes, nothing overlaps', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`/s/${link.accessKey}`);
      await waitModelShown(page);
      const canvas = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
      expect((canvas.width * canvas.height) / (size.width * size.height)).toBeGreaterThanOrEqual(0.75);
      await expect(page.getByRole('navigation', { name: 'Project toolbar' })).toHaveCount(0);
      await expect(page).toHaveTitle('Compact kitchen – Cabinet Viewer');
      await everyPanel(page, `guest on a ${size.name}`);

      // The browser's back button closes an open sheet and stays in the viewer.
      const url = page.url();
      const tools = page.getByRole('navigation', { name: 'Tools', exact: true });
      await tools.getByRole('button', { name: 'Render mode', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Render mode' })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('region', { name: 'Render mode' })).toHaveCount(0);
      expect(page.url()).toBe(url);
      await expect(page.locator('[data-model-shown="true"]')).toBeAttached();
    });

    test('the owner: every panel opens and closes, nothing overlaps', async ({ page }) => {
      test.setTimeout(150_000);
      await logIn(page, link.username, LINK_OWNER_PASSWORD);
      await page.goto(`/projects/${link.projectId}`);
      await waitModelShown(page);
      await expect(page).toHaveTitle('Compact kitchen – Cabinet Viewer');
      await everyPanel(page, `owner on a ${size.name}`);
    });
  });
}

test.describe('the viewer on a phone held sideways', () => {
  test.use({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });

  test('keeps the side toolbars, opens no panel by itself, and its panels cover the model opaquely without overlaps', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`/s/${link.accessKey}`);
    await waitModelShown(page);
    const canvas = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
    expect((canvas.width * canvas.height) / (844 * 390)).toBeGreaterThanOrEqual(0.75);
    await expect(page.getByRole('region', { name: 'Hierarchy' })).toHaveCount(0);
    expect(await layoutProblems(page), 'no panel open').toEqual([]);
    for (const [bar, name] of [
      ['Project toolbar', 'Hierarchy'],
      ['Tools', 'Render mode'],
      ['Tools', 'Measure'],
    ] as const) {
      await page.getByRole('navigation', { name: bar, exact: true }).getByRole('button', { name, exact: true }).click();
      const panel = page.getByRole('region', { name, exact: true }).first();
      await expect(panel).toBeVisible();
      expect(await panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      expect(await layoutProblems(page), `${name} open`).toEqual([]);
    }
  });
});
