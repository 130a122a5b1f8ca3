/** Shared classes of dialog and panel controls. */
const button =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-bold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

export const primaryButtonClass = `${button} bg-primary text-on-primary hover:bg-primary-hover active:bg-primary-active`;
export const secondaryButtonClass = `${button} border border-border text-fg hover:border-border-strong hover:bg-surface-overlay`;
export const dangerButtonClass = `${button} bg-red-600 text-white hover:bg-red-700 active:bg-red-800`;
export const linkButtonClass = `${button} text-primary hover:text-primary-hover hover:underline underline-offset-4`;
