/**
 * A spec's own account: a user made with the admin command, with a plan, logged in, owning a
 * kitchen like the demo's sample (120 generated parts) uploaded through the add tile. Specs that
 * change a project use one of these, so no spec depends on what another did to the demo account.
 */
import { expect, type Page } from '@playwright/test';
import { admin, uniqueUser } from './admin';
import { addTile, chooseFile, daeFile, logIn } from './listHelpers';

export interface OwnProject {
  username: string;
  password: string;
  /** `/projects/{id}` of the uploaded kitchen. */
  projectPath: string;
}

export async function ownKitchen(page: Page, prefix: string, fileName = 'Own kitchen.dae', fullName = 'Kitchen Owner'): Promise<OwnProject> {
  const username = uniqueUser(prefix);
  const password = 'own-e2e-password';
  await admin('user', 'add', username, '--password', password, '--name', fullName);
  await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5', '--updates-per-credit', '3');
  await logIn(page, username, password);
  await chooseFile(page, () => addTile(page).click(), await daeFile(fileName));
  await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 60_000 });
  return { username, password, projectPath: new URL(page.url()).pathname };
}
