import { expect, test, type Page } from '@playwright/test';
import { admin, uniqueUser } from './admin';
import { addTile, chooseFile, logIn, stepFile } from './listHelpers';
import { ownKitchen } from './ownProject';

/**
 * The viewer screens against the real server: an owner (an account of the spec's own, with a
 * kitchen like the demo's) uses every right panel, the camera views and the project and share
 * panels; a guest opens the link and sees only what was shared; filter steps; an update and a
 * delete made in the viewer; the sandbox and an unknown link.
 */

/** The share of pixels of a canvas that differ clearly from a picture of the same size (0 to 1). */
async function pixelsApart(canvas: HTMLCanvasElement, pictureUrl: string): Promise<number> {
  const picture = new Image();
  picture.src = pictureUrl;
  await picture.decode();
  const read = (source: CanvasImageSource) => {
    const scratch = document.createElement('canvas');
    scratch.width = canvas.width;
    scratch.height = canvas.height;
    const context = scratch.getContext('2d')!;
    context.drawImage(source, 0, 0);
    return context.getImageData(0, 0, canvas.width, canvas.height).data;
  };
  const [a, b] = [read(canvas), read(picture)];
  let apart = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3])) > 48) apart++;
  }
  return apart / (a.length / 4);
}

/** Each render mode in turn, chosen in the render-mode panel. (Pictures: scripts/screenshots.ts.) */
async function cycleModes(page: Page, toolsName: string, panelName: string, modes: Array<[label: string, slug: string]>) {
  const panel = page.getByRole('region', { name: panelName }).first();
  if (!(await panel.isVisible())) await page.getByRole('navigation', { name: toolsName, exact: true }).getByRole('button', { name: panelName }).click();
  for (const [label] of modes) {
    await panel.getByRole('radio', { name: label }).click();
    await expect(panel.getByRole('radio', { name: label })).toHaveAttribute('aria-checked', 'true');
  }
}

const MODES_EN: Array<[string, string]> = [['Solid', 'solid'], ['X-ray', 'xray'], ['Illustration', 'illustration'], ['Wireframe', 'wireframe']];
const MODES_FR: Array<[string, string]> = [['Solide', 'solid'], ['Rayons X', 'xray'], ['Illustration', 'illustration'], ['Filaire', 'wireframe']];

