/**
 * Held out of the suite: it fails now and then (the note's POST or the notes list after it never
 * completes on the phone page), as the phone review test did once; the cause is being looked for.
 *
 * The client's review as one story, a client on a phone in French and the cabinet maker at a desk
 * in English: the client pins a note on the model with an arrow drawn by a finger and asks for
 * changes; the maker's open viewer shows the note without a reload, the maker resolves it and
 * publishes a new revision; the client's open link loads it, says what changed, and the client
 * approves that revision. Each step is checked on the screen and on the server.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, updateProject } from '../bench/lib/appServer';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { logIn } from './listHelpers';
import { e2eServer, LINK_OWNER_PASSWORD, publishedKitchen } from './linkHelpers';
import { gesture, tap } from './touchInput';

async function modelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
}

interface Decision {
  kind: string;
  name: string;
  revisionNumber: number;
}

test('a client on a phone asks for changes with a pinned note; the maker resolves it and publishes; the client sees what changed and approves', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const link = await publishedKitchen(40, 'Story kitchen');
  await api(e2eServer, `projects/${link.projectId}`, link.token, { shareOptions: { isCommentsVisible: true, isApprovalAvailable: true }, currentStage: 'approval' }, 'PATCH');
  const decisions = () => api<Decision[]>(e2eServer, `projects/${link.projectId}/decisions`, link.token).then((list) => list.map(({ kind, name, revisionNumber }) => ({ kind, name, revisionNumber })));
  const stage = () => api<{ currentStage: string }>(e2eServer, `projects/${link.projectId}`, link.token).then((p) => p.currentStage);

  // The maker's viewer is open on the project, on the notes, before the client writes.
  await logIn(page, link.username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${link.projectId}`);
  await modelShown(page);
  await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: 'Comments' }).click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  const ownerNotes = page.getByRole('region', { name: 'Notes', exact: true });
  await expect(ownerNotes.getByText('No notes yet.')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guest = await phone.newPage();
  const cdp = await phone.newCDPSession(guest);
  await guest.goto('/fr');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'fr');
  await guest.goto(`/s/${link.accessKey}`);
  await modelShown(guest);
  const notes = guest.getByRole('region', { name: 'Notes', exact: true });

  await test.step('the client pins a note on a part of the model and draws an arrow with a finger', async () => {
    await guest.getByRole('button', { name: 'Commentaires' }).tap();
    await guest.getByRole('tab', { name: 'Notes' }).tap();
    await notes.getByRole('button', { name: 'Épingler une note' }).tap();
    await expect(notes.getByText('Touchez le modèle à l’endroit de la note.')).toBeVisible();
    // The model above the sheet: a cabinet stands in the middle of the view's upper half.
    const canvas = (await guest.locator('canvas[data-engine-ready="true"]').boundingBox())!;
    const sheet = (await notes.boundingBox())!;
    const visibleBottom = Math.min(canvas.y + canvas.height, sheet.y);
    await tap(cdp, { x: canvas.x + canvas.width / 2, y: canvas.y + (visibleBottom - canvas.y) * 0.6 });
    await notes.getByRole('button', { name: 'Flèche' }).tap();
    const surface = guest.getByRole('application', { name: 'Dessiner sur la vue' });
    // The data sheet the tap opened gives the view back while the note is drawn.
    await expect(guest.getByRole('region', { name: 'Informations sur la pièce' })).toHaveCount(0);
    // In the view above the sheet, clear of the top controls.
    const top = canvas.y + 90;
    await gesture(cdp, [{ x: canvas.x + 80, y: top }], [{ x: canvas.x + 220, y: top + (visibleBottom - top) * 0.7 }]);
    await expect(surface.locator('[data-shape="arrow"]')).toHaveCount(1);
    await notes.getByLabel('Votre note').fill('Cette porte doit s’ouvrir à gauche');
    const posted = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/comments'));
    await notes.getByRole('button', { name: 'Envoyer' }).tap();
    expect((await posted).status()).toBe(201);
    await expect(notes.locator('[data-note]')).toHaveCount(1);
    const [comment] = await api<Array<{ text: string; pin: { partId: string | null; partName: string | null } | null; markup: Array<{ kind: string }> }>>(e2eServer, `projects/${link.projectId}/comments`, link.token);
    expect(comment.text).toBe('Cette porte doit s’ouvrir à gauche');
    expect(comment.pin?.partId).toMatch(/^\d+$/);
    expect(comment.markup.map((m) => m.kind)).toEqual(['arrow']);
  });

  await test.step('the client asks for changes: the project goes back to its design stage', async () => {
    await guest.getByRole('region', { name: 'Commentaires' }).first().getByRole('button', { name: 'Fermer', exact: true }).tap();
    await guest.getByRole('button', { name: 'Demander des modifications' }).tap();
    const dialog = guest.getByRole('dialog', { name: 'Demander des modifications' });
    await dialog.getByLabel('Votre nom').fill('Chloé Cliente');
    const sent = guest.waitForResponse((r) => r.url().endsWith('/changes'));
    await dialog.getByRole('button', { name: 'Demander des modifications' }).tap();
    expect((await sent).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    expect(await decisions()).toEqual([{ kind: 'changesRequested', name: 'Chloé Cliente', revisionNumber: 1 }]);
    expect(await stage()).toBe('new');
  });

  await test.step("the maker's open viewer shows the note live, and the maker resolves it", async () => {
    const note = ownerNotes.locator('[data-note]').first();
    await expect(note).toContainText('Cette porte doit s’ouvrir à gauche', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Note 1' })).toBeVisible();
    await note.getByRole('button', { name: 'Resolve' }).click();
    await expect(note).toContainText('Resolved');
    await expect(ownerNotes.getByTestId('open-notes')).toHaveText('0 open');
  });

  await test.step('the maker publishes revision 2 and asks for approval again: the open link offers the decision again', async () => {
    const bigger = await writeSample(generateAssembly({ parts: 80, seed: 4 }), 'dae');
    const updated = await updateProject(e2eServer, link.token, link.projectId, 'kitchen.dae', bigger);
    expect(updated.revisionNumber).toBe(2);
    await api(e2eServer, `projects/${link.projectId}`, link.token, { currentStage: 'approval' }, 'PATCH');
  });

  await test.step("the client's open link loads revision 2 and says what changed", async () => {
    const banner = guest.getByRole('region', { name: 'Ce qui a changé' });
    await expect(banner).toContainText('La révision 2 est nouvelle.', { timeout: 30_000 });
    const added = Number(/(\d+) ajoutée/.exec(await banner.innerText())?.[1]);
    expect(added).toBeGreaterThan(0);
    await banner.getByRole('button', { name: 'Montrer les changements' }).tap();
    await expect(banner.getByRole('button', { name: 'Masquer les changements' })).toHaveAttribute('aria-pressed', 'true');
    await banner.getByRole('button', { name: 'Compris' }).tap();
    await expect(banner).toHaveCount(0);
  });

  await test.step('the client approves revision 2', async () => {
    await guest.getByRole('button', { name: 'Approuver', exact: true }).tap();
    const dialog = guest.getByRole('dialog', { name: 'Approuver pour la production' });
    await dialog.getByLabel('Votre nom').fill('Chloé Cliente');
    const sent = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/approval'));
    await dialog.getByRole('button', { name: 'Approuver', exact: true }).tap();
    expect((await sent).status()).toBe(200);
    await expect(guest.getByRole('button', { name: 'Approuver', exact: true })).toHaveCount(0);
    // Newest first.
    expect(await decisions()).toEqual([
      { kind: 'approved', name: 'Chloé Cliente', revisionNumber: 2 },
      { kind: 'changesRequested', name: 'Chloé Cliente', revisionNumber: 1 },
    ]);
    expect(await stage()).toBe('ready');
  });
  await phone.close();
});
