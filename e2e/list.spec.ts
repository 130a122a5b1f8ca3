/**
 * The project list against the real server (SPEC §2, §4, §5, §8, §9): uploads of generated STEP
 * files by the add tile and by a drop with the loading dialog, rename with each invalid case, the
 * card's stage dropdown, search, step filter, sort and reverse, delete; an update past the free
 * allowance (Cancel, then Continue) and the missing-credits dialog; the main flow in French; and
 * an accessibility check (axe) of the list and each of its dialogs and panels.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { admin, uniqueUser } from './admin';
import {
  addTile,
  brokenStepFile,
  cardNames,
  chooseFile,
  clearLoadingRecord,
  dropFile,
  FR,
  jobStepFile,
  loadingRecord,
  logIn,
  recordLoading,
  stepFile,
} from './listHelpers';

const DEMO = { username: 'demo@example.com', password: 'demo-password-e2e' };
const PERCENT = /^\d{1,3} %$/;
/** French writes the same whole percent. */
const PERCENT_FR = /^\d{1,3} %$/;

/** Serious and critical axe violations of the page as it is now, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A user with one plan, made with the admin command. */
async function newUser(prefix: string, credits: number, updatesPerCredit: number): Promise<{ username: string; password: string }> {
  const username = uniqueUser(prefix);
  const password = 'list-e2e-password';
  await admin('user', 'add', username, '--password', password, '--name', 'List Tester');
  await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', String(credits), '--updates-per-credit', String(updatesPerCredit));
  return { username, password };
}

/** The loading states recorded since the last clear, checked: messages seen in order and every percentage with two decimals, in the page's language. */
async function expectLoadingRecorded(page: Page, messages: string[], percent = PERCENT): Promise<void> {
  const record = await loadingRecord(page);
  const seen = record.map((entry) => entry.split('|')[0]);
  for (const message of messages) expect(seen, `loading messages ${JSON.stringify(record)}`).toContain(message);
  expect(seen.indexOf(messages.at(-1)!)).toBeGreaterThanOrEqual(seen.indexOf(messages[0]));
  const percents = record.map((entry) => entry.split('|')[1]);
  for (const shown of percents) expect(shown).toMatch(percent);
  const values = percents.map((p) => Number.parseFloat(p.replace(',', '.')));
  expect(values.every((v, i) => i === 0 || v >= values[i - 1]), `percentages ${percents.join(', ')}`).toBe(true);
}

/** A headless UI dialog's own element has no box (its panel is fixed): an open dialog shows its title. */
async function expectOpen(dialog: Locator): Promise<void> {
  await expect(dialog.getByRole('heading').first()).toBeVisible();
}

async function openCardMenu(page: Page, name: string, menuLabel = 'Actions for'): Promise<void> {
  await page.getByRole('button', { name: `${menuLabel} ${name}`, exact: true }).click();
}

