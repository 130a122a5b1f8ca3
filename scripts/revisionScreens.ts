/**
 * Pictures of revisions and client approval, for scripts/screenshots.ts: a kitchen updated twice
 * (its third revision differs from the first by known parts), the revisions panel comparing
 * revision 1 with the current one, revision 1 opened read-only, on desktop and on a phone, in
 * English and French; then the link offering approval, its dialog, the approved link, and the
 * owner's project panel with the approval.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { generateAssembly } from '../samples/generate';
import { reviseAssembly } from '../samples/revise';
import { writeSample } from '../samples/writers/index';
import { addTile, chooseFile, EN, FR, logIn } from '../e2e/listHelpers';

type Shot = (page: Page, name: string) => Promise<void>;
type Login = { username: string; password: string };

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const folder = mkdtempSync(path.join(tmpdir(), 'revision-screens-'));

async function daeFile(name: string, parts: number, seed: number, revised = false): Promise<string> {
  const file = path.join(folder, name);
  const kitchen = generateAssembly({ parts, seed });
  writeFileSync(file, await writeSample(revised ? reviseAssembly(kitchen) : kitchen, 'dae'));
  return file;
}

const shown = (page: Page) => page.locator('[data-model-shown="true"]').waitFor({ timeout: 60_000 });

/** A page in a fresh context (touch on a phone-sized viewport), logged in first when `login` is given. */
export async function newPage(browser: Browser, origin: string, viewport: { width: number; height: number }, french: boolean, login?: Login, touch = viewport.width <= PHONE.width) {
  const context = await browser.newContext({ baseURL: origin, viewport, isMobile: touch, hasTouch: touch, locale: french ? 'fr-FR' : 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  if (login) {
    await page.goto(french ? '/fr' : '/login');
    await page.waitForURL(/\/login$/);
    await logIn(page, login.username, login.password, french ? FR : EN);
  }
  return { context, page };
}

/** Uploads a kitchen and updates it twice in the owner's viewer; returns the project's path. */
async function revisedKitchen(browser: Browser, origin: string, login: Login): Promise<string> {
  const { context, page } = await newPage(browser, origin, DESKTOP, false, login);
  await chooseFile(page, () => addTile(page).click(), await daeFile('Revised kitchen.dae', 60, 3));
  await page.waitForURL(/\/projects\/\d+$/, { timeout: 60_000 });
  await shown(page);
  await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Project', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Project', exact: true }).first();
  for (const [version, file] of [[2, await daeFile('Revised kitchen v2.dae', 48, 9)], [3, await daeFile('Revised kitchen v3.dae', 60, 3, true)]] as const) {
    await panel.getByLabel(/Choose a new model for/).setInputFiles(file);
    await panel.getByText(new RegExp(`Version\\s*${version}`)).waitFor({ timeout: 60_000 });
    await shown(page);
  }
  const projectPath = new URL(page.url()).pathname;
  await context.close();
  return projectPath;
}

export async function revisionShots(browser: Browser, origin: string, login: Login, shot: Shot): Promise<void> {
  const projectPath = await revisedKitchen(browser, origin, login);
  for (const [viewport, device] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
    for (const french of [false, true]) {
      const { context, page } = await newPage(browser, origin, viewport, french, login);
      await page.goto(projectPath);
      await shown(page);
      const project = french ? 'Projet' : 'Project';
      if (device === 'desktop') await page.getByRole('navigation', { name: french ? 'Barre d’outils du projet' : 'Project toolbar' }).getByRole('button', { name: project, exact: true }).click();
      else await page.getByRole('button', { name: project, exact: true }).first().click();
      await page.getByRole('region', { name: project, exact: true }).first().getByRole('button', { name: french ? 'Révisions' : 'Revisions' }).click();
      const panel = page.getByRole('region', { name: french ? 'Révisions' : 'Revisions', exact: true }).first();
      await panel.locator('[data-revision="1"]').getByRole('button', { name: french ? 'Comparer' : 'Compare' }).click();
      await panel.locator('[data-status="added"] dd').waitFor();
      const base = `viewer-${device}-owner-revisions${french ? '-fr' : ''}`;
      await shot(page, `${base}-compare`);
      if (device === 'desktop') {
        await panel.getByRole('button', { name: french ? 'Arrêter la comparaison' : 'Stop comparing' }).click();
        await panel.locator('[data-revision="1"]').getByRole('button', { name: french ? 'Ouvrir' : 'Open' }).click();
        await shown(page);
        await shot(page, `${base}-read-only`);
      }
      await context.close();
    }
  }
}

/** The link offering approval (desktop and phone), its dialog, the approved link, the owner's panel. */
export async function approvalShots(browser: Browser, origin: string, login: Login, link: { id: number; accessKey: string }, shot: Shot, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  for (const [viewport, device] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
    const { context, page } = await newPage(browser, origin, viewport, false);
    await page.goto(`/s/${link.accessKey}`);
    await shown(page);
    await shot(page, `viewer-${device}-guest-approval`);
    if (device === 'phone') {
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill('Claire Dupont');
      await shot(page, 'dialog-approval');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Approved by Claire Dupont' }).waitFor();
      await shot(page, 'viewer-phone-guest-approved');
    }
    await context.close();
  }
  const { context, page } = await newPage(browser, origin, DESKTOP, false, login);
  await page.goto(`/projects/${link.id}`);
  await shown(page);
  await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Project', exact: true }).click();
  await page.getByText(/Approved by Claire Dupont/).first().waitFor();
  await shot(page, 'viewer-desktop-owner-approved');
  await context.close();
}

/** The exploded view at 0.5 on a link: `viewer-{desktop,phone}-guest-exploded.png`. */
export async function explodedShots(browser: Browser, origin: string, url: string, shot: Shot): Promise<void> {
  for (const [viewport, device] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
    const { context, page } = await newPage(browser, origin, viewport, false);
    await page.goto(url);
    await shown(page);
    await page.getByRole('button', { name: 'Render mode' }).first().click();
    const panel = page.getByRole('region', { name: 'Render mode' }).first();
    await panel.getByRole('radio', { name: 'Solid' }).click();
    await panel.getByRole('slider', { name: 'Exploded view' }).fill('50');
    await panel.getByText('50 %').waitFor();
    if (device === 'desktop') await shot(page, `viewer-${device}-guest-exploded-panel`);
    await page.keyboard.press('Escape');
    await shot(page, `viewer-${device}-guest-exploded`);
    await context.close();
  }
}
