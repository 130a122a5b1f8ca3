/** What the project list's screen drivers share: a fresh owner with one project, and its card's menu. */
import { expect, type Page } from '@playwright/test';
import { api, uploadProject, type RunningServer } from '../../bench/lib/appServer';
import type { Assembly } from '../../samples/assembly';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { e2eServer } from '../linkHelpers';
import { logIn } from '../listHelpers';
import { newAccount, type Account } from './accounts';

export interface OwnerWithProject {
  server: RunningServer;
  username: string;
  token: string;
  projectId: number;
  accessKey: string;
}

/** One account per kind of screen path in this worker: made once (the admin command takes seconds). */
const accounts = new Map<string, Promise<Account>>();

function accountFor(prefix: string): Promise<Account> {
  if (!accounts.has(prefix)) accounts.set(prefix, newAccount(prefix, { credits: 1000 }));
  return accounts.get(prefix)!;
}

/**
 * The account of `prefix` (made once in this worker) owning exactly one project named `name`, made
 * afresh: a small generated kitchen, or the assembly given. No page is logged in.
 */
export async function accountWithProject(prefix: string, name: string, assembly: Assembly = generateAssembly({ parts: 10, seed: 3 })): Promise<Account & { projectId: number; accessKey: string }> {
  const account = await accountFor(prefix);
  for (const old of await api<{ id: number }[]>(e2eServer, 'projects', account.token)) await api(e2eServer, `projects/${old.id}`, account.token, undefined, 'DELETE');
  const project = await uploadProject(e2eServer, account.token, name, 'kitchen.dae', await writeSample(assembly, 'dae'));
  return { ...account, projectId: project.id, accessKey: project.accessKey };
}

/** `accountWithProject`, logged in on the list page. */
export async function ownerWithProject(page: Page, prefix: string, name: string, assembly?: Assembly): Promise<OwnerWithProject> {
  const { username, password, token, projectId, accessKey } = await accountWithProject(prefix, name, assembly);
  await logIn(page, username, password);
  await expect(page.getByRole('link', { name: `Open ${name}`, exact: true })).toBeVisible();
  return { server: e2eServer, username, token, projectId, accessKey };
}

/** Opens the project's card menu and picks `action`. */
export async function openProjectAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
