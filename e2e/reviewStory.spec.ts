/**
 * The client's review as one story, a client on a phone in French and the cabinet maker at a desk
 * in English, both pages open throughout and never reloaded: the client pins a note on the model
 * with a line drawn by a finger and asks for changes; the maker's open viewer shows the note, its
 * pin and the new stage as they happen; the maker resolves the note and the client's open notes
 * say so; the maker publishes a new revision and asks for approval again; the client's open link
 * loads it, says what changed (the parts added, as the two models really differ) and the client
 * approves; the maker's open viewer shows who approved. Each step is checked on the screens and on
 * the server.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, updateProject } from '../bench/lib/appServer';
import type { AssemblyNode } from '../samples/assembly';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { parsePartName } from '../src/model/parts/partName';
import { logIn } from './listHelpers';
import { e2eServer, LINK_OWNER_PASSWORD, publishedKitchen } from './linkHelpers';
import { stroke, tap } from './touchInput';

test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });

const CLIENT = 'Chloé Cliente';
const NOTE = 'Cette porte doit s’ouvrir à gauche';

async function modelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
}

/** Marks the page's document: a reload would lose the mark, so a step seen with it still there happened live. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute('data-story-document', 'first'));
}

async function sameDocument(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-story-document', 'first');
}

/**
 * The parts of `newer` that `older` lacks, matched as the product's comparison matches them (the
 * path of display names, siblings of one name by their order), read from the generated assemblies
 * rather than from the converted files the server compares.
 */
function addedParts(older: AssemblyNode, newer: AssemblyNode): number {
  const paths = (node: AssemblyNode, parent: string, into: Set<string>) => {
    const seen = new Map<string, number>();
    for (const child of node.children) {
      const name = parsePartName(child.name, child.children.length > 0 ? 'cabinet' : 'panel').displayName;
      seen.set(name, (seen.get(name) ?? 0) + 1);
      const path = `${parent}\u0001${name}\u0000${seen.get(name)}`;
      into.add(path);
      paths(child, path, into);
    }
    return into;
  };
  const before = paths(older, '', new Set());
  return [...paths(newer, '', new Set())].filter((path) => !before.has(path)).length;
}

async function chooseStage(page: Page, select: Locator, stage: string) {
  await select.click();
  const patch = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/v1\/projects\/\d+$/.test(r.url()));
  await page.getByRole('option', { name: stage, exact: true }).click();
  expect((await patch).ok()).toBe(true);
}

interface Decision {
  kind: string;
  name: string;
  revisionNumber: number;
}

