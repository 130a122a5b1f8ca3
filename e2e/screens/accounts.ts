/** The real accounts the screen drivers play with: made with the admin command, logged in through the API. */
import { expect, type Page } from '@playwright/test';
import { api, uploadProject } from '../../bench/lib/appServer';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { admin, uniqueUser } from '../admin';
import { e2eServer } from '../linkHelpers';

export interface Account {
  username: string;
  password: string;
  token: string;
}

/** The name the screen drivers' accounts are made with (an owner's notes go under it). */
export const SCREEN_TESTER = 'Screen Tester';

/** A fresh account named `name`, with a plan (`sku`, and `credits` unless UNLIMITED) or none, logged in. */
export async function newAccount(prefix: string, options: { name?: string; sku?: string; credits?: number; plan?: boolean; password?: string } = {}): Promise<Account> {
  const { name = SCREEN_TESTER, sku = 'PRO', credits = 5, plan = true, password = `screen-${prefix}-password` } = options;
  const username = uniqueUser(`screen-${prefix}`);
  await admin('user', 'add', username, '--password', password, '--name', name);
  if (plan) await admin('plan', 'add', username, '--sku', sku, '--name', sku === 'UNLIMITED' ? 'Unlimited' : 'Pro', ...(sku === 'UNLIMITED' ? [] : ['--credits', String(credits)]));
  // A lapsed account (no plan) cannot log in: it has no token.
  const token = plan ? (await api<{ accessToken: string }>(e2eServer, 'auth/login', undefined, { username, password })).accessToken : '';
  return { username, password, token };
}

/** A fresh account (credits enough) owning one generated kitchen of `parts` parts, uploaded through the real socket. */
export async function kitchenAccount(prefix: string, projectName: string, parts: number): Promise<Account & { projectId: number }> {
  const account = await newAccount(prefix, { credits: 1000 });
  const dae = await writeSample(generateAssembly({ parts, seed: 5 }), 'dae');
  const project = await uploadProject(e2eServer, account.token, projectName, 'kitchen.dae', dae);
  return { ...account, projectId: project.id };
}

/**
 * Ends the page's session on the server (its token sent to `auth/logout`), as an expiry does: the
 * page's next request finds it ended. False when the page holds no session.
 */
export async function endPageSession(page: Page): Promise<boolean> {
  const token = await page.evaluate(() => localStorage.getItem('cv.accessToken') ?? sessionStorage.getItem('cv.accessToken'));
  if (!token) return false;
  const ended = await fetch(`${e2eServer.url}/api/v1/auth/logout`, { headers: { authorization: `Bearer ${token}` } });
  expect(ended.status, 'the server ended the session').toBe(200);
  return true;
}
