import { useState, type ChangeEvent } from 'react';
import { useLL } from '../app/I18nProvider';
import { EyeIcon, EyeOffIcon } from '../common/icons';
import { fieldClass, labelClass } from '../common/controlStyles';

interface Props {
  id: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  describedBy?: string;
  invalid?: boolean;
}

/** The password input with a button that shows or hides what was typed. */
export function PasswordField({ id, value, onChange, describedBy, invalid }: Props) {
  const LL = useLL();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {LL.login.password()}
      </label>
      <div className="relative">
        <input
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={value}
          onChange={onChange}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={`${fieldClass} pr-12`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? LL.login.hidePassword() : LL.login.showPassword()}
          title={visible ? LL.login.hidePassword() : LL.login.showPassword()}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-fg-muted transition-colors hover:text-fg"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
}
