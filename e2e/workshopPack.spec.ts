/**
 * The workshop pack: the owner reaches the cutting diagrams from the project panel, sees every
 * board material laid out, downloads the CSV; a part label's QR code, read from its pixels, opens
 * the link on the part's cabinet with the part selected; materials and prices are refused with a
 * reason in French, then saved and used by the estimate.
 */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { LINK_OWNER_PASSWORD, publishedKitchen } from './linkHelpers';
import { logIn } from './listHelpers';

test.use({ deviceScaleFactor: 2 });

async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

async function waitForModel(page: Page) {
  await expect(page.locator('canvas[data-engine-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: /Loading|Chargement/ })).toBeHidden({ timeout: 30_000 });
}

test('cutting diagrams, a part label opening its part, and the estimate from saved prices', async ({ page, browser }) => {
  const link = await publishedKitchen(60, 'Cut kitchen');
  await logIn(page, link.username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${link.projectId}`);
  await page.getByRole('button', { name: 'Project', exact: true }).click();
  await page.getByRole('link', { name: 'Cutting diagrams and estimate' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${link.projectId}/workshop$`));

  const groups = page.getByTestId('material-group');
  await expect(groups.first()).toBeVisible();
  await expect(page.getByRole('region', { name: /^Melamine white 18, 18 mm$/ })).toBeVisible();
  const sheets = await page.getByTestId('sheet-diagram').count();
  expect(sheets).toBeGreaterThan(0);
  expect(await page.getByTestId('total-sheets').textContent()).toContain(String(sheets));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('Cut kitchen - cutting.csv');

  // The print view: no header, the sheets with their cut sequences.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('tab', { name: 'Part labels' })).toBeHidden();
  await expect(page.getByTestId('sheet-diagram').first()).toBeVisible();
  await expect(page.locator('li:visible', { hasText: /^1\. (Rip along|Crosscut) at / }).first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Part labels: the first one's code, from its pixels.
  await page.getByRole('tab', { name: 'Part labels' }).click();
  const label = page.getByTestId('part-label').first();
  await expect(label).toBeVisible();
  const url = await decodeQr(await label.getByTestId('qr-code').screenshot());
  expect(url).toMatch(new RegExp(`/s/${link.accessKey}\\?filter=[^&]+&part=`));
  const parsed = new URL(url!);
  const cabinet = parsed.searchParams.get('filter')!;
  const partName = parsed.searchParams.get('part')!.split('+')[0];
  expect(await label.textContent()).toContain(partName);

  const guest = await browser.newContext({ serviceWorkers: 'block' });
  const guestPage = await guest.newPage();
  await guestPage.goto(url!);
  await waitForModel(guestPage);
  await expect(guestPage.getByLabel('Selected part')).toHaveText(partName);
  const tree = guestPage.getByRole('region', { name: 'Hierarchy' }).first();
  if (!(await tree.isVisible())) await guestPage.getByRole('button', { name: 'Hierarchy', exact: true }).click();
  await expect(tree.getByRole('button', { name: `Hide ${cabinet}`, exact: true })).toBeVisible();
  await guest.close();

  // Materials and prices: a bad value is refused in the user's language, a good one is used.
  await page.getByRole('tab', { name: 'Materials and prices' }).click();
  await page.getByLabel('Currency (ISO code)').fill('E');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('settings-errors')).toContainText('three-letter code');
  await page.getByLabel('Currency (ISO code)').fill('EUR');
  await page.getByLabel('Labour per part').fill('2');
  await page.getByRole('group', { name: 'Any other board' }).getByLabel('Price', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('settings-errors')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Estimate' }).click();
  const total = page.getByTestId('estimate-total');
  await expect(total).toBeVisible();
  await expect(total).not.toHaveText('€0.00');
});

test('the estimate shows on the link only once the owner turns Cost estimate on', async ({ page, browser }) => {
  const link = await publishedKitchen(30, 'Quoted kitchen');
  const guest = await browser.newContext({ serviceWorkers: 'block' });
  const guestPage = await guest.newPage();
  const openProjectPanel = async () => {
    await guestPage.goto(`/s/${link.accessKey}`);
    await waitForModel(guestPage);
    const panel = guestPage.getByRole('region', { name: 'Shared project', exact: true }).first();
    if (!(await panel.isVisible())) await guestPage.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Shared project', exact: true }).click();
    await expect(panel).toBeVisible();
    return panel;
  };
  await expect((await openProjectPanel()).getByTestId('link-estimate')).toHaveCount(0);

  await logIn(page, link.username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${link.projectId}`);
  await waitForModel(page);
  await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Share', exact: true }).click();
  const control = page.getByRole('region', { name: 'Share', exact: true }).first().getByRole('switch', { name: 'Cost estimate', exact: true });
  const patch = page.waitForResponse((res) => res.request().method() === 'PATCH' && /\/api\/v1\/projects\/\d+$/.test(res.url()));
  await control.click();
  expect((await patch).ok()).toBe(true);
  await expect(control).toHaveAttribute('aria-checked', 'true');

  const panel = await openProjectPanel();
  await expect(panel.getByRole('region', { name: 'Cost estimate' })).toBeVisible();
  // No price is set yet: the client reads quantities, not €0.00 lines and total.
  await expect(panel.getByTestId('estimate-quantities-only')).toHaveText('No prices are set: quantities only.');
  await expect(panel.getByTestId('estimate-total')).toHaveCount(0);
  await expect(panel.getByTestId('estimate-line').first()).toContainText('Boards');
  await expect(panel.getByTestId('estimate-line').first()).not.toContainText('€');
  await guest.close();
});
