/**
 * Workshop outputs: the QR labels page, whose codes are read back from their pixels (jsQR on
 * screenshots) and one of them opened as a guest, who finds that cabinet isolated; and the
 * viewer's parts list, whose CSV file is the server's.
 */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { LINK_OWNER_PASSWORD, e2eServer, publishedKitchen } from './linkHelpers';
import { logIn } from './listHelpers';

// Two device pixels per CSS pixel: each QR module covers several screenshot pixels.
test.use({ deviceScaleFactor: 2 });

async function waitForModel(page: Page) {
  await expect(page.locator('canvas[data-engine-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: /Loading|Chargement/ })).toBeHidden({ timeout: 30_000 });
}

/** The text of the QR code in a PNG, read from its pixels. */
async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

test('every QR label decodes to the shared link of its cabinet, which opens that cabinet isolated', async ({ page, browser }) => {
  const link = await publishedKitchen(60, 'Label kitchen');
  await logIn(page, link.username, LINK_OWNER_PASSWORD);

  // Reached from the owner's project panel.
  await page.goto(`/projects/${link.projectId}`);
  await page.getByRole('button', { name: 'Project', exact: true }).click();
  await page.getByRole('link', { name: 'Print QR labels' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${link.projectId}/labels$`));

  const labels = page.getByTestId('qr-label');
  await expect(labels.first()).toBeVisible();
  const names = await labels.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
  // The whole project, then the cabinets of the generated kitchen.
  expect(names[0]).toBe('Label kitchen');
  const cabinets = names.slice(1);
  expect(cabinets).toContain('Base cabinet 1');
  expect(cabinets).toContain('Wall cabinet 1');
  expect(cabinets.every((n) => /^(Base|Wall) cabinet \d+$/.test(n))).toBe(true);

  const origin = new URL(page.url()).origin;
  const shared = `${origin}/s/${link.accessKey}`;
  const decoded: string[] = [];
  for (const code of await page.getByTestId('qr-code').all()) decoded.push((await decodeQr(await code.screenshot())) ?? '(unreadable)');
  expect(decoded).toEqual([shared, ...cabinets.map((name) => `${shared}?filter=${encodeURIComponent(name)}`)]);

  // The roll format: one label per page, the same codes.
  await page.getByRole('radio', { name: /Label roll/ }).click();
  await expect(page.getByTestId('label-page')).toHaveCount(names.length);
  expect(await decodeQr(await page.getByTestId('qr-code').nth(1).screenshot())).toBe(decoded[1]);

  // A guest opens the second cabinet's code: only that cabinet is shown.
  const target = cabinets[1];
  const other = cabinets.find((n) => n !== target)!;
  const guest = await browser.newContext({ serviceWorkers: 'block' });
  const guestPage = await guest.newPage();
  await guestPage.goto(decoded[2]);
  await waitForModel(guestPage);
  const tree = guestPage.getByRole('region', { name: 'Hierarchy' }).first();
  if (!(await tree.isVisible())) await guestPage.getByRole('button', { name: 'Hierarchy', exact: true }).click();
  await expect(tree.getByRole('button', { name: `Hide ${target}`, exact: true })).toBeVisible();
  await expect(tree.getByRole('button', { name: `Show ${other}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await guest.close();
});

test('the viewer’s parts list downloads the server’s CSV', async ({ page }) => {
  const link = await publishedKitchen(60, 'Parts kitchen');
  await logIn(page, link.username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${link.projectId}`);
  await waitForModel(page);
  await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: 'Parts list' }).click();
  const panel = page.getByTestId('parts-list');
  await expect(panel.getByRole('region', { name: 'Base cabinet 1' })).toBeVisible();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const fromServer = await fetch(`${e2eServer.url}/api/v1/projects/${link.projectId}/parts.csv?unit=mm`, { headers: { authorization: `Bearer ${link.token}` } });
  expect(fromServer.status).toBe(200);
  expect(Buffer.concat(chunks).equals(Buffer.from(await fromServer.arrayBuffer()))).toBe(true);
});
