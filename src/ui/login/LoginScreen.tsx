/** The login screen (SPEC §2): the form, the account links, the legal links, version and language. */
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { BrandLogo } from '../common/BrandLogo';
import { ExternalLink } from '../common/ExternalLink';
import { LanguageToggle } from '../common/LanguageToggle';
import { useExternalLinks } from '../common/useExternalLinks';
import { linkClass } from '../common/controlStyles';
import { LoginForm } from './LoginForm';

export function LoginScreen() {
  const LL = useLL();
  const links = useExternalLinks();
  const { config } = useAppServices();
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,rgba(249,115,22,0.14),transparent_55%)]">
      <header className="flex justify-end p-4">
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-8 sm:items-center">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex justify-center">
            <BrandLogo />
          </div>
          <section aria-labelledby="login-title" className="rounded-2xl border border-border bg-surface-raised/90 p-6 shadow-2xl shadow-black/40 sm:p-8">
            <h1 id="login-title" className="text-2xl font-extrabold text-fg">
              {LL.login.title()}
            </h1>
            <p className="mt-1 mb-6 text-sm text-fg-muted">{LL.login.subtitle()}</p>
            <LoginForm />
          </section>
          <div className="mt-6 flex flex-col items-center gap-2 text-sm text-fg-muted">
            <p>
              {LL.login.noAccount()}{' '}
              <ExternalLink href={links.createAccount} className={linkClass}>
                {LL.login.createAccount()}
              </ExternalLink>
            </p>
            <ExternalLink href={links.freeTrial} className={linkClass}>
              {LL.login.freeTrial()}
            </ExternalLink>
          </div>
        </div>
      </main>
      <footer className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 px-4 py-5 text-xs text-fg-subtle">
        <ExternalLink href={links.privacy} className="hover:text-fg">
          {LL.login.privacy()}
        </ExternalLink>
        <ExternalLink href={links.terms} className="hover:text-fg">
          {LL.login.terms()}
        </ExternalLink>
        <span>{LL.common.version({ version: config.version })}</span>
      </footer>
    </div>
  );
}
