/** Shared classes of the login form's controls. */
export const labelClass = 'mb-1.5 block text-sm font-semibold text-fg';

export const fieldClass =
  'block w-full rounded-lg border border-border bg-field px-3.5 py-2.5 text-base text-fg placeholder:text-fg-subtle ' +
  'transition-colors hover:border-border-strong focus:border-primary focus:outline-none focus-visible:outline-none ' +
  'focus:ring-2 focus:ring-primary/40 aria-invalid:border-danger-border';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 text-base font-bold text-on-primary ' +
  'transition-colors hover:bg-primary-hover active:bg-primary-active disabled:cursor-wait disabled:opacity-60';

export const linkClass = 'font-semibold text-primary underline-offset-4 hover:text-primary-hover hover:underline';
