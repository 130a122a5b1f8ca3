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
const ON_DESKTOP = [[0.5, 0.6], [0.5, 0.7], [0.4, 0.6], [0.6, 0.6], [0.5, 0.5], [0.45, 0.75], [0.55, 0.4], [0.35, 0.5], [0.65, 0.5]];
/** On a phone the notes sheet covers the lower half: the model is framed above it. */
const ABOVE_SHEET = [[0.5, 0.3], [0.5, 0.25], [0.5, 0.35], [0.45, 0.3], [0.55, 0.3], [0.5, 0.2], [0.4, 0.25], [0.6, 0.25], [0.5, 0.4]];

async function pinOnModel(page: Page, toolName: string, taps = ON_DESKTOP): Promise<void> {
  const canvas = page.locator('canvas[data-engine-ready="true"]');
  const box = (await canvas.boundingBox())!;
  for (const [fx, fy] of taps) {
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

/**
 * The review as one story, a picture at each step: the client on a phone in French pins a note
 * with an arrow and asks for changes; the maker at a desk sees it and resolves it, then publishes
 * a new revision and asks for approval again (`publish`); the client's link says what changed and
 * the client approves.
 */
export async function reviewStoryShots(browser: Browser, origin: string, login: Login, link: { id: number; accessKey: string }, shot: Shot, publish: () => Promise<void>): Promise<void> {
  const client = await newPage(browser, origin, PHONE, true);
  const phone = client.page;
  await phone.goto(`/s/${link.accessKey}`);
  await shown(phone);
  const notes = await openNotes(phone, true);
  await notes.getByRole('button', { name: 'Épingler une note' }).click();
  await pinOnModel(phone, 'Flèche', ABOVE_SHEET);
  await notes.getByRole('button', { name: 'Flèche' }).click();
  const canvas = (await phone.locator('canvas[data-engine-ready="true"]').boundingBox())!;
  await phone.mouse.move(canvas.x + canvas.width * 0.25, canvas.y + canvas.height * 0.15);
  await phone.mouse.down();
  await phone.mouse.move(canvas.x + canvas.width * 0.45, canvas.y + canvas.height * 0.3, { steps: 6 });
  await phone.mouse.up();
  await notes.getByLabel('Votre note').fill('Cette porte doit s’ouvrir à gauche.');
  await shot(phone, 'story-1-phone-fr-guest-note');
  await notes.getByRole('button', { name: 'Envoyer' }).click();
  await notes.locator('[data-note]').first().waitFor();
  await phone.getByRole('region', { name: 'Commentaires' }).first().getByRole('button', { name: 'Fermer', exact: true }).click();
  await phone.getByRole('button', { name: 'Demander des modifications' }).click();
  const ask = phone.getByRole('dialog', { name: 'Demander des modifications' });
  await ask.getByLabel('Votre nom').fill('Chloé Cliente');
  await shot(phone, 'story-2-phone-fr-guest-ask-changes');
  await ask.getByRole('button', { name: 'Demander des modifications' }).click();
  await ask.waitFor({ state: 'detached' });

  const maker = await newPage(browser, origin, DESKTOP, false, login);
  await maker.page.goto(`/projects/${link.id}`);
  await shown(maker.page);
  const ownerNotes = await openNotes(maker.page, false);
  const note = ownerNotes.locator('[data-note]').first();
  await note.waitFor();
  await maker.page.getByRole('button', { name: 'Note 1' }).click();
  await shot(maker.page, 'story-3-desktop-owner-note');
  await note.getByRole('button', { name: 'Resolve' }).click();
  await note.getByText('Resolved').waitFor();
  await publish();
  await maker.page.getByRole('region', { name: 'Notes', exact: true }).waitFor();
  await shot(maker.page, 'story-4-desktop-owner-resolved-revision-2');
  await maker.context.close();

  const banner = phone.getByRole('region', { name: 'Ce qui a changé' });
  await banner.waitFor({ timeout: 60_000 });
  await banner.getByRole('button', { name: 'Montrer les changements' }).click();
  await shown(phone);
  await shot(phone, 'story-5-phone-fr-guest-what-changed');
  await banner.getByRole('button', { name: 'Compris' }).click();
  await phone.getByRole('button', { name: 'Approuver', exact: true }).click();
  const approve = phone.getByRole('dialog', { name: 'Approuver pour la production' });
  await approve.getByLabel('Votre nom').fill('Chloé Cliente');
  await approve.getByRole('button', { name: 'Approuver', exact: true }).click();
  await approve.waitFor({ state: 'detached' });
  await shot(phone, 'story-6-phone-fr-guest-approved');
  await client.context.close();
}

/**
 * The owner's Comments panel when the server does not give the notes (a 500 for every read of
 * them): what it says and its Try again, on a desk and a phone, in English and French:
 * `viewer-<desktop|phone>-owner-comments-failed[-fr].png`.
 */
export async function notesFailedShots(browser: Browser, origin: string, login: Login, projectId: number, shot: Shot): Promise<void> {
  for (const french of [false, true]) {
    for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await newPage(browser, origin, viewport, french, login);
      await page.route(
        (url) => url.pathname === `/api/v1/projects/${projectId}/comments`,
        (route, request) => (request.method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal_error', message: 'Refused' }) }) : route.fallback()),
      );
      await page.goto(`/projects/${projectId}`);
      await shown(page);
      const comments = french ? 'Commentaires' : 'Comments';
      const bar = page.getByRole('navigation', { name: french ? 'Outils' : 'Tools', exact: true });
      // On a phone the owner's toolbar keeps Comments in its More sheet.
      const inBar = bar.getByRole('button', { name: comments, exact: true });
      if (await inBar.isVisible()) await inBar.click();
      else {
        const more = french ? 'Plus' : 'More';
        await bar.getByRole('button', { name: more, exact: true }).click();
        await page.getByRole('region', { name: more }).getByRole('button', { name: comments, exact: true }).click();
      }
      const panel = page.getByRole('region', { name: comments }).first();
      await panel.getByRole('alert').first().waitFor();
      await shot(page, `viewer-${device}-owner-comments-failed${french ? '-fr' : ''}`);
      await context.close();
    }
  }
}
