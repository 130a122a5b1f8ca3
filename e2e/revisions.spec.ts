/**
 * Revisions as an owner meets them: a kitchen updated twice, its third revision differing from the
 * first by known parts (samples/revise.ts); the revisions panel lists the three, compares the first
 * with the current one (counts, list, colours; a row of the list selects its part), opens the first
 * read-only and compares the current one with it, and makes the second current again.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generateAssembly } from '../samples/generate';
import { REVISION_CHANGES, reviseAssembly } from '../samples/revise';
import { writeSample } from '../samples/writers/index';
import { admin, uniqueUser } from './admin';
import { addTile, chooseFile, logIn } from './listHelpers';

const folder = mkdtempSync(path.join(tmpdir(), 'revisions-'));
const kitchen = generateAssembly({ parts: 60, seed: 3 });

async function daeOf(fileName: string, assembly = kitchen): Promise<string> {
  const file = path.join(folder, fileName);
  writeFileSync(file, await writeSample(assembly, 'dae'));
  return file;
}

async function modelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeVisible({ timeout: 60_000 });
}

test('an owner compares revision 1 with revision 3, opens revision 1 read-only and makes revision 2 current again', async ({ page }) => {
  test.setTimeout(180_000);
  const username = uniqueUser('revisions');
  await admin('user', 'add', username, '--password', 'revisions-e2e-password', '--name', 'Rita Revision');
  await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5', '--updates-per-credit', '3');
  await logIn(page, username, 'revisions-e2e-password');
  await chooseFile(page, () => addTile(page).click(), await daeOf('Revised kitchen.dae'));
  await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
  await modelShown(page);

  const leftTools = page.getByRole('navigation', { name: 'Project toolbar' });
  await leftTools.getByRole('button', { name: 'Project', exact: true }).click();
  const projectPanel = page.getByRole('region', { name: 'Project', exact: true }).first();
  await test.step('update twice: revision 2 another kitchen, revision 3 the first one revised', async () => {
    await projectPanel.getByLabel(/Choose a new model for/).setInputFiles(await daeOf('Revised kitchen v2.dae', generateAssembly({ parts: 30, seed: 9 })));
    await expect(projectPanel).toContainText(/Version\s*2/, { timeout: 60_000 });
    await modelShown(page);
    await projectPanel.getByLabel(/Choose a new model for/).setInputFiles(await daeOf('Revised kitchen v3.dae', reviseAssembly(kitchen)));
    await expect(projectPanel).toContainText(/Version\s*3/, { timeout: 60_000 });
    await modelShown(page);
  });

  await projectPanel.getByRole('button', { name: 'Revisions' }).click();
  const panel = page.getByRole('region', { name: 'Revisions', exact: true }).first();
  const rows = panel.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Revision 3');
  await expect(rows.first()).toContainText('Current');
  await expect(rows.first()).toContainText('Revised kitchen v3.dae');
  await expect(rows.first()).toContainText('Rita Revision');

  await test.step('compare revision 1 with the current one: the known added, removed and changed parts', async () => {
    await panel.locator('[data-revision="1"]').getByRole('button', { name: 'Compare' }).click();
    const comparison = panel.getByRole('region', { name: /Revision 1 → current revision 3/ });
    const count = (status: string) => comparison.locator(`[data-status="${status}"] dd`);
    await expect(count('added')).toHaveText(String(REVISION_CHANGES.added));
    await expect(count('removed')).toHaveText(String(REVISION_CHANGES.removed));
    await expect(count('changed')).toHaveText(String(REVISION_CHANGES.changed));
    expect(Number(await count('unchanged').textContent())).toBeGreaterThan(50);
    await expect(comparison.getByRole('listitem')).toHaveText([/Added.*Added shelf/, /Changed.*Left side.*dimensions, geometry/, /Removed.*Leg/]);
    // A row of an added or changed part selects it (the viewer names the part selected); a removed part is listed only.
    const list = comparison.getByRole('list', { name: 'Changed parts' });
    await list.locator('li[data-status="added"]').getByRole('button').click();
    await expect(page.getByLabel('Selected part', { exact: true })).toContainText('Added shelf');
    await list.locator('li[data-status="changed"]').getByRole('button').click();
    await expect(page.getByLabel('Selected part', { exact: true })).toContainText('Left side');
    await expect(list.locator('li[data-status="removed"]').getByRole('button')).toHaveCount(0);
    // Only the changes: the tree shows every other part hidden.
    await comparison.getByRole('switch', { name: 'Show only changes' }).click();
    await expect(comparison.getByRole('switch', { name: 'Show only changes' })).toBeChecked();
    // Compare on another row while comparing: that comparison replaces this one.
    await panel.locator('[data-revision="2"]').getByRole('button', { name: 'Compare' }).click();
    await expect(comparison).toHaveCount(0);
    const second = panel.getByRole('region', { name: /Revision 2 → current revision 3/ });
    await expect(second.getByRole('list', { name: 'Changed parts' })).toBeVisible();
    await second.getByRole('button', { name: 'Stop comparing' }).click();
    await expect(second).toHaveCount(0);
  });

  await test.step('open revision 1 read-only, compare the current one with it, then go back to the current one', async () => {
    await panel.locator('[data-revision="1"]').getByRole('button', { name: 'Open' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Revision 1 (read only)' });
    await expect(banner).toBeVisible();
    await modelShown(page);
    // From revision 3 to revision 1, the one on screen: what 3 added, 1 has not.
    await panel.locator('[data-revision="3"]').getByRole('button', { name: 'Compare' }).click();
    const comparison = panel.getByRole('region', { name: 'Revision 3 compared with revision 1 (on screen)' });
    const count = (status: string) => comparison.locator(`[data-status="${status}"] dd`);
    await expect(count('added')).toHaveText(String(REVISION_CHANGES.removed));
    await expect(count('removed')).toHaveText(String(REVISION_CHANGES.added));
    await expect(count('changed')).toHaveText(String(REVISION_CHANGES.changed));
    await banner.getByRole('button', { name: 'Back to current' }).click();
    await expect(banner).toHaveCount(0);
    await expect(comparison).toHaveCount(0);
    await modelShown(page);
  });

  await test.step('make revision 2 current again: it becomes revision 4 (a free update of the allowance)', async () => {
    await panel.locator('[data-revision="2"]').getByRole('button', { name: 'Make current' }).click();
    await expect(rows).toHaveCount(4, { timeout: 30_000 });
    await expect(rows.first()).toContainText('Revision 4');
    await expect(rows.first()).toContainText('Revised kitchen v2.dae');
    await modelShown(page);
    await leftTools.getByRole('button', { name: 'Project', exact: true }).click();
    await expect(projectPanel).toContainText(/Version\s*4/);
  });
});