test('a client on a phone asks for changes with a pinned note; the maker, live, resolves it and publishes; the client sees what changed and approves', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const first = { parts: 40, seed: 4 };
  const second = { parts: 80, seed: 4 };
  const link = await publishedKitchen(first.parts, 'Story kitchen');
  await api(e2eServer, `projects/${link.projectId}`, link.token, { shareOptions: { isCommentsVisible: true, isApprovalAvailable: true }, currentStage: 'approval' }, 'PATCH');
  const decisions = () => api<Decision[]>(e2eServer, `projects/${link.projectId}/decisions`, link.token).then((list) => list.map(({ kind, name, revisionNumber }) => ({ kind, name, revisionNumber })));

  // The maker's viewer is open on the project, its panel and its notes, before the client writes.
  await logIn(page, link.username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${link.projectId}`);
  await modelShown(page);
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Project', exact: true }).click();
  const projectPanel = page.getByRole('region', { name: 'Project', exact: true }).first();
  const step = projectPanel.getByRole('button', { name: /^Step / });
  await expect(step).toHaveText('Pending approval');
  await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: 'Comments' }).click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  const ownerNotes = page.getByRole('region', { name: 'Notes', exact: true });
  await expect(ownerNotes.getByText('No notes yet.')).toBeVisible();
  await expect(projectPanel).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const guest = await phone.newPage();
  const cdp = await phone.newCDPSession(guest);
  await guest.goto(`/s/${link.accessKey}`);
  await modelShown(guest);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'fr');
  await markDocument(guest);
  const notes = guest.getByRole('region', { name: 'Notes', exact: true });
  const sheet = guest.getByRole('region', { name: 'Commentaires' }).first();
  const openNotes = async () => {
    await guest.getByRole('button', { name: 'Commentaires' }).tap();
    await guest.getByRole('tab', { name: 'Notes' }).tap();
    await expect(notes).toBeVisible();
  };

  await test.step('the client pins a note on a part with a tap, draws a line with a finger and sends it', async () => {
    await openNotes();
    await notes.getByRole('button', { name: 'Épingler une note' }).tap();
    await expect(notes.getByText('Touchez le modèle à l’endroit de la note.')).toBeVisible();
    // The model above the sheet: a cabinet stands in the middle of the view's upper half.
    const canvas = (await guest.locator('canvas[data-engine-ready="true"]').boundingBox())!;
    const visibleBottom = Math.min(canvas.y + canvas.height, (await notes.boundingBox())!.y);
    await tap(cdp, { x: canvas.x + canvas.width / 2, y: canvas.y + (visibleBottom - canvas.y) * 0.6 });
    await notes.getByRole('button', { name: 'Main levée' }).tap();
    // The data sheet the tap opened gives the view back while the note is drawn.
    await expect(guest.getByRole('region', { name: 'Informations sur la pièce' })).toHaveCount(0);
    const surface = guest.getByRole('application', { name: 'Dessiner sur la vue' });
    // A wavy line in the view above the sheet, clear of the top controls.
    const top = canvas.y + 100;
    await stroke(cdp, Array.from({ length: 11 }, (_, i) => ({ x: canvas.x + 60 + i * 20, y: top + (i % 2) * 24 })));
    await expect(surface.locator('[data-shape="line"]')).toHaveCount(1);
    await notes.getByLabel('Votre note').fill(NOTE);
    const posted = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/comments'));
    await notes.getByRole('button', { name: 'Envoyer' }).tap();
    expect((await posted).status()).toBe(201);
    await expect(notes.locator('[data-note]')).toHaveCount(1);
    await expect(notes.locator('[data-note]').first()).toContainText(NOTE);
    const comments = await api<Array<{ id: number; text: string; status: string; hasView: boolean; pin: { partId: string | null } | null }>>(e2eServer, `projects/${link.projectId}/comments`, link.token);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ text: NOTE, status: 'open', hasView: true });
    expect(comments[0].pin?.partId).toMatch(/^\d+$/);
    // The list carries no markup: the note's view and markup are read alone.
    const { markup } = await api<{ markup: Array<{ kind: string; points?: unknown[] }> }>(e2eServer, `projects/${link.projectId}/comments/${comments[0].id}/view`, link.token);
    expect(markup.map((m) => m.kind)).toEqual(['line']);
    expect(markup[0].points!.length).toBeGreaterThan(5);
  });

  await test.step("the maker's open viewer shows the note and its pin without a reload", async () => {
    const note = ownerNotes.locator('[data-note]').first();
    await expect(note).toContainText(NOTE);
    await expect(note).toContainText('Open');
    await expect(ownerNotes.getByTestId('open-notes')).toHaveText('1 open');
    await expect(page.getByRole('button', { name: 'Note 1' })).toBeVisible();
    await sameDocument(page);
  });

  await test.step('the client asks for changes: the maker’s open viewer shows the project back at its first stage', async () => {
    await sheet.getByRole('button', { name: 'Fermer', exact: true }).tap();
    await guest.getByRole('button', { name: 'Demander des modifications' }).tap();
    const dialog = guest.getByRole('dialog', { name: 'Demander des modifications' });
    await dialog.getByLabel('Votre nom').fill(CLIENT);
    const sent = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/changes'));
    await dialog.getByRole('button', { name: 'Demander des modifications' }).tap();
    expect((await sent).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Demander des modifications' })).toHaveCount(0);
    expect(await decisions()).toEqual([{ kind: 'changesRequested', name: CLIENT, revisionNumber: 1 }]);
    await expect(step).toHaveText('New');
    await sameDocument(page);
  });

  await test.step("the maker resolves the note; the client's open notes show it resolved", async () => {
    await openNotes();
    const clientNote = notes.locator('[data-note]').first();
    await expect(clientNote).toContainText('Ouverte');
    await expect(notes.getByTestId('open-notes')).toHaveText('1 ouverte(s)');
    const note = ownerNotes.locator('[data-note]').first();
    await note.getByRole('button', { name: 'Resolve' }).click();
    await expect(note).toContainText('Resolved');
    await expect(ownerNotes.getByTestId('open-notes')).toHaveText('0 open');
    await expect(clientNote).toContainText('Résolue');
    await expect(notes.getByTestId('open-notes')).toHaveText('0 ouverte(s)');
    await sameDocument(guest);
    await sheet.getByRole('button', { name: 'Fermer', exact: true }).tap();
    await expect(notes).toHaveCount(0);
  });

  await test.step('the maker publishes revision 2 and asks for approval again', async () => {
    const bigger = await writeSample(generateAssembly(second), 'dae');
    const updated = await updateProject(e2eServer, link.token, link.projectId, 'kitchen.dae', bigger);
    expect(updated.revisionNumber).toBe(2);
    // The maker's open viewer follows: revision 2 is the current one there too.
    await expect(projectPanel.locator('dt:text-is("Version") + dd')).toHaveText('2');
    await chooseStage(page, step, 'Pending approval');
    await expect(step).toHaveText('Pending approval');
  });

  await test.step("the client's open link loads revision 2 and says what changed, the added parts as the models differ", async () => {
    const banner = guest.getByRole('region', { name: 'Ce qui a changé' });
    await expect(banner).toContainText('La révision 2 est nouvelle.', { timeout: 30_000 });
    await expect(banner).toContainText('Depuis la révision 1, la dernière que vous avez vue :');
    const added = addedParts(generateAssembly(first).root, generateAssembly(second).root);
    expect(added).toBeGreaterThan(0);
    await expect(banner).toContainText(`${added} ajoutée(s)`);
    await expect(banner).toContainText('0 retirée(s)');
    await banner.getByRole('button', { name: 'Montrer les changements' }).tap();
    await expect(banner.getByRole('button', { name: 'Masquer les changements' })).toHaveAttribute('aria-pressed', 'true');
    // On a phone a row of the list selects its part and the list closes, leaving the part room.
    await banner.getByRole('button', { name: 'Lister les pièces' }).tap();
    const row = banner.getByRole('list', { name: 'Pièces modifiées' }).locator('li[data-status="added"]').first().getByRole('button');
    const name = (await row.locator('span').nth(1).innerText()).split(' › ').at(-1)!;
    await row.tap();
    await expect(guest.getByLabel('Pièce sélectionnée', { exact: true })).toContainText(name);
    await expect(banner.getByRole('list', { name: 'Pièces modifiées' })).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Lister les pièces' })).toBeVisible();
    await banner.getByRole('button', { name: 'Compris' }).tap();
    await expect(banner).toHaveCount(0);
    await sameDocument(guest);
  });

  await test.step('the client approves revision 2', async () => {
    await guest.getByRole('button', { name: 'Approuver', exact: true }).tap();
    const dialog = guest.getByRole('dialog', { name: 'Approuver pour la production' });
    await expect(dialog).toContainText('révision 2');
    await dialog.getByLabel('Votre nom').fill(CLIENT);
    const sent = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/approval'));
    await dialog.getByRole('button', { name: 'Approuver', exact: true }).tap();
    expect((await sent).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(guest.getByRole('status').filter({ hasText: new RegExp(`^Approuvé par ${CLIENT} le `) })).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Approuver', exact: true })).toHaveCount(0);
    await sameDocument(guest);
  });

  await test.step("the maker's open viewer shows the approval; the server keeps both decisions", async () => {
    await expect(projectPanel.getByTestId('project-approval')).toContainText(new RegExp(`^Approved by ${CLIENT}, .*, revision 2$`));
    await expect(step).toHaveText('Ready for production');
    await sameDocument(page);
    // Newest first: the request for changes on revision 1, then the approval of revision 2.
    expect(await decisions()).toEqual([
      { kind: 'approved', name: CLIENT, revisionNumber: 2 },
      { kind: 'changesRequested', name: CLIENT, revisionNumber: 1 },
    ]);
  });
  await phone.close();
});
