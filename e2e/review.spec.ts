/**
 * The client's review through a link, as a client and the owner meet it: the client pins a note
 * on a door with an arrow drawn over the view; the owner's open viewer shows it without a reload,
 * with its pin; the owner resolves it and the client's link shows it resolved, live too. The note
 * keeps its view: after the client turns the model, opening the note brings the same picture back.
 */
import { expect, test, type Page } from '@playwright/test';
import { changed, settledPixels } from './pixels';
import { api, updateProject } from '../bench/lib/appServer';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { logIn } from './listHelpers';
import { e2eServer, LINK_OWNER_PASSWORD, publishedKitchen } from './linkHelpers';
import { stroke } from './touchInput';



/** The selection's orange (SPEC's highlight) in a canvas picture, outside `covered` (the banner, its own orange border included): how many pixels, and the lowest row with one. */
function orangeRows(rgb: Buffer, width: number, height: number, covered: { x: number; y: number; width: number; height: number }): { count: number; lowest: number } {
  let count = 0;
  let lowest = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= covered.x - 2 && x <= covered.x + covered.width + 2 && y >= covered.y - 2 && y <= covered.y + covered.height + 2) continue;
      const p = (y * width + x) * 3;
      const [r, g, b] = [rgb[p]!, rgb[p + 1]!, rgb[p + 2]!];
      if (r > 150 && r - g > 60 && g - b > 20) (count++, (lowest = y));
    }
  }
  return { count, lowest };
}

async function modelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
}

async function openNotes(page: Page) {
  await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: 'Comments' }).click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  return page.getByRole('region', { name: 'Notes', exact: true });
}

