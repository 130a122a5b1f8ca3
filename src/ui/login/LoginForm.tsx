/**
 * The login form (SPEC §2): Email, password with show/hide, Log in, the error under the form.
 * Sends session events; the session machine does the rest.
 */
import { useSelector } from '@xstate/react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { selectIsLoggingIn, selectLoginError } from '../../machines/session/sessionSelectors';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { ExternalLink } from '../common/ExternalLink';
import { useExternalLinks } from '../common/useExternalLinks';
import { fieldClass, labelClass, linkClass, primaryButtonClass } from '../common/controlStyles';
import { LoginErrorMessage } from './LoginErrorMessage';
import { PasswordField } from './PasswordField';

export function LoginForm({ autoFocus = true }: { autoFocus?: boolean }) {
  const LL = useLL();
  const links = useExternalLinks();
  const { session } = useAppServices();
  const error = useSelector(session, selectLoginError);
  const loggingIn = useSelector(session, selectIsLoggingIn);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const errorId = `${id}-error`;

  const edit = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    session.send({ type: 'session.fieldChanged' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'session.login', username, password });
  };
  const invalid = error === 'invalid_credentials';

  return (
    <form onSubmit={submit} aria-busy={loggingIn}>
      <div className="flex flex-col gap-5">
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            {LL.login.email()}
          </label>
          <input
            id={`${id}-email`}
            name="username"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus={autoFocus}
            value={username}
            onChange={edit(setUsername)}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={invalid || undefined}
            className={fieldClass}
          />
        </div>
        <div className="flex flex-col gap-2">
          <PasswordField
            id={`${id}-password`}
            value={password}
            onChange={edit(setPassword)}
            describedBy={error ? errorId : undefined}
            invalid={invalid}
          />
          <ExternalLink href={links.forgotPassword} className={`self-end text-sm ${linkClass}`}>
            {LL.login.forgotPassword()}
          </ExternalLink>
        </div>
        <button type="submit" disabled={loggingIn} className={`${primaryButtonClass} w-full`}>
          {loggingIn && <span className="size-4 animate-spin rounded-full border-2 border-on-primary/30 border-t-on-primary" aria-hidden="true" />}
          {LL.login.submit()}
        </button>
      </div>
      <LoginErrorMessage id={errorId} error={error} />
    </form>
  );
}
