import { useMemo } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { externalLinks, type ExternalLinks } from '../../machines/externalLinks';
import { useAppServices } from '../app/AppServices';

/** Links to the account site, in the current language. */
export function useExternalLinks(): ExternalLinks {
  const { config } = useAppServices();
  const { locale } = useI18nContext();
  return useMemo(() => externalLinks(config.accountSiteUrl, locale), [config.accountSiteUrl, locale]);
}