test.describe('project list', () => {
  test('the demo user uploads by the tile and by a drop, renames, changes the stage, searches, filters, sorts and deletes', async ({ page }) => {
    test.setTimeout(150_000);
    await recordLoading(page);
    await logIn(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    await test.step('upload a STEP by the add tile: the loading dialog, then the viewer route', async () => {
      const file = await stepFile('Tile kitchen.stp', 40, 2);
      await chooseFile(page, () => addTile(page).click(), file);
      const loading = page.getByRole('dialog', { name: 'Loading' });
      await expectOpen(loading);
      await expect(loading.getByText(PERCENT)).toBeVisible();
      await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
      await expectLoadingRecorded(page, ['Upload in progress...', 'Conversion in progress...']);
      // One progress from the list to the model on screen: it goes on in the viewer, only up, with the
      // step's own words (never "Initializing..."), and the dialog closes when the model is shown.
      await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
      await expect(loading).toHaveCount(0);
      const whole = await page.evaluate(() => window.loadingRecord ?? []);
      const values = whole.map((entry) => Number.parseFloat(entry.split('|')[2]));
      expect(values.every((v, i) => i === 0 || v >= values[i - 1]), `progress ${whole.join(', ')}`).toBe(true);
      expect(whole.filter((entry) => entry.startsWith('/projects/')).length, whole.join(', ')).toBeGreaterThan(0);
      expect(whole.some((entry) => entry.includes('|Initializing...|')), whole.join(', ')).toBe(false);
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Open Tile kitchen' })).toBeVisible();
    });

    await test.step('upload by dropping a file on the add tile', async () => {
      await clearLoadingRecord(page);
      const text = readFileSync(await stepFile('Dropped cabinet.stp', 40, 3), 'utf8');
      await dropFile(page, addTile(page), 'Dropped cabinet.stp', text);
      await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
      await expectLoadingRecorded(page, ['Upload in progress...', 'Conversion in progress...']);
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Open Dropped cabinet' })).toBeVisible();
    });

    await test.step('a file of another format is refused with a message', async () => {
      await dropFile(page, addTile(page), 'notes.txt', 'hello');
      const message = page.getByRole('dialog', { name: 'Information' });
      await expect(message).toContainText('"notes.txt" is not a model file this product reads.');
      await message.getByRole('button', { name: 'Close' }).click();
      await expect(message).toHaveCount(0);
    });

    await test.step('rename: each invalid case, then a valid name', async () => {
      await openCardMenu(page, 'Tile kitchen');
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename project' });
      const field = dialog.getByRole('textbox', { name: 'Project name' });
      const submit = dialog.getByRole('button', { name: 'Rename' });
      await expect(field).toHaveValue('Tile kitchen');
      await expect(submit).toBeDisabled();
      await field.fill('');
      await expect(dialog.getByText('You need at least 1 character.')).toBeVisible();
      await expect(submit).toBeDisabled();
      await field.fill('x'.repeat(61));
      await expect(dialog.getByText('60 maximum characters')).toBeVisible();
      await expect(submit).toBeDisabled();
      await field.fill('Kitchen/A');
      await expect(dialog.getByText('Invalid characters.')).toBeVisible();
      await expect(submit).toBeDisabled();
      await field.fill('Tile kitchen');
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(submit).toBeDisabled();
      await field.fill('x'.repeat(60));
      await expect(submit).toBeEnabled();
      await field.fill('Kitchen A');
      await submit.click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Open Kitchen A' })).toBeVisible();
      // The error state resets when the dialog opens again.
      await openCardMenu(page, 'Kitchen A');
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Project name' })).toHaveValue('Kitchen A');
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('change the stage from the card; it is saved', async () => {
      await page.getByRole('button', { name: 'Step of Kitchen A' }).click();
      await page.getByRole('option', { name: 'Production', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Step of Kitchen A' })).toHaveText('Production');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Step of Kitchen A' })).toHaveText('Production');
      await expect(page.getByRole('button', { name: 'Step of Dropped cabinet' })).toHaveText('New');
    });

    await test.step('search by name, case-insensitive', async () => {
      const search = page.getByRole('searchbox', { name: 'Search by name' });
      await search.fill('DROPPED');
      await expect.poll(() => cardNames(page)).toEqual(['Dropped cabinet']);
      // The header counts what is shown, out of all.
      await expect(page.getByTestId('project-count')).toHaveText('1 of 3 projects');
      await search.fill('kitchen');
      await expect.poll(async () => (await cardNames(page)).sort()).toEqual(['Kitchen A', 'Sample kitchen']);
      await search.fill('nothing like it');
      await expect(page.getByText('No project matches your search.')).toBeVisible();
      await search.fill('');
      await expect.poll(async () => (await cardNames(page)).length).toBe(3);
      await expect(page.getByTestId('project-count')).toHaveText('3 projects');
    });

    await test.step('filter by step', async () => {
      await page.getByRole('button', { name: /^Step/ }).filter({ hasText: 'All' }).click();
      await page.getByRole('option', { name: 'Production', exact: true }).click();
      await expect.poll(() => cardNames(page)).toEqual(['Kitchen A']);
      await page.getByRole('button', { name: /^Step/ }).filter({ hasText: 'Production' }).first().click();
      await page.getByRole('option', { name: 'Ready for production', exact: true }).click();
      await expect(page.getByText('No project matches your search.')).toBeVisible();
      await page.getByRole('button', { name: /^Step/ }).filter({ hasText: 'Ready for production' }).first().click();
      await page.getByRole('option', { name: 'All', exact: true }).click();
      await expect.poll(async () => (await cardNames(page)).length).toBe(3);
    });

    await test.step('sort by date (newest first by default), by name, and reverse', async () => {
      // Kitchen A changed last (its stage), then Dropped cabinet was created; the sample is the oldest.
      await expect.poll(() => cardNames(page)).toEqual(['Kitchen A', 'Dropped cabinet', 'Sample kitchen']);
      const reverse = page.getByRole('button', { name: 'Reverse order' });
      await reverse.click();
      await expect(reverse).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => cardNames(page)).toEqual(['Sample kitchen', 'Dropped cabinet', 'Kitchen A']);
      await page.getByRole('button', { name: /^Sort by/ }).click();
      await page.getByRole('option', { name: 'Name', exact: true }).click();
      await expect.poll(() => cardNames(page)).toEqual(['Sample kitchen', 'Kitchen A', 'Dropped cabinet']);
      await reverse.click();
      await expect(reverse).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => cardNames(page)).toEqual(['Dropped cabinet', 'Kitchen A', 'Sample kitchen']);
    });

    await test.step('open a card: the viewer route', async () => {
      await page.getByRole('link', { name: 'Open Kitchen A' }).click();
      await expect(page).toHaveURL(/\/projects\/\d+$/);
      await page.goto('/');
    });

    await test.step('delete with the confirmation', async () => {
      await openCardMenu(page, 'Dropped cabinet');
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete project' });
      await expect(dialog).toContainText('Are you sure you wish to delete "Dropped cabinet"?');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Open Dropped cabinet' })).toBeVisible();
      await openCardMenu(page, 'Dropped cabinet');
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Open Dropped cabinet' })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('link', { name: 'Open Kitchen A' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open Dropped cabinet' })).toHaveCount(0);
    });
  });

  test('a whole job as cabinet software exports it: the upload dialog says which step runs and how many parts are read', async ({ page }) => {
    test.setTimeout(150_000);
    await logIn(page, DEMO.username, DEMO.password);
    await chooseFile(page, () => addTile(page).click(), jobStepFile('Apartment job.stp', 12, 4));
    const loading = page.getByRole('dialog', { name: 'Loading' });
    await expect(loading.getByTestId('loading-activity')).toHaveText(/^Reading parts: \d+ of \d+$/, { timeout: 60_000 });
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 120_000 });
    await page.goto('/');
    await openCardMenu(page, 'Apartment job');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: 'Open Apartment job' })).toHaveCount(0);
  });

  test('an update past the free allowance asks to confirm the credit (Cancel, then Continue); without credits the missing-credits dialog opens', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await newUser('credits', 2, 0);
    await recordLoading(page);
    await logIn(page, user.username, user.password);
    await chooseFile(page, () => addTile(page).click(), await stepFile('Credit cabinet.stp', 20, 4));
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
    await page.goto('/');
    const update = await stepFile('Credit cabinet v2.stp', 20, 5);
    const confirm = page.getByRole('alertdialog', { name: 'Confirm credit usage' });

    await test.step('Cancel: nothing is updated', async () => {
      await openCardMenu(page, 'Credit cabinet');
      await chooseFile(page, () => page.getByRole('menuitem', { name: 'Update' }).click(), update);
      await expect(confirm).toContainText(
        'You used all free updates for this project. The current update will cost you a credit from you subscription.',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: 'Loading' })).toHaveCount(0);
      await expect(addTile(page)).toBeEnabled();
    });

    await test.step('Continue: the update converts and the list stays', async () => {
      await clearLoadingRecord(page);
      await openCardMenu(page, 'Credit cabinet');
      await chooseFile(page, () => page.getByRole('menuitem', { name: 'Update' }).click(), update);
      await confirm.getByRole('button', { name: 'Continue' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: 'Loading' })).toHaveCount(0, { timeout: 60_000 });
      await expectLoadingRecorded(page, ['Conversion in progress...']);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Open Credit cabinet' })).toBeVisible();
    });

    await test.step('no credit left: an update and a new project open the missing-credits dialog', async () => {
      const missing = page.getByRole('alertdialog', { name: 'Error' });
      await openCardMenu(page, 'Credit cabinet');
      await chooseFile(page, () => page.getByRole('menuitem', { name: 'Update' }).click(), update);
      await expect(missing).toContainText('You have insufficient credits remaining in your subscription to proceed.');
      const modify = missing.getByRole('link', { name: 'Modify subscription' });
      expect(await modify.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await seriousViolations(page)).toEqual([]);
      await missing.getByRole('button', { name: 'Close' }).click();
      await expect(missing).toHaveCount(0);
      await chooseFile(page, () => addTile(page).click(), await stepFile('One too many.stp', 10, 6));
      await expect(missing).toContainText('You have insufficient credits remaining in your subscription to proceed.');
      await missing.getByRole('button', { name: 'Close' }).click();
      await expect(missing).toHaveCount(0);
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => cardNames(page)).toEqual(['Credit cabinet']);
    });
  });

  test('a model the server cannot convert opens the load error dialog, whose Close returns to the list', async ({ page }) => {
    const user = await newUser('broken', 3, 3);
    await logIn(page, user.username, user.password);
    await chooseFile(page, () => addTile(page).click(), brokenStepFile('Broken.stp'));
    const error = page.getByRole('alertdialog', { name: 'Error' });
    await expect(error).toContainText('An error occurred while loading your project.', { timeout: 60_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await error.getByRole('button', { name: 'Close' }).click();
    await expect(error).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('No projects yet. Add your first model to get started.')).toBeVisible();
  });

  test('the main flow in French', async ({ page }) => {
    test.setTimeout(120_000);
    const user = await newUser('french', 5, 3);
    await recordLoading(page);
    await page.goto('/fr');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, user.username, user.password, FR);
    await expect(page.getByRole('heading', { name: 'Projets', level: 1 })).toBeVisible();

    await chooseFile(page, () => addTile(page, 'Ajouter un projet').click(), await stepFile('Cuisine.stp', 20, 7));
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
    await expectLoadingRecorded(page, ['Envoi en cours...', 'Conversion en cours...'], PERCENT_FR);
    await page.goto('/');
    await clearLoadingRecord(page);
    const text = readFileSync(await stepFile('Buffet.stp', 20, 8), 'utf8');
    await dropFile(page, addTile(page, 'Ajouter un projet'), 'Buffet.stp', text);
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
    await page.goto('/');

    await openCardMenu(page, 'Cuisine', 'Actions pour');
    await page.getByRole('menuitem', { name: 'Renommer' }).click();
    const rename = page.getByRole('dialog', { name: 'Renommer le projet' });
    const field = rename.getByRole('textbox', { name: 'Nom du projet' });
    const submit = rename.getByRole('button', { name: 'Renommer' });
    await field.fill('');
    await expect(rename.getByText('Il faut au moins 1 caractère.')).toBeVisible();
    await field.fill('y'.repeat(61));
    await expect(rename.getByText('60 caractères maximum')).toBeVisible();
    await field.fill('a:b');
    await expect(rename.getByText('Caractères non valides.')).toBeVisible();
    await field.fill('Cuisine');
    await expect(submit).toBeDisabled();
    await field.fill('Cuisine Dupont');
    await submit.click();
    await expect(rename).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ouvrir Cuisine Dupont' })).toBeVisible();

    await page.getByRole('button', { name: 'Étape de Cuisine Dupont' }).click();
    await page.getByRole('option', { name: 'Prêt pour la production', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Étape de Cuisine Dupont' })).toHaveText('Prêt pour la production');

    await page.getByRole('searchbox', { name: 'Rechercher par nom' }).fill('buf');
    await expect.poll(() => cardNames(page)).toEqual(['Buffet']);
    await page.getByRole('searchbox', { name: 'Rechercher par nom' }).fill('');
    await page.getByRole('button', { name: /^Étape/ }).filter({ hasText: 'Toutes' }).click();
    await page.getByRole('option', { name: 'Prêt pour la production', exact: true }).click();
    await expect.poll(() => cardNames(page)).toEqual(['Cuisine Dupont']);
    await page.getByRole('button', { name: /^Étape/ }).filter({ hasText: 'Prêt pour la production' }).first().click();
    await page.getByRole('option', { name: 'Toutes', exact: true }).click();
    await page.getByRole('button', { name: /^Trier par/ }).click();
    await page.getByRole('option', { name: 'Nom', exact: true }).click();
    await expect.poll(() => cardNames(page)).toEqual(['Buffet', 'Cuisine Dupont']);
    await page.getByRole('button', { name: 'Inverser l’ordre' }).click();
    await expect.poll(() => cardNames(page)).toEqual(['Cuisine Dupont', 'Buffet']);

    await openCardMenu(page, 'Buffet', 'Actions pour');
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Supprimer le projet' });
    await expect(remove).toContainText('Voulez-vous vraiment supprimer « Buffet » ?');
    await remove.getByRole('button', { name: 'Supprimer' }).click();
    await expect(remove).toHaveCount(0);
    await expect.poll(() => cardNames(page)).toEqual(['Cuisine Dupont']);
  });

  test('accessibility: the list and each of its dialogs and panels have no serious or critical axe violations', async ({ page }) => {
    test.setTimeout(120_000);
    await logIn(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('link', { name: /^Open / }).first()).toBeVisible();
    expect(await seriousViolations(page), 'list').toEqual([]);
    const name = (await page.getByRole('link', { name: /^Open / }).first().getAttribute('aria-label'))!.slice('Open '.length);

    await openCardMenu(page, name);
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page), 'card menu').toEqual([]);
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename project' });
    await rename.getByRole('textbox').fill('');
    await expect(rename.getByText('You need at least 1 character.')).toBeVisible();
    expect(await seriousViolations(page), 'rename').toEqual([]);
    await rename.getByRole('button', { name: 'Cancel' }).click();

    await openCardMenu(page, name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expectOpen(page.getByRole('alertdialog', { name: 'Delete project' }));
    expect(await seriousViolations(page), 'delete').toEqual([]);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await openCardMenu(page, name);
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: `Share "${name}"` });
    await expectOpen(share);
    expect(await seriousViolations(page), 'share').toEqual([]);
    await share.getByRole('button', { name: 'Close' }).last().click();
    await expect(share).toHaveCount(0);

    await page.getByRole('button', { name: 'Step of ' + name }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(await seriousViolations(page), 'stage dropdown').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open the user panel' }).click();
    const userPanel = page.getByRole('dialog', { name: 'User' });
    await expectOpen(userPanel);
    await userPanel.getByRole('button', { name: 'Customization' }).click();
    await expect(userPanel.getByRole('button', { name: 'Replace' })).toBeVisible();
    expect(await seriousViolations(page), 'user panel').toEqual([]);
    await userPanel.getByRole('button', { name: 'Manage subscription' }).click();
    const plans = page.getByRole('dialog', { name: 'My Subscriptions' });
    await expect(plans.getByText('Demo plan')).toBeVisible();
    expect(await seriousViolations(page), 'subscriptions').toEqual([]);
    await plans.getByRole('button', { name: 'Close' }).click();
    await expect(plans).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(userPanel).toHaveCount(0);

    await page.getByRole('button', { name: 'About' }).click();
    await expectOpen(page.getByRole('dialog', { name: 'About' }));
    expect(await seriousViolations(page), 'about panel').toEqual([]);
    await page.keyboard.press('Escape');

    // The loading dialog, while a larger model goes up and converts.
    await chooseFile(page, () => addTile(page).click(), await stepFile('Axe kitchen.stp', 400, 9));
    await expectOpen(page.getByRole('dialog', { name: 'Loading' }));
    expect(await seriousViolations(page), 'loading').toEqual([]);
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
  });
});
