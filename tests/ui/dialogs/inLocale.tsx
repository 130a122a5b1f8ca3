/** The language context renderWithLocale gives, as an element: for `rerender`, which does not keep it. */
import type { ReactNode } from 'react';
import { I18nContext } from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { i18nObject } from '../../../src/i18n/i18n-util';
import { loadAllLocales } from '../../../src/i18n/i18n-util.sync';

loadAllLocales();

export function inLocale(ui: ReactNode, locale: Locales = 'en') {
  return <I18nContext.Provider value={{ locale, LL: i18nObject(locale), setLocale: () => {} }}>{ui}</I18nContext.Provider>;
}
