/**
 * The settings machine's screen: the user panel of a shared link's viewer (its language toggle,
 * distance unit, fraction of an inch, Log in and Log out), which a guest and an owner both have.
 * - The runs logged in at the start are a fresh account whose stored preferences are the run's
 *   (French and millimetres; English, inches and 1/32), logged in on the login page first.
 * - A login during a path is a fresh account whose stored preferences are the event's, logged in
 *   through the panel's Log in dialog: the server's login answer carries them.
 * - A save the server refuses is its next PATCH settings answered 500.
 * After each step the page shows the oracle's language (the document's and its texts), unit and
 * fraction, logged in or not; the browser holds what was chosen last; and once a save is answered,
 * the server holds what it sent.
 */
import { expect, type Page } from '@playwright/test';
import { api } from '../../bench/lib/appServer';
import { DISTANCE_UNITS } from '../../src/machines/types';
import type { Settings } from '../../src/api/schemas';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';
import { settingsModel, type SettingsExpected } from '../../tests/models/settings';
import { e2eServer, publishedKitchen } from '../linkHelpers';
import { newAccount } from './accounts';
import { refuseNext } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const PASSWORD = 'screen-settings-password';
const TEXTS = { en, fr } as const;
type Language = keyof typeof TEXTS;

interface SettingsScreen {
  accessKey: string;
  /** The account logged in last (the run's or the path's login), with its token for the server's side. */
  account: { username: string; token: string } | null;
  /** The save the page has in flight, and whether the server was brought to refuse it. */
  call: Settings | null;
  refused: boolean;
}

let link: Promise<string> | null = null;
/** One published project per worker: the link whose viewer has the panel. */
const linkKey = () => (link ??= publishedKitchen(10, 'Settings kitchen').then((l) => l.accessKey));

/** A fresh account (with a plan: logging in needs one) whose stored preferences are `settings`. */
async function accountWith(settings: Settings): Promise<{ username: string; token: string }> {
  const account = await newAccount('settings', { name: 'Settings Tester', password: PASSWORD });
  if (Object.keys(settings).length > 0) await api(e2eServer, 'settings', account.token, settings, 'PATCH');
  return account;
}

const languageOf = async (page: Page): Promise<Language> => ((await page.evaluate(() => document.documentElement.lang)) === 'fr' ? 'fr' : 'en');

/** The user panel, opened if it is not. */
async function panel(page: Page) {
  const T = TEXTS[await languageOf(page)];
  const dialog = page.getByRole('dialog', { name: T.panels.user.title });
  // The dialog's own element has no size (its panel is fixed): its heading tells whether it shows.
  const heading = dialog.getByRole('heading', { name: T.panels.user.title });
  if (!(await heading.isVisible())) await page.getByRole('button', { name: T.list.userPanel, exact: true }).click();
  await expect(heading).toBeVisible();
  return { dialog, T };
}

/**
 * What the page cannot do that the model can: choose the language shown (the toggle offers only the
 * other), choose a fraction while the unit is not inches (the field shows with inches only) or 1/16
 * while none is chosen (the field shows 1/16 then, and choosing it changes nothing), log in while
 * logged in (the panel offers Log out).
 */
function unplayable(path: ScreenPath<SettingsExpected>): string | null {
  for (const { event, before } of statesBefore(settingsModel, path)) {
    const e = event as unknown as { type: string; language?: string; fraction?: number };
    if (e.type === 'settings.languageChanged' && e.language === before.language) return 'the language toggle offers only the language not shown';
    if (e.type === 'settings.inchFractionChanged' && before.unit !== 'in') return 'the fraction of an inch shows with inches only';
    if (e.type === 'settings.inchFractionChanged' && before.inchFraction === null && e.fraction === 16) return 'with none chosen the field shows 1/16, and choosing it changes nothing';
    if (e.type === 'settings.sessionStarted' && before.loggedIn) return 'logged in, the panel offers Log out, not Log in';
  }
  return null;
}

