/**
 * The one set of control classes of the app (dark theme, orange primary): buttons, fields, labels
 * and links, for dialogs, panels and the login form alike. A control that fills its row adds
 * `w-full` rather than getting a look of its own.
 */
const button =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-bold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

export const primaryButtonClass = `${button} bg-primary text-on-primary hover:bg-primary-hover active:bg-primary-active`;
export const secondaryButtonClass = `${button} border border-border text-fg hover:border-border-strong hover:bg-surface-overlay`;
export const dangerButtonClass = `${button} bg-red-600 text-white hover:bg-red-700 active:bg-red-800`;
export const linkButtonClass = `${button} text-primary hover:text-primary-hover hover:underline underline-offset-4`;

export const labelClass = 'mb-1.5 block text-sm font-semibold text-fg';

export const fieldClass =
  'block w-full rounded-lg border border-border bg-field px-3.5 py-2.5 text-base text-fg placeholder:text-fg-subtle ' +
  'transition-colors hover:border-border-strong focus:border-primary focus:outline-none focus-visible:outline-none ' +
  'focus:ring-2 focus:ring-primary/40 aria-invalid:border-danger-border';

export const linkClass = 'font-semibold text-primary underline-offset-4 hover:text-primary-hover hover:underline';