/** Waits until the engine runs on the canvas and the loading dialog has closed. */
async function waitForModel(page: Page) {
  await expect(page.locator('canvas[data-engine-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: /Loading|Chargement/ })).toBeHidden({ timeout: 30_000 });
}

async function setSwitch(page: Page, scope: ReturnType<Page['getByRole']>, name: string, on: boolean) {
  const control = scope.getByRole('switch', { name, exact: true });
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}

test.describe('viewer', () => {
  test('the owner uses the tools, shares the project, and a guest sees only what was shared', async ({ page, browser }) => {
    await ownKitchen(page, 'tools');
    await waitForModel(page);
    const tools = page.getByRole('navigation', { name: 'Tools', exact: true });

    // Each right panel opens alone.
    for (const name of ['Render mode', 'Comments', 'Hyperlinks', 'Measure', 'Clipping plane']) {
      await tools.getByRole('button', { name }).click();
      await expect(page.getByRole('region', { name }).first()).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Measure' }).first()).toBeHidden();
    await expect(page.getByRole('list', { name: 'Active tools' })).toBeHidden();

    // The clipping plane.
    const clipping = page.getByRole('region', { name: 'Clipping plane' }).first();
    await clipping.getByRole('switch', { name: 'Enable' }).click();
    await expect(clipping.getByRole('switch', { name: 'Enable' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('list', { name: 'Active tools' })).toContainText('Clipping plane');
    await clipping.getByRole('radio', { name: 'y' }).click();
    await expect(clipping.getByRole('radio', { name: 'y' })).toHaveAttribute('aria-checked', 'true');
    await clipping.getByRole('switch', { name: 'Enable' }).click();

    // Render modes: all four for the owner, wireframe first.
    await tools.getByRole('button', { name: 'Render mode' }).click();
    const render = page.getByRole('region', { name: 'Render mode' }).first();
    await expect(render.getByRole('radio')).toHaveCount(4);
    await expect(render.getByRole('radio', { name: 'Wireframe' })).toHaveAttribute('aria-checked', 'true');
    await cycleModes(page, 'Tools', 'Render mode', MODES_EN);

    // Camera views: the orientation gizmo draws the camera's axes, so each view draws its own.
    const gizmo = page.getByRole('button', { name: 'Reset camera' }).locator('canvas');
    const axes = () => gizmo.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
    const drawn: Record<string, string> = {};
    for (const view of ['Top', 'Front', 'Free']) {
      const before = await axes();
      await page.getByRole('button', { name: /Camera orientation/ }).click();
      await page.getByRole('option', { name: view }).click();
      await expect(page.getByRole('button', { name: /Camera orientation/ })).toContainText(view);
      await expect.poll(axes).not.toBe(before);
      // The view animates: its axes are drawn once the camera has arrived (two reads alike).
      await expect.poll(async () => (await axes()) === (await axes()) && (drawn[view] = await axes())).toBeTruthy();
    }
    expect(new Set(Object.values(drawn)).size).toBe(3);
    // A drag turns the camera; Reset brings back the view it left (the same axes, to antialiasing).
    const box = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 6 });
    await page.mouse.up();
    const apartFromFree = () => gizmo.evaluate(pixelsApart, drawn.Free);
    await expect.poll(apartFromFree).toBeGreaterThan(0.02);
    await page.getByRole('button', { name: 'Reset camera' }).click();
    await expect.poll(apartFromFree, { timeout: 15_000 }).toBeLessThan(0.005);

    // Selecting a part in the hierarchy opens its data sheet (the first selection).
    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();
    await page.getByRole('region', { name: 'Hierarchy' }).first().getByText('Base cabinet 1', { exact: true }).click();
    const sheet = page.getByRole('region', { name: 'Part information' });
    await expect(sheet.getByTestId('data-sheet')).toContainText('Base cabinet 1');
    await expect(sheet.getByTestId('data-sheet')).toContainText('Height');
    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();

    // The project panel, then More options opens the share panel.
    await page.getByRole('button', { name: 'Project', exact: true }).click();
    const projectPanel = page.getByRole('region', { name: 'Project' }).first();
    await expect(projectPanel.getByText('Project infos')).toBeVisible();
    await expect(projectPanel.getByText('Author')).toBeVisible();
    await projectPanel.getByRole('button', { name: 'More options' }).click();
    const share = page.getByRole('region', { name: 'Share' }).first();
    await expect(share.getByText('Please note, any change will affect anyone with this link.')).toBeVisible();
    await setSwitch(page, share, 'Publish', false);
    await expect(share.getByRole('switch', { name: 'Comments' })).toBeDisabled();
    await setSwitch(page, share, 'Publish', true);
    const options: Array<[string, boolean]> = [
      ['Hierarchy', true],
      ['Comments', true],
      ['Hyperlinks', false],
      ['Clipping plane', true],
      ['X-ray mode', true],
      ['Illustration mode', false],
      ['Wireframe mode', false],
    ];
    for (const [name, on] of options.slice(0, -1)) await setSwitch(page, share, name, on);
    // The last change saved before the link is read.
    const [lastName, lastOn] = options.at(-1)!;
    const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && /\/api\/v1\/projects\/\d+$/.test(res.url()));
    await setSwitch(page, share, lastName, lastOn);
    expect((await saved).ok()).toBe(true);
    await page.getByRole('button', { name: 'Project', exact: true }).click();
    const link = await page.getByRole('region', { name: 'Project' }).first().getByLabel('Link to share').inputValue();
    expect(link).toMatch(/\/s\/[A-Za-z0-9]+$/);
    await page.getByRole('button', { name: 'Project', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Project' })).toHaveCount(0);

    // The guest, in a fresh browser.
    const guestContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const guest = await guestContext.newPage();
    await guest.goto(link);
    await waitForModel(guest);
    await expect(guest.getByRole('link', { name: 'Back to projects' })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    await expect(guest.getByRole('region', { name: 'Hierarchy' }).first()).toBeVisible();
    const guestTools = guest.getByRole('navigation', { name: 'Tools', exact: true });
    await expect(guestTools.getByRole('button', { name: 'Hyperlinks' })).toHaveCount(0);
    await expect(guestTools.getByRole('button', { name: 'Comments' })).toBeVisible();
    await expect(guestTools.getByRole('button', { name: 'Clipping plane' })).toBeVisible();
    await guestTools.getByRole('button', { name: 'Render mode' }).click();
    const guestRender = guest.getByRole('region', { name: 'Render mode' }).first();
    await expect(guestRender.getByRole('radio')).toHaveText(['Solid', 'X-ray']);
    await expect(guestRender.getByRole('radio', { name: 'Solid' })).toHaveAttribute('aria-checked', 'true');
    await cycleModes(guest, 'Tools', 'Render mode', MODES_EN.slice(0, 2));
    await guest.getByRole('button', { name: 'Shared project' }).click();
    const sharedPanel = guest.getByRole('region', { name: 'Shared project' }).first();
    await expect(sharedPanel.getByText('Owner', { exact: true })).toBeVisible();
    await expect(sharedPanel.getByText('Kitchen Owner', { exact: true })).toBeVisible();

    // The same link in French.
    await guest.goto('/fr');
    await expect(guest).toHaveURL(/\/login$/);
    await expect(guest.locator('html')).toHaveAttribute('lang', 'fr');
    await guest.goto(link);
    await waitForModel(guest);
    await expect(guest.getByRole('navigation', { name: 'Outils', exact: true })).toBeVisible();
    await cycleModes(guest, 'Outils', 'Mode de rendu', MODES_FR.slice(0, 2));
    await guestContext.close();

    // The owner's viewer in French.
    await page.getByRole('button', { name: 'Open the user panel' }).click();
    await page.getByRole('button', { name: /Français/ }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Outils', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Projet', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Projet' }).first().getByText('Informations du projet')).toBeVisible();
    await cycleModes(page, 'Outils', 'Mode de rendu', MODES_FR);

    // Back to English: the language is a setting of the account.
    await page.getByRole('button', { name: 'Ouvrir le panneau utilisateur' }).click();
    await page.getByRole('button', { name: /English/ }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Tools', exact: true })).toBeVisible();
  });

  test('filter parameters isolate parts or step through them, and a click in the tree ends the filter', async ({ page }) => {
    const href = (await ownKitchen(page, 'filters')).projectPath;
    const tree = page.getByRole('region', { name: 'Hierarchy' }).first();
    const hidden = (name: string) => tree.getByRole('button', { name: `Show ${name}`, exact: true });
    const shown = (name: string) => tree.getByRole('button', { name: `Hide ${name}`, exact: true });

    // One filter isolates, without a step navigator.
    await page.goto(`${href}?filter=Base%20cabinet%201&noFlash`);
    await waitForModel(page);
    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();
    await expect(hidden('Base cabinet 2')).toHaveAttribute('aria-pressed', 'true');
    await expect(shown('Base cabinet 1')).toBeVisible();
    await expect(page.getByRole('navigation', { name: /^Step / })).toHaveCount(0);

    // Two filters, the second with +: notice mode, step 1 {1}, step 2 {1, 2}; the arrows wrap around.
    await page.goto(`${href}?filter=Base%20cabinet%201&filter=+Base%20cabinet%202`);
    await waitForModel(page);
    const steps = page.getByRole('navigation', { name: /^Step / });
    await expect(steps).toContainText('Step 1 of 2');
    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();
    await expect(hidden('Base cabinet 2')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(steps).toContainText('Step 2 of 2');
    await expect(shown('Base cabinet 2')).toBeVisible();
    await expect(shown('Base cabinet 1')).toBeVisible();
    await expect(hidden('Base cabinet 3')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(steps).toContainText('Step 1 of 2');
    await expect(hidden('Base cabinet 2')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(steps).toContainText('Step 2 of 2');
    await expect(shown('Base cabinet 2')).toBeVisible();

    // A click in the tree strips the filter and shows every part again.
    await tree.getByText('Base cabinet 3', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(steps).toHaveCount(0);
    await expect(shown('Base cabinet 3')).toBeVisible();

    // The eye hides and shows a part.
    await shown('Base cabinet 3').click();
    await expect(hidden('Base cabinet 3')).toHaveAttribute('aria-pressed', 'true');
    await hidden('Base cabinet 3').click();
    await expect(shown('Base cabinet 3')).toBeVisible();
  });

  test('an update made in the viewer loads the new model there; a delete made there returns to the list', async ({ page }) => {
    const username = uniqueUser('viewer');
    await admin('user', 'add', username, '--password', 'viewer-e2e-password', '--name', 'Viewer Tester');
    await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5', '--updates-per-credit', '3');
    await logIn(page, username, 'viewer-e2e-password');
    await chooseFile(page, () => addTile(page).click(), await stepFile('Viewer cabinet.stp', 12, 3));
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
    await waitForModel(page);
    const leftTools = page.getByRole('navigation', { name: 'Project toolbar' });
    await leftTools.getByRole('button', { name: 'Project', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Project', exact: true }).first();
    await expect(panel.getByText('Version')).toBeVisible();
    await expect(panel).toContainText(/Version\s*1/);
    const firstCount = await page.getByRole('treeitem').count();

    await test.step('update from the project panel: the viewer loads revision 2 and its tree', async () => {
      await panel.getByLabel(/Choose a new model for/).setInputFiles(await stepFile('Viewer cabinet v2.stp', 30, 4));
      await expect(panel).toContainText(/Version\s*2/, { timeout: 60_000 });
      await waitForModel(page);
      await leftTools.getByRole('button', { name: 'Hierarchy' }).click();
      await expect.poll(() => page.getByRole('treeitem').count(), { timeout: 30_000 }).not.toBe(firstCount);
    });

    await test.step('delete from the project panel: back to the list, without the project', async () => {
      await leftTools.getByRole('button', { name: 'Project', exact: true }).click();
      await panel.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('Viewer cabinet')).toHaveCount(0);
    });
  });

  test('note cards keep a long author name on one line, the date clear of the delete button, and long link names whole', async ({ page }) => {
    await ownKitchen(page, 'cards', 'Cards kitchen.dae', 'Maximilienne-Éléonore de la Tour-Montgomery-Villeneuve');
    await waitForModel(page);
    const tools = page.getByRole('navigation', { name: 'Tools', exact: true });
    const boxOf = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
    const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

    await tools.getByRole('button', { name: 'Comments' }).click();
    const comments = page.getByRole('region', { name: 'Comments' }).first();
    // SPEC's list is the panel's second tab, after the review's notes.
    await comments.getByRole('tab', { name: 'All comments' }).click();
    await comments.getByLabel('Your comment').fill('Check the hinge side before drilling.');
    await comments.getByRole('button', { name: 'Send' }).click();
    const card = comments.getByRole('listitem').first();
    await expect(card).toContainText('Check the hinge side');
    const name = card.getByText(/^Maximilienne/);
    // One line: the name is cut with an ellipsis (whole in its tooltip), not wrapped.
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth && el.getClientRects().length === 1)).toBe(true);
    await expect(name).toHaveAttribute('title', 'Maximilienne-Éléonore de la Tour-Montgomery-Villeneuve');
    expect(apart(await boxOf(card.locator('time')), await boxOf(card.getByRole('button', { name: /Delete/ })))).toBe(true);
    expect(apart(await boxOf(name), await boxOf(card.getByRole('button', { name: /Delete/ })))).toBe(true);

    await tools.getByRole('button', { name: 'Hyperlinks' }).click();
    const links = page.getByRole('region', { name: 'Hyperlinks' }).first();
    await links.getByLabel('Name', { exact: true }).fill('Installation instructions for the tall left-hand pantry unit');
    await links.getByLabel('Link', { exact: true }).fill('https://example.com/pantry');
    await links.getByRole('button', { name: 'Add' }).click();
    const link = links.getByRole('link', { name: /Installation instructions/ });
    await expect(link).toBeVisible();
    // Whole words per line: every line break falls between words.
    const words = await link.locator('span').first().evaluate((el) => {
      const range = document.createRange();
      const text = el.firstChild!;
      const lines = new Map<number, string>();
      for (let i = 0; i < text.textContent!.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) ?? '') + text.textContent![i]);
      }
      return [...lines.values()];
    });
    expect(words.length).toBeGreaterThan(1);
    for (const line of words.slice(0, -1)) expect(line).toMatch(/\s$/);
  });

  test('the sandbox shows the sample model in wireframe', async ({ page }) => {
    await page.goto('/sandbox');
    await waitForModel(page);
    await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: 'Render mode' }).click();
    await expect(page.getByRole('region', { name: 'Render mode' }).first().getByRole('radio', { name: 'Wireframe' })).toHaveAttribute('aria-checked', 'true');
  });

  test('an unknown link shows the load error dialog, whose Close returns to /', async ({ page }) => {
    await page.goto('/s/ZZunknownKey0000000000');
    const dialog = page.getByRole('alertdialog', { name: 'Error' });
    await expect(dialog.getByText('This link is not valid, or the project is no longer shared.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Project not found' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // / sends a visitor who is not logged in to the login.
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a search in the address opens the owner\'s hierarchy with it; the tree finds parts by their material', async ({ page }) => {
  test.setTimeout(120_000);
  const own = await ownKitchen(page, 'urlsearch');
  await waitForModel(page);
  // Opened again with a search in its hash, as an address passed on would open it.
  await page.goto('/');
  await page.goto(`${own.projectPath}#HDF%208`);
  await waitForModel(page);
  const tree = page.getByRole('region', { name: 'Hierarchy' }).first();
  await expect(tree).toBeVisible();
  await expect(tree.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('HDF 8');
  // The backs and drawer bottoms are HDF: found by material, which their rows show.
  await expect(tree.getByText(/^\d+ matching parts?$/)).toBeVisible();
  await expect(tree.getByRole('treeitem').filter({ hasText: '· HDF 8' }).first()).toBeVisible();
});
