/**
 * The session machine's screen: the login page, the list once logged in, its Log out button. The
 * model types its own credentials ("ana@example.com", "secret"); the real server is brought to each
 * of its answers:
 * - a login the server accepts: the request is sent on with the credentials of a real account
 *   named Ana Martin (the model's password is shorter than the server lets an account have);
 * - incorrect credentials: the server's own answer (no such account);
 * - no active subscription: sent on with the credentials of a real account without a plan;
 * - too many attempts (429), an answer saying it failed, and an answer that is not JSON: answered
 *   for the server (the limiter would take minutes to reach; the other two are what a broken proxy says);
 * - a logout the server fails (the request fails) or never answers (the page gives up after 5 s);
 * - an expired session: the server ends the page's session (GET auth/logout with its token), and
 *   the page's next request finds it ended.
 */
import { expect, type Page } from '@playwright/test';
import { logIn } from '../listHelpers';
import { sessionModel, type SessionExpected } from '../../tests/models/session';
import { endPageSession, newAccount } from './accounts';
import { once } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const PASSWORD = 'screen-session-password';
const MESSAGES: Record<string, string> = {
  invalid_credentials: 'Incorrect username or password.',
  no_active_subscription: 'An active subscription is required.',
  too_many_attempts: 'Too many attempts. Please wait a minute and try again.',
  unknown_error: 'An error occurred. Please try again later.',
  session_expired: 'Your session has expired',
};

interface Accounts {
  ana: string;
  lapsed: string;
}

let accounts: Promise<Accounts> | null = null;
/** Two real accounts, made once per worker: Ana Martin with a plan, and one without. */
function realAccounts(): Promise<Accounts> {
  accounts ??= (async () => {
    const { username: ana } = await newAccount('ana', { name: 'Ana Martin', password: PASSWORD });
    const { username: lapsed } = await newAccount('lapsed', { name: 'Lapsed User', password: PASSWORD, plan: false });
    return { ana, lapsed };
  })();
  return accounts;
}

const LOGIN = '/api/v1/auth/login';
const LOGOUT = '/api/v1/auth/logout';
const sendAs = (page: Page, username: string) =>
  once(page, 'POST', LOGIN, (route) => route.continue({ postData: JSON.stringify({ username, password: PASSWORD }), headers: { ...route.request().headers(), 'content-type': 'application/json' } }));
const answer = (page: Page, status: number, body: string) => once(page, 'POST', LOGIN, (route) => route.fulfill({ status, contentType: 'application/json', body }));

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * On the page, a login with other values than the form holds is typed first, and typing clears the
 * message (SPEC §8): after a refused login, a login with new values is a field change and then a
 * login. A path whose model logs in again with new values while a message shows is that other path.
 */
function unplayable(path: ScreenPath<SessionExpected>): string | null {
  let typed: string | null = null;
  for (const { before, ...step } of statesBefore(sessionModel, path)) {
    if (step.event.type === 'session.login') {
      const { username, password } = step.event as unknown as { username: string; password: string };
      const values = JSON.stringify([username, password]);
      if (before?.error && values !== typed) return 'a new login typed while a message shows changes a field first, which clears the message';
      typed = values;
    }
    // A page loaded again (a stored session, an expired one) shows an empty form.
    if (step.event.type === 'session.expired' || step.event.type === 'session.logout') typed = null;
  }
  return null;
}

export const sessionScreen: ScreenDriver<Accounts, SessionExpected> = {
  model: sessionModel,
  unplayable,
  async open(page, run) {
    const real = await realAccounts();
    await page.goto('/login');
    if (run === 'restored session') {
      // A session stored by an earlier visit: logged in once, then the page opened again.
      await logIn(page, real.ana, PASSWORD);
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
      await page.reload();
    }
    return real;
  },
  user: {
    async 'session.login'(page, _, e) {
      const { username, password } = e as unknown as { username: string; password: string };
      // Only the login page has the form: elsewhere there is nothing to log in with.
      if (!(await field(page, 'Email').isVisible())) return;
      await field(page, 'Email').fill(username);
      await field(page, 'Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
    },
    async 'session.fieldChanged'(page) {
      if (!(await field(page, 'Password').isVisible())) return;
      await field(page, 'Password').pressSequentially('x');
    },
    async 'session.logout'(page) {
      const logOut = page.getByRole('button', { name: 'Log out' });
      if (await logOut.isVisible()) await logOut.click();
    },
    async 'session.expired'(page) {
      if ((await field(page, 'Email').isVisible()) || !(await endPageSession(page))) return;
      // The page's next request (the list read again) finds the session ended.
      await page.reload();
    },
  },
  server: {
    'xstate.done.actor.login': async (page, real, e) => {
      const ok = (e as unknown as { output: { success: boolean } }).output.success;
      await (ok ? sendAs(page, real.ana) : answer(page, 200, JSON.stringify({ success: false, accessToken: '', settings: { preferredDisplayLanguage: 'en' }, userInfo: { fullName: 'x', avatarUrl: '', isLoggedIn: false } })));
    },
    'xstate.error.actor.login': async (page, real, e) => {
      const status = (e as unknown as { error: { status?: number } }).error.status;
      if (status === 401) return; // no such account: the server says so itself
      if (status === 403) return sendAs(page, real.lapsed);
      if (status === 429) return answer(page, 429, JSON.stringify({ code: 'too_many_attempts', message: 'Too many attempts.' }));
      return answer(page, 200, 'this is not JSON');
    },
    'xstate.done.actor.logout': async () => {},
    'xstate.error.actor.logout': (page) => once(page, 'GET', LOGOUT, (route) => route.abort('failed')),
    // Never answered: the page gives up after its 5 s.
    'xstate.after.5000.session.loggingOut': (page) => once(page, 'GET', LOGOUT, () => new Promise<void>(() => {})),
  },
  async expect(page, _, e, where) {
    if (e.value === 'loggingIn' || e.value === 'loggingOut') return; // the server's answer follows
    if (e.value === 'loggedOut') {
      await expect(page, where).toHaveURL(/\/login$/, { timeout: 15_000 });
      const alert = page.getByRole('alert');
      if (e.error) await expect(alert, where).toContainText(MESSAGES[e.error]);
      else await expect(alert, where).toHaveText('');
      await expect(page.getByRole('button', { name: 'Log in' }), where).toBeEnabled();
    } else {
      await expect(page, where).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Log out' }), where).toBeVisible();
      await expect(page.getByRole('img', { name: `Avatar of ${e.user.fullName}` }), where).toBeVisible();
    }
  },
};
