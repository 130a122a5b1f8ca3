import type { LoginErrorKind } from '../../machines/session/loginError';
import { useLL } from '../app/I18nProvider';
import { ExternalLink } from '../common/ExternalLink';
import { AlertIcon, InfoIcon } from '../common/icons';
import { useExternalLinks } from '../common/useExternalLinks';
import { linkClass } from '../common/controlStyles';

/** The message under the login form (SPEC §8); a lapsed subscription gets its Select a plan link. */
export function LoginErrorMessage({ id, error }: { id: string; error: LoginErrorKind | null }) {
  // The live region is always there so that screen readers announce what appears in it.
  return (
    <div id={id} role="alert" aria-live="assertive">
      {error !== null && <Message error={error} />}
    </div>
  );
}

function Message({ error }: { error: LoginErrorKind }) {
  const LL = useLL();
  const links = useExternalLinks();
  const expired = error === 'session_expired';
  return (
    <div
      className={`mt-5 flex gap-3 rounded-lg border px-3.5 py-3 text-sm ${
        expired ? 'border-info-border bg-info-surface text-fg' : 'border-danger-border bg-danger-surface text-danger'
      }`}
    >
      {expired ? <InfoIcon className="mt-0.5 shrink-0 text-primary" width={18} height={18} /> : <AlertIcon className="mt-0.5 shrink-0" width={18} height={18} />}
      <p>
        {LL.login.errors[error]()}
        {expired && <> &mdash; {LL.login.logInAgain()}</>}
        {error === 'no_active_subscription' && (
          <>
            {' '}
            <ExternalLink href={links.selectPlan} className={linkClass}>
              {LL.login.selectPlan()}
            </ExternalLink>
          </>
        )}
      </p>
    </div>
  );
}
