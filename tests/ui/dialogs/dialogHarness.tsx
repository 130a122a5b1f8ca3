/**
 * Renders a dialog in one language with the application services (runtime config, project
 * machines bound to the in-memory fake API, upload actor with a fake socket), for the dialogs
 * that read them: external links, My Subscriptions and the upload dialogs.
 */
import type { ReactNode } from 'react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { AppServicesProvider } from '../../../src/ui/app/AppServices';
import { createServices, type HarnessOptions } from '../../helpers/appHarness';
import { renderWithLocale } from '../../helpers/renderWithLocale';

export const ACCOUNT_SITE = 'https://account.test/';

export function renderWithServices(ui: ReactNode, locale: Locales = 'en', options: HarnessOptions = {}) {
  const harness = createServices({ accountSiteUrl: ACCOUNT_SITE, ...options });
  return { ...harness, ...renderWithLocale(<AppServicesProvider services={harness.services}>{ui}</AppServicesProvider>, locale) };
}
