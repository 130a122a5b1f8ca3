/**
 * The client's quote in Chromium against the real server: the owner's options bound to one
 * material of a converted kitchen; on the link, the choice in the URL recolours exactly the pixels
 * that turn the choice's colour (nothing else moves); the Options panel changes the choice, the URL
 * and the estimate's total as the server prices it; the approval keeps the choice and the total.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ProjectQuote } from '../src/api/quoteSchemas';
import type { Estimate } from '../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS } from '../src/model/cutting/workshopSettings';
import type { QuoteChoice, QuoteOptions } from '../src/model/quote/quoteOptions';
import { e2eServer, publishedKitchen } from './linkHelpers';
import sharp from 'sharp';
import { settledPixels } from './pixels';

/** A green no part of the generated kitchen has: a pixel of it is a recoloured part. */
const GREEN = '#20c040';
const isGreen = (p: Buffer, i: number) => p[i + 1]! > p[i]! + 40 && p[i + 1]! > p[i + 2]! + 40;

/** One group, "Finish", on the parts of this material: the model's own choice, then `other`. */
function finishOptions(material: string, other: QuoteChoice): QuoteOptions {
  const own: QuoteChoice = { id: 'own', name: 'As drawn', colour: '#888888', board: '', price: { kind: 'fixed', amount: 0 } };
  return { validityDays: 30, groups: [{ id: 'finish', name: 'Finish', bind: { kind: 'material', name: material }, choices: [own, other] }] };
}

async function modelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
}

test('a finish chosen on the link recolours its parts only, reprices, stays in the URL and goes with the approval', async ({ browser }) => {
  test.setTimeout(180_000);
  const link = await publishedKitchen(40, 'Quote kitchen');
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${e2eServer.url}/api/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${link.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    expect(res.ok, `${path}: ${res.status}`).toBe(true);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  await api('settings/workshop', { method: 'PUT', body: { ...DEFAULT_WORKSHOP_SETTINGS, labourPerPart: 5 } });
  const { materials } = await api<ProjectQuote>(`projects/${link.projectId}/options`);
  // The fronts (the generator's lacquer or oak), seen from the front where the link opens.
  const bound = materials.find((m) => /lacquer|oak/i.test(m.name))!;
  const options = finishOptions(bound.name, { id: 'green', name: 'Green lacquer', colour: GREEN, board: '', price: { kind: 'perPart', amount: 7 } });
  await api(`projects/${link.projectId}/options`, { method: 'PUT', body: options });
  await api(`projects/${link.projectId}`, { method: 'PATCH', body: { currentStage: 'approval', shareOptions: { isOptionsAvailable: true, isApprovalAvailable: true, isHierarchyVisible: false } } });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();

  await test.step('the choice in the URL changes only pixels that take its colour', async () => {
    await page.goto(`/s/${link.accessKey}`);
    await modelShown(page);
    const before = await settledPixels(page);
    await page.goto(`/s/${link.accessKey}?options=finish.green`);
    await modelShown(page);
    await expect(page.getByTestId('options-button')).toBeVisible();
    const after = await settledPixels(page);
    let turned = 0;
    let otherwise = 0;
    for (let i = 0; i < after.length; i += 3) {
      const moved = Math.abs(after[i]! - before[i]!) + Math.abs(after[i + 1]! - before[i + 1]!) + Math.abs(after[i + 2]! - before[i + 2]!) > 48;
      if (!moved) continue;
      if (isGreen(after, i)) turned++;
      else otherwise++;
    }
    const pixels = after.length / 3;
    expect(turned / pixels, 'share of the canvas recoloured').toBeGreaterThan(0.005);
    // Edges of recoloured parts blend with their outlines: a few pixels, not a part.
    expect(otherwise / Math.max(1, turned), 'pixels changed to anything but the finish').toBeLessThan(0.05);
    // Before, nothing of the model was that green (at most a stray pixel of the axes' marker).
    expect([...Array(pixels).keys()].filter((p) => isGreen(before, p * 3)).length / pixels).toBeLessThan(0.0005);
  });

  await test.step('the Options panel: back to the model, then the finish again, with its price', async () => {
    await page.getByTestId('options-button').click();
    const panel = page.getByTestId('link-options');
    await expect(panel.getByRole('radio', { name: /Green lacquer/ })).toHaveAttribute('aria-checked', 'true');
    await panel.getByRole('radio', { name: /As drawn/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('options')).toBeNull();
    const own = await api<Estimate>(`projects/${link.projectId}/estimate`);
    await expect(panel.getByTestId('estimate-total')).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(own.total));
    await panel.getByRole('radio', { name: /Green lacquer/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('options')).toBe('finish.green');
    const green = await api<Estimate>(`projects/${link.projectId}/estimate?options=finish.green`);
    expect(green.total).toBeCloseTo(own.total + 7 * bound.parts, 2);
    await expect(panel.getByTestId('estimate-total')).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(green.total));
    await expect(panel.getByTestId('option-difference')).toContainText('vs. the model');
  });

  await test.step('the approval keeps the choice and its total', async () => {
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve for production' });
    // The dialog says what is approved: the choice and the total it comes to.
    const total = (await api<Estimate>(`projects/${link.projectId}/estimate?options=finish.green`)).total;
    await expect(dialog.getByTestId('approval-options')).toHaveText(`With Finish: Green lacquer: ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(total)}`);
    await dialog.getByRole('textbox').fill('Clara Client');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Approved by Clara Client/ })).toBeVisible();
    const project = await api<{ approval: { quote: { choices: Record<string, string>; total: number } } }>(`projects/${link.projectId}`);
    const green = await api<Estimate>(`projects/${link.projectId}/estimate?options=finish.green`);
    expect(project.approval.quote.choices).toEqual({ finish: 'green' });
    expect(project.approval.quote.total).toBe(green.total);
  });
  await context.close();
});

