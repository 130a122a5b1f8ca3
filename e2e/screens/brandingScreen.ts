/**
 * The branding machine's screen: the Customization section of the list's user panel (the logo,
 * Replace through the file chooser, Remove). The section's requests are held until the path's
 * answer: a read of the branding is answered by the server with a custom logo or the default one
 * as the answer says (set on the server first), or 500; an upload or a removal goes on to the server
 * or is refused (415, 500). After each step the section shows what the oracle expects: busy while a
 * read or a change runs, the failed read and its Try again, the logo, Remove only for a custom one,
 * the failed change said; and the server holds a custom logo or not as the oracle says.
 */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api } from '../../bench/lib/appServer';
import { brandingModel, type BrandingExpected } from '../../tests/models/plansBranding';
import { e2eServer } from '../linkHelpers';
import { logIn } from '../listHelpers';
import { newAccount } from './accounts';
import { HeldRequests, refuse } from './requests';
import type { ScreenDriver, ScreenPath } from './screenPaths';

const TEXTS = {
  loadFailed: 'The logo could not be loaded.',
  changeFailed: 'The logo could not be changed.',
  replace: 'Replace',
  remove: 'Remove',
  logo: 'Current logo',
};

interface BrandingScreen {
  token: string;
  read: HeldRequests;
  upload: HeldRequests;
  removal: HeldRequests;
}

/** A small PNG: the logo a user picks. */
const logoFile = () => sharp({ create: { width: 40, height: 20, channels: 3, background: '#f97316' } }).png().toBuffer();

const section = (page: Page) => page.getByRole('region', { name: 'Logo', exact: true });
const button = (page: Page, name: string) => section(page).getByRole('button', { name, exact: true });

/** The server holding a custom logo or not (its own requests, past the page's routes). */
async function serverHolds(screen: BrandingScreen, custom: boolean): Promise<void> {
  const { isCustomLogo } = await api<{ isCustomLogo: boolean }>(e2eServer, 'branding', screen.token);
  if (isCustomLogo === custom) return;
  const res = custom
    ? await fetch(`${e2eServer.url}/api/v1/branding/logo`, { method: 'PUT', headers: { authorization: `Bearer ${screen.token}`, 'content-type': 'image/png' }, body: await logoFile() })
    : await fetch(`${e2eServer.url}/api/v1/branding/logo`, { method: 'DELETE', headers: { authorization: `Bearer ${screen.token}` } });
  expect(res.ok, 'the server set to the logo the answer says').toBe(true);
}

/** A change made by another screen's branding actor: on the list page only this section changes the logo. */
function unplayable(path: ScreenPath<BrandingExpected>): string | null {
  return path.steps.some((s) => s.event.type === 'branding.changed') ? 'a logo changed by another screen: on the list page this section is the only one' : null;
}

export const brandingScreen: ScreenDriver<BrandingScreen, BrandingExpected> = {
  model: brandingModel,
  answers: 'held',
  unplayable,
  offScreen: { transitions: ['ready branding.changed#0'], why: 'a logo changed by another screen: on any one page only the user panel changes it, and it is the actor played' },
  async open(page) {
    const { username, password, token } = await newAccount('branding', { name: 'Branding Tester' });
    await logIn(page, username, password);
    const screen: BrandingScreen = { token, read: new HeldRequests('its read of the branding'), upload: new HeldRequests('its upload'), removal: new HeldRequests('its removal') };
    await page.route('**/api/v1/branding', (route, request) => (request.method() === 'GET' ? screen.read.hold(route) : route.fallback()));
    await page.route('**/api/v1/branding/logo', (route, request) => {
      if (request.method() === 'PUT') return screen.upload.hold(route);
      if (request.method() === 'DELETE') return screen.removal.hold(route);
      return route.fallback();
    });
    await page.getByRole('button', { name: 'Open the user panel', exact: true }).click();
    await page.getByRole('button', { name: 'Customization', exact: true }).click();
    return screen;
  },
  user: {
    async 'branding.replace'(page) {
      // Disabled while busy or after a failed read: a press does nothing (the expectation checks it).
      if (await button(page, TEXTS.replace).isDisabled()) return;
      const chooser = page.waitForEvent('filechooser');
      await button(page, TEXTS.replace).click();
      await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoFile() });
    },
    async 'branding.remove'(page) {
      if (await button(page, TEXTS.remove).isDisabled()) return;
      await button(page, TEXTS.remove).click();
    },
    'branding.retry': (page) => section(page).getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
  },
  server: {
    async 'xstate.done.actor.loadBranding'(_, screen, e) {
      await serverHolds(screen, (e as unknown as { output: { isCustomLogo: boolean } }).output.isCustomLogo);
      await (await screen.read.next()).continue();
    },
    'xstate.error.actor.loadBranding': async (_, screen) => refuse(await screen.read.next()),
    'xstate.done.actor.replaceLogo': async (_, screen) => (await screen.upload.next()).continue(),
    'xstate.error.actor.replaceLogo': async (_, screen) => refuse(await screen.upload.next(), 415),
    'xstate.done.actor.removeLogo': async (_, screen) => (await screen.removal.next()).continue(),
    'xstate.error.actor.removeLogo': async (_, screen) => refuse(await screen.removal.next()),
  },
  async expect(page, screen, e, where) {
    const logo = section(page);
    const busy = e.value === 'loading' || e.value === 'replacing' || e.value === 'removing';
    await expect(logo, where).toHaveAttribute('aria-busy', String(busy));
    await expect(logo.getByRole('alert'), where).toHaveCount(e.value === 'failed' ? 1 : 0);
    if (e.value === 'failed') await expect(logo.getByRole('alert'), where).toContainText(TEXTS.loadFailed);
    await expect(button(page, TEXTS.replace), where).toBeEnabled({ enabled: !busy && e.value !== 'failed' });
    await expect(button(page, TEXTS.remove), where).toBeEnabled({ enabled: !busy && e.isCustomLogo });
    if (!busy) await expect(logo.getByText(TEXTS.changeFailed), where).toBeVisible({ visible: e.changeFailed });
    if (e.value === 'ready') {
      if (e.logoUrl) await expect(logo.getByRole('img', { name: TEXTS.logo }), where).toBeVisible();
      const held = await api<{ isCustomLogo: boolean }>(e2eServer, 'branding', screen.token);
      expect(held.isCustomLogo, `${where}: a custom logo on the server`).toBe(e.isCustomLogo);
    }
  },
};
