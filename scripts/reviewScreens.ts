/**
 * The client's review as pictures: a client pins a note on the kitchen with an arrow and its
 * words (desktop), the pinned note with its number over the model, the owner's viewer with the
 * note to resolve, and the notes sheet on a phone in French.
 */
import type { Browser, Page } from '@playwright/test';
import { newPage } from './revisionScreens';

type Shot = (page: Page, name: string) => Promise<void>;
type Login = { username: string; password: string };

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const shown = (page: Page) => page.locator('[data-model-shown="true"]').waitFor({ timeout: 60_000 });

/** Taps the model on a grid until a tap lands on a part (the pin is placed and the markup tools show). */
async function pinOnModel(page: Page, toolName: string): Promise<void> {
  const canvas = page.locator('canvas[data-engine-ready="true"]');
  const box = (await canvas.boundingBox())!;
  for (const [fx, fy] of [[0.5, 0.6], [0.5, 0.7], [0.4, 0.6], [0.6, 0.6], [0.5, 0.5], [0.45, 0.75], [0.55, 0.4], [0.35, 0.5], [0.65, 0.5]]) {
    await canvas.click({ position: { x: box.width * fx, y: box.height * fy } });
    if (await page.getByRole('button', { name: toolName }).isVisible()) return;
  }
  throw new Error('no part under the taps');
}

async function openNotes(page: Page, french: boolean) {
  await page.getByRole('navigation', { name: french ? 'Outils' : 'Tools', exact: true }).getByRole('button', { name: french ? 'Commentaires' : 'Comments' }).click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  return page.getByRole('region', { name: 'Notes', exact: true });
}

export async function reviewShots(browser: Browser, origin: string, login: Login, link: { id: number; accessKey: string }, shot: Shot, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  {
    const { context, page } = await newPage(browser, origin, DESKTOP, false);
    await page.goto(`/s/${link.accessKey}`);
    await shown(page);
    const notes = await openNotes(page, false);
    await notes.getByRole('button', { name: 'Pin a note' }).click();
    await pinOnModel(page, 'Arrow');
    await page.keyboard.press('Escape');
    await notes.getByRole('button', { name: 'Arrow' }).click();
    const canvas = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
    await page.mouse.move(canvas.x + canvas.width * 0.7, canvas.y + canvas.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width * 0.55, canvas.y + canvas.height * 0.45, { steps: 6 });
    await page.mouse.up();
    await notes.getByLabel('Your note').fill('The left door should open the other way.');
    await shot(page, 'viewer-desktop-guest-note-markup');
    await notes.getByRole('button', { name: 'Send' }).click();
    await notes.locator('[data-note]').first().waitFor();
    await shot(page, 'viewer-desktop-guest-notes');
    await context.close();
  }
  {
    const { context, page } = await newPage(browser, origin, DESKTOP, false, login);
    await page.goto(`/projects/${link.id}`);
    await shown(page);
    const notes = await openNotes(page, false);
    await notes.locator('[data-note]').first().waitFor();
    await page.getByRole('button', { name: 'Note 1' }).click();
    await shot(page, 'viewer-desktop-owner-notes');
    await context.close();
  }
  {
    const { context, page } = await newPage(browser, origin, PHONE, true);
    await page.goto(`/s/${link.accessKey}`);
    await shown(page);
    const notes = await openNotes(page, true);
    await notes.locator('[data-note]').first().waitFor();
    await shot(page, 'viewer-phone-guest-fr-notes');
    await context.close();
  }
}