export const settingsScreen: ScreenDriver<SettingsScreen, SettingsExpected> = {
  model: settingsModel,
  unplayable,
  async open(page, run) {
    const accessKey = await linkKey();
    let account: SettingsScreen['account'] = null;
    if (run.startsWith('logged in')) {
      const input = settingsModel.runs.find((r) => r.label === run)?.run.input as { language: string; unit: string; inchFraction?: number };
      account = await accountWith({ preferredDisplayLanguage: input.language, preferredDistanceUnit: input.unit, ...(input.inchFraction ? { preferredInchFraction: input.inchFraction } : {}) } as Settings);
      await page.goto('/login');
      await page.getByLabel(en.login.email, { exact: true }).fill(account.username);
      await page.getByLabel(en.login.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: en.login.submit }).click();
      await expect(page).toHaveURL(/\/$/);
    }
    await page.goto(`/s/${accessKey}`);
    return { accessKey, account, call: null, refused: false };
  },
  user: {
    async 'settings.languageChanged'(page) {
      const { dialog, T } = await panel(page);
      await dialog.getByRole('button', { name: T.language.toggle }).click();
    },
    async 'settings.unitChanged'(page, _, e) {
      const { dialog } = await panel(page);
      await dialog.getByRole('radio').nth(DISTANCE_UNITS.indexOf((e as unknown as { unit: (typeof DISTANCE_UNITS)[number] }).unit)).click();
    },
    async 'settings.inchFractionChanged'(page, _, e) {
      const { dialog } = await panel(page);
      await dialog.getByRole('combobox').selectOption(String((e as unknown as { fraction: number }).fraction));
    },
    async 'settings.sessionStarted'(page, screen, e) {
      screen.account = await accountWith((e as unknown as { settings: Settings }).settings);
      const { dialog, T } = await panel(page);
      await dialog.getByRole('button', { name: T.panels.user.login, exact: true }).click();
      const login = page.getByRole('dialog', { name: T.login.dialogTitle });
      await login.getByLabel(T.login.email, { exact: true }).fill(screen.account.username);
      await login.getByLabel(T.login.password, { exact: true }).fill(PASSWORD);
      await login.getByRole('button', { name: T.login.submit, exact: true }).click();
      await expect(login).toHaveCount(0);
    },
    async 'settings.sessionEnded'(page) {
      const { dialog, T } = await panel(page);
      // Logged out there is no Log out: nothing to do, and the model says nothing changes.
      const logOut = dialog.getByRole('button', { name: T.panels.user.logout, exact: true });
      if (await logOut.isVisible()) await logOut.click();
    },
  },
  server: {
    'xstate.done.actor.patchSettings': async () => {},
    'xstate.error.actor.patchSettings': async (page, screen) => {
      screen.refused = true;
      await refuseNext(page, 'PATCH', '/api/v1/settings');
    },
  },
  async expect(page, screen, e, where) {
    await expect(page.locator('html'), where).toHaveAttribute('lang', e.language);
    const { dialog, T } = await panel(page);
    const unit = dialog.getByRole('radio').nth(DISTANCE_UNITS.indexOf(e.unit as (typeof DISTANCE_UNITS)[number]));
    await expect(unit, where).toHaveAttribute('aria-checked', 'true');
    if (e.unit === 'in') await expect(dialog.getByRole('combobox'), where).toHaveValue(String(e.inchFraction ?? 16));
    else await expect(dialog.getByRole('combobox'), where).toHaveCount(0);
    const button = e.loggedIn ? T.panels.user.logout : T.panels.user.login;
    await expect(dialog.getByRole('button', { name: button, exact: true }), where).toBeVisible();
    // What the browser keeps: the choices of the last step that stored them.
    if (e.persisted.length > 0) {
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cv.settings') ?? 'null') as { data: unknown } | null);
      expect(stored?.data, `${where}: what the browser keeps`).toEqual(e.persisted.at(-1));
    }
    if (e.value === 'saving') {
      screen.call = e.call;
      return; // the server's answer follows at once
    }
    if (screen.call && !screen.refused && screen.account) {
      // The save answered: the server holds what it sent (the login's answer carries the account's preferences).
      const held = await api<{ settings: Settings }>(e2eServer, 'auth/login', undefined, { username: screen.account.username, password: PASSWORD });
      expect(held.settings, `${where}: what the server holds`).toMatchObject(screen.call);
    }
    screen.call = null;
    screen.refused = false;
  },
};
