/**
 * Helpers of the project-list end-to-end tests and the screenshots script: generated model files,
 * logging in, uploads by the add tile (file chooser) or by a drop, and the loading dialog's record.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { generateAssembly } from '../samples/generate';
import { generateJob, jobToStep } from '../samples/realJob/job';
import { writeSample } from '../samples/writers/index';

const folder = mkdtempSync(path.join(tmpdir(), 'list-models-'));

/** Writes a generated STEP assembly named `fileName` into a temporary folder and returns its path. */
export async function stepFile(fileName: string, parts = 40, seed = 1): Promise<string> {
  const file = path.join(folder, fileName);
  writeFileSync(file, await writeSample(generateAssembly({ parts, seed }), 'step'));
  return file;
}

/** Writes a real-weight whole job (drilled, filleted, hardware) of `cabinets` cabinets as STEP and returns its path. */
export function jobStepFile(fileName: string, cabinets: number, seed = 1): string {
  const file = path.join(folder, fileName);
  writeFileSync(file, jobToStep(generateJob({ cabinets, seed }), { shared: false }));
  return file;
}

/** Writes a generated COLLADA assembly (the demo's sample kitchen is 120 parts, seed 1) and returns its path. */
export async function daeFile(fileName: string, parts = 120, seed = 1): Promise<string> {
  const file = path.join(folder, fileName);
  writeFileSync(file, await writeSample(generateAssembly({ parts, seed }), 'dae'));
  return file;
}

/** A file that claims to be STEP but is not: the server's conversion fails on it. */
export function brokenStepFile(fileName: string): string {
  const file = path.join(folder, fileName);
  writeFileSync(file, 'ISO-10303-21;\nthis is not a model\n');
  return file;
}

export interface Texts {
  email: string;
  password: string;
  logIn: string;
  logOut: string;
}

export const EN: Texts = { email: 'Email', password: 'Password', logIn: 'Log in', logOut: 'Log out' };
export const FR: Texts = { email: 'E-mail', password: 'Mot de passe', logIn: 'Se connecter', logOut: 'Se déconnecter' };

export async function logIn(page: Page, username: string, password: string, texts: Texts = EN): Promise<void> {
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await page.getByLabel(texts.email).fill(username);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.logIn }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: texts.logOut })).toBeVisible();
}

/** The add tile of the grid (its name starts with the tile's title). */
export function addTile(page: Page, title = 'Add a project'): Locator {
  return page.getByRole('button', { name: new RegExp(`^${title}`) });
}

/** Clicks `trigger`, answers the file chooser it opens with `file`. */
export async function chooseFile(page: Page, trigger: () => Promise<void>, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await trigger();
  await (await chooser).setFiles(file);
}

/** Drops a file on `target` with a DataTransfer built in the page, as a browser does. */
export async function dropFile(page: Page, target: Locator, fileName: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name, { type: 'application/octet-stream' }));
      return transfer;
    },
    { name: fileName, content: text },
  );
  // One element throughout: its name changes while a file is dragged over it.
  const element = await target.elementHandle();
  if (!element) throw new Error('no drop target');
  await element.dispatchEvent('dragenter', { dataTransfer });
  await element.dispatchEvent('dragover', { dataTransfer });
  await element.dispatchEvent('drop', { dataTransfer });
}

declare global {
  interface Window {
    loadingRecord?: string[];
  }
}

/**
 * Records every state of the loading dialog's progress bar (`path|message|percentage`), from the next
 * page load on, so that a test sees states that last less than a polling interval.
 */
export async function recordLoading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.loadingRecord = [];
    const seen = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const entry = `${location.pathname}|${bar.getAttribute('aria-label')}|${bar.getAttribute('aria-valuetext')}`;
        if (window.loadingRecord!.at(-1) !== entry) window.loadingRecord!.push(entry);
      }
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The recorded `message|percentage` states shown on the list (not those of the screen opened next). */
export async function loadingRecord(page: Page): Promise<string[]> {
  const record = await page.evaluate(() => window.loadingRecord ?? []);
  return record.filter((entry) => entry.startsWith('/|')).map((entry) => entry.slice(2));
}

export async function clearLoadingRecord(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.loadingRecord = [];
  });
}

/** The names of the cards, in grid order. */
export async function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: /^(Projects|Projets)$/ }).locator('li h2').allTextContents();
}
