/**
 * The frame of every dialog: a modal with a title, its content and a row of actions
 * (headless UI: focus trapped, Escape and the backdrop call onClose, the title names it).
 */
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

interface AppDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** Text that describes the dialog to screen readers as well. */
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** `alertdialog` for errors and confirmations. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md';
  /** The form the dialog wraps, when it has one (Enter submits). */
  onSubmit?(): void;
}

export function AppDialog({ open, onClose, title, description, children, actions, role = 'dialog', size = 'sm', onSubmit }: AppDialogProps) {
  const body = (
    <>
      <DialogTitle className="text-lg font-extrabold text-fg">{title}</DialogTitle>
      {description !== undefined && <Description className="mt-2 text-sm text-fg-muted">{description}</Description>}
      {children && <div className="mt-4">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-end gap-2">{actions}</div>}
    </>
  );
  return (
    <Dialog open={open} onClose={onClose} role={role} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/60" />
      <DialogFrame>
        <DialogPanel
          className={`w-full ${size === 'md' ? 'max-w-lg' : 'max-w-md'} rounded-2xl border border-border bg-surface-raised p-6 shadow-2xl shadow-black/50`}
        >
          {onSubmit ? (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                onSubmit();
              }}
            >
              {body}
            </form>
          ) : (
            body
          )}
        </DialogPanel>
      </DialogFrame>
    </Dialog>
  );
}

/**
 * Where a dialog's panel sits: centred, and scrolled as a whole when taller than the window
 * (centring the scrolling box itself would put a tall dialog's top out of reach).
 */
export function DialogFrame({ children }: { children: ReactNode }) {
  return (
    <div className="fixed inset-0 overflow-y-auto">
      <div className="flex min-h-full items-center justify-center p-4">{children}</div>
    </div>
  );
}
