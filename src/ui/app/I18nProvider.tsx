/**
 * Provides the typesafe-i18n context from the settings actor: the language is machine state,
 * so changing it (toggle, /fr, login) re-renders every text without remounting the tree.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { I18nContext, useI18nContext } from '../../i18n/i18n-react';
import type { Locales } from '../../i18n/i18n-types';
import { i18nObject } from '../../i18n/i18n-util';
import { loadAllLocales } from '../../i18n/i18n-util.sync';
import { useAppServices } from './AppServices';

loadAllLocales();

export function I18nProvider({ children }: { children: ReactNode }) {
  const { settings } = useAppServices();
  const locale = useSelector(settings, (s) => s.context.language);
  const setLocale = useCallback(
    (language: Locales) => settings.send({ type: 'settings.languageChanged', language }),
    [settings],
  );
  const value = useMemo(() => ({ locale, LL: i18nObject(locale), setLocale }), [locale, setLocale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translation functions of the current language. */
export const useLL = () => useI18nContext().LL;

/** The current language (for numbers written its way: i18n/numbers.ts). */
export const useLocale = () => useI18nContext().locale;