test('a client pins a note with an arrow; the owner sees it live and resolves it; the note brings its view back', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const link = await publishedKitchen(40, 'Review kitchen');
  await api(e2eServer, `projects/${link.projectId}`, link.token, { shareOptions: { isCommentsVisible: true } }, 'PATCH');

  // The owner's viewer is open on the project before the client writes.
  await logIn(page, link.username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${link.projectId}`);
  await modelShown(page);
  const ownerNotes = await openNotes(page);
  await expect(ownerNotes.getByText('No notes yet.')).toBeVisible();

  const client = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const guest = await client.newPage();
  await guest.goto(`/s/${link.accessKey}`);
  await modelShown(guest);
  const notes = await openNotes(guest);
  const canvas = guest.locator('canvas[data-engine-ready="true"]');
  const box = (await canvas.boundingBox())!;

  const written = await test.step('the client pins a note on the model, draws an arrow and sends it', async () => {
    await notes.getByRole('button', { name: 'Pin a note' }).click();
    await expect(notes.getByText('Tap the model where the note belongs.')).toBeVisible();
    // On the base cabinet (the wall cabinet is above it, the middle of the view is empty).
    await canvas.click({ position: { x: box.width / 2, y: box.height * 0.68 } });
    await notes.getByRole('button', { name: 'Arrow' }).click();
    const surface = guest.getByRole('application', { name: 'Draw on the view' });
    // Beside the part's data sheet, which the tap opened.
    await guest.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.45);
    await guest.mouse.down();
    await guest.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.62, { steps: 5 });
    await guest.mouse.up();
    await expect(surface.locator('[data-shape="arrow"]')).toHaveCount(1);
    await notes.getByLabel('Your note').fill('This door should open to the left');
    const picture = await settledPixels(guest);
    const posted = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/comments'));
    await notes.getByRole('button', { name: 'Send' }).click();
    expect((await posted).status()).toBe(201);
    await expect(notes.locator('[data-note]')).toHaveCount(1);
    await expect(notes.locator('[data-note]').first()).toContainText('This door should open to the left');
    await expect(guest.getByRole('button', { name: 'Note 1' })).toBeVisible();
    return picture;
  });

  await test.step("the owner's open viewer shows the note and its pin without a reload, and resolves it", async () => {
    const note = ownerNotes.locator('[data-note]').first();
    await expect(note).toContainText('This door should open to the left', { timeout: 15_000 });
    await expect(ownerNotes.getByTestId('open-notes')).toHaveText('1 open');
    await expect(page.getByRole('button', { name: 'Note 1' })).toBeVisible();
    await note.getByRole('button', { name: 'Resolve' }).click();
    await expect(note).toContainText('Resolved');
    await expect(ownerNotes.getByTestId('open-notes')).toHaveText('0 open');
  });

  await test.step('the client sees it resolved without a reload', async () => {
    await expect(notes.locator('[data-note]').first()).toContainText('Resolved', { timeout: 15_000 });
  });

  await test.step('after the client turns the model, the note brings its view and markup back', async () => {
    await notes.getByRole('button', { name: 'Close the note' }).click();
    await guest.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await guest.mouse.down();
    await guest.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.6, { steps: 8 });
    await guest.mouse.up();
    const turned = await settledPixels(guest);
    expect(changed(written, turned)).toBeGreaterThan(0.02);
    await guest.getByRole('button', { name: 'Note 1' }).click();
    await expect(guest.getByTestId('markup-layer').locator('[data-shape="arrow"]')).toHaveCount(1);
    const back = await settledPixels(guest);
    expect(changed(written, back)).toBeLessThan(changed(written, turned) / 10);
  });
  await client.close();
});

test('on a phone, in French: asking for changes needs a note; a note drawn with a finger, then the request goes', async ({ browser }) => {
  test.setTimeout(180_000);
  const link = await publishedKitchen(40, 'Cuisine revue');
  await api(e2eServer, `projects/${link.projectId}`, link.token, { shareOptions: { isCommentsVisible: true, isApprovalAvailable: true }, currentStage: 'approval' }, 'PATCH');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guest = await phone.newPage();
  await guest.goto('/fr');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'fr');
  await guest.goto(`/s/${link.accessKey}`);
  await modelShown(guest);

  await test.step('without a note of theirs, the request is refused and says why', async () => {
    await guest.getByRole('button', { name: 'Demander des modifications' }).tap();
    const dialog = guest.getByRole('dialog', { name: 'Demander des modifications' });
    await dialog.getByLabel('Votre nom').fill('Chloé Cliente');
    await dialog.getByRole('button', { name: 'Demander des modifications' }).tap();
    await expect(dialog.getByRole('alert')).toHaveText('Épinglez d’abord une note sur le modèle qui dit quoi changer, puis demandez des modifications.');
    await dialog.getByRole('button', { name: 'Annuler' }).tap();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('a note on the whole view with a freehand line drawn by a finger', async () => {
    await guest.getByRole('button', { name: 'Commentaires' }).tap();
    await guest.getByRole('tab', { name: 'Notes' }).tap();
    const notes = guest.getByRole('region', { name: 'Notes', exact: true });
    await notes.getByRole('button', { name: 'Épingler une note' }).tap();
    await notes.getByRole('button', { name: 'Note sur toute la vue' }).tap();
    await notes.getByRole('button', { name: 'Main levée' }).tap();
    const surface = guest.getByRole('application', { name: 'Dessiner sur la vue' });
    const box = (await surface.boundingBox())!;
    const cdp = await phone.newCDPSession(guest);
    await stroke(cdp, Array.from({ length: 11 }, (_, i) => ({ x: box.x + 60 + i * 12, y: box.y + 60 + (i % 2) * 20 })));
    await expect(surface.locator('[data-shape="line"]')).toHaveCount(1);
    await notes.getByLabel('Votre note').fill('Poignées noires sur toutes les portes');
    const posted = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/comments'));
    await notes.getByRole('button', { name: 'Envoyer' }).tap();
    expect((await posted).status()).toBe(201);
    await expect(notes.locator('[data-note]')).toHaveCount(1);
    // Every button and tab of the notes is a finger's size on a phone (44 px high at least).
    const heights = await guest.getByRole('region', { name: 'Commentaires' }).first().locator('button:visible, [role="tab"]:visible').evaluateAll((elements) =>
      elements.map((element) => ({ name: element.textContent?.trim() || element.getAttribute('aria-label'), height: Math.round(element.getBoundingClientRect().height) })),
    );
    expect(heights.length).toBeGreaterThan(3);
    expect(heights.filter((b) => b.height < 44)).toEqual([]);
  });

  await test.step('the request for changes now goes, and the owner reads it among the decisions', async () => {
    // The sheet closed, the decision buttons are over the model again.
    await guest.getByRole('region', { name: 'Commentaires' }).first().getByRole('button', { name: 'Fermer', exact: true }).tap();
    await guest.getByRole('button', { name: 'Demander des modifications' }).tap();
    const dialog = guest.getByRole('dialog', { name: 'Demander des modifications' });
    await expect(dialog.getByLabel('Votre nom')).toHaveValue('Chloé Cliente');
    const sent = guest.waitForResponse((r) => r.url().endsWith('/changes'));
    await dialog.getByRole('button', { name: 'Demander des modifications' }).tap();
    expect((await sent).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Demander des modifications' })).toHaveCount(0);
    const decisions = await api<Array<{ kind: string; name: string; revisionNumber: number }>>(e2eServer, `projects/${link.projectId}/decisions`, link.token);
    expect(decisions.map(({ kind, name, revisionNumber }) => ({ kind, name, revisionNumber }))).toEqual([{ kind: 'changesRequested', name: 'Chloé Cliente', revisionNumber: 1 }]);
    const comments = await api<Array<{ id: number; text: string; hasView: boolean }>>(e2eServer, `projects/${link.projectId}/comments`, link.token);
    expect(comments[0]).toMatchObject({ text: 'Poignées noires sur toutes les portes', hasView: true });
    // The list carries no markup: the note's view and markup are read alone.
    const { markup } = await api<{ markup: Array<{ kind: string; points?: unknown[] }> }>(e2eServer, `projects/${link.projectId}/comments/${comments[0].id}/view`, link.token);
    expect(markup).toHaveLength(1);
    expect(markup[0].kind).toBe('line');
    expect(markup[0].points!.length).toBeGreaterThan(5);
  });
  await phone.close();
});

test('a client back on the link sees what changed since their last visit, tinted on demand, its parts listed and selectable', async ({ page }) => {
  test.setTimeout(180_000);
  const link = await publishedKitchen(40, 'Changing kitchen');
  await page.goto(`/s/${link.accessKey}`);
  await modelShown(page);
  // A first visit: nothing to compare with.
  await expect(page.getByRole('region', { name: 'What changed' })).toHaveCount(0);

  // The maker publishes a bigger kitchen as revision 2.
  const bigger = await writeSample(generateAssembly({ parts: 80, seed: 4 }), 'dae');
  const updated = await updateProject(e2eServer, link.token, link.projectId, 'kitchen.dae', bigger);
  expect(updated.revisionNumber).toBe(2);

  await page.reload();
  await modelShown(page);
  const banner = page.getByRole('region', { name: 'What changed' });
  await expect(banner).toContainText('Revision 2 is new. Since revision 1, which you saw last:');
  const counts = await banner.locator('p').nth(1).innerText();
  const added = Number(/(\d+) added/.exec(counts)?.[1]);
  expect(added).toBeGreaterThan(0);
  const show = banner.getByRole('button', { name: 'Show the changes' });
  await show.click();
  await expect(banner.getByRole('button', { name: 'Hide the changes' })).toHaveAttribute('aria-pressed', 'true');
  // The list of the parts: a row of an added part selects it, as the hierarchy shows.
  await banner.getByRole('button', { name: 'List the parts' }).click();
  const list = banner.getByRole('list', { name: 'Changed parts' });
  const row = list.locator('li[data-status="added"]').first().getByRole('button');
  const path = (await row.locator('span').nth(1).innerText()).split(' › ');
  await row.click();
  await expect(page.getByRole('treeitem', { selected: true })).toContainText(path.at(-1)!);
  // Framed above the open list, not in the middle of the canvas behind it: the selection's orange
  // is on screen, and none of it lower than the list's top (beside the banner included).
  const pixels = await settledPixels(page);
  const canvasBox = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
  const bannerBox = (await banner.boundingBox())!;
  const covered = { x: bannerBox.x - canvasBox.x, y: bannerBox.y - canvasBox.y, width: bannerBox.width, height: bannerBox.height };
  const orange = orangeRows(pixels, Math.round(canvasBox.width), Math.round(canvasBox.height), covered);
  expect(orange.count).toBeGreaterThan(20);
  expect(orange.lowest).toBeLessThan(covered.y);
  await banner.getByRole('button', { name: 'Got it' }).click();
  await expect(banner).toHaveCount(0);

  // Remembered: the next visit has nothing new to say.
  await page.reload();
  await modelShown(page);
  await expect(page.getByRole('region', { name: 'What changed' })).toHaveCount(0);
});
