/** Renders a view with the typesafe-i18n context of one language, without app services. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nContext } from '../../src/i18n/i18n-react';
import type { Locales } from '../../src/i18n/i18n-types';
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync';

loadAllLocales();

export function renderWithLocale(ui: ReactNode, locale: Locales = 'en') {
  return render(<I18nContext.Provider value={{ locale, LL: i18nObject(locale), setLocale: () => {} }}>{ui}</I18nContext.Provider>);
}