test('a finish with a texture draws the texture on its parts: both colours of a two-band picture, no others', async ({ browser }) => {
  test.setTimeout(180_000);
  const link = await publishedKitchen(40, 'Textured kitchen');
  const headers = { authorization: `Bearer ${link.token}` };
  const { materials } = (await (await fetch(`${e2eServer.url}/api/v1/projects/${link.projectId}/options`, { headers })).json()) as ProjectQuote;
  const bound = materials.find((m) => /lacquer|oak/i.test(m.name))!;
  // A picture of two bands, red above blue: one repeat covers 0.6 m of a part, so each band shows on a front.
  const bands = await sharp({ create: { width: 512, height: 512, channels: 3, background: { r: 40, g: 60, b: 220 } } })
    .composite([{ input: { create: { width: 512, height: 256, channels: 3, background: { r: 220, g: 40, b: 40 } } }, top: 0, left: 0 }])
    .png()
    .toBuffer();
  const uploaded = await fetch(`${e2eServer.url}/api/v1/projects/${link.projectId}/options/textures`, { method: 'PUT', headers: { ...headers, 'content-type': 'image/png' }, body: bands });
  expect(uploaded.status).toBe(201);
  const { texture } = (await uploaded.json()) as { texture: string };
  const options = finishOptions(bound.name, { id: 'bands', name: 'Two bands', colour: GREEN, board: '', price: { kind: 'fixed', amount: 0 }, texture });
  const put = await fetch(`${e2eServer.url}/api/v1/projects/${link.projectId}/options`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(options) });
  expect(put.status).toBe(200);
  const patch = await fetch(`${e2eServer.url}/api/v1/projects/${link.projectId}`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ shareOptions: { isOptionsAvailable: true, isHierarchyVisible: false } }),
  });
  expect(patch.status).toBe(204);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/s/${link.accessKey}`);
  await modelShown(page);
  const before = await settledPixels(page);
  const textureRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/options/textures/')) textureRequests.push(request.url());
  });
  await page.goto(`/s/${link.accessKey}?options=finish.bands`);
  await modelShown(page);
  const red = (p: Buffer, i: number) => p[i]! > p[i + 2]! + 40 && p[i]! > p[i + 1]! + 40;
  const blue = (p: Buffer, i: number) => p[i + 2]! > p[i]! + 40 && p[i + 2]! > p[i + 1]! + 40;
  // Counted once the texture has arrived (the colour shows until then): the changed pixels by hue.
  let shares = { red: 0, blue: 0, other: 0 };
  await expect
    .poll(
      async () => {
        const after = await settledPixels(page);
        const counts = { red: 0, blue: 0, other: 0 };
        for (let i = 0; i < after.length; i += 3) {
          const moved = Math.abs(after[i]! - before[i]!) + Math.abs(after[i + 1]! - before[i + 1]!) + Math.abs(after[i + 2]! - before[i + 2]!) > 48;
          if (!moved) continue;
          if (red(after, i)) counts.red++;
          else if (blue(after, i)) counts.blue++;
          else counts.other++;
        }
        const total = Math.max(1, counts.red + counts.blue + counts.other);
        shares = { red: counts.red / total, blue: counts.blue / total, other: counts.other / total };
        return Math.min(shares.red, shares.blue);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0.15);
  // The rest: edges and the bands' blend where a repeat is seen small (mipmaps), not the fallback green or anything else.
  expect(shares.other, JSON.stringify(shares)).toBeLessThan(0.35);
  expect(new Set(textureRequests).size, 'the texture downloaded once').toBe(1);
  await context.close();
});
