import { useI18nContext } from '../../i18n/i18n-react';
import { GlobeIcon } from './icons';

/** Switches between English and French; shows the language it switches to, in that language. */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { LL, locale, setLocale } = useI18nContext();
  const next = locale === 'en' ? 'fr' : 'en';
  return (
    <button
      type="button"
      lang={next}
      title={LL.language.toggleLabel()}
      onClick={() => setLocale(next)}
      className={`inline-flex items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm font-semibold text-fg-muted transition-colors hover:border-primary hover:text-fg ${className}`}
    >
      <GlobeIcon width={16} height={16} />
      {LL.language.toggle()}
    </button>
  );
}
