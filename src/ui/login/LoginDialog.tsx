/**
 * Login in a dialog, for guests on a shared link (SPEC §2). It closes itself once logged in.
 */
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectIsLoggedIn } from '../../machines/session/sessionSelectors';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { DialogFrame } from '../dialogs/AppDialog';
import { LoginForm } from './LoginForm';

export function LoginDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const LL = useLL();
  const { session } = useAppServices();
  const loggedIn = useSelector(session, selectIsLoggedIn);
  useEffect(() => {
    if (open && loggedIn) onClose();
  }, [open, loggedIn, onClose]);

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/60" />
      <DialogFrame>
        <DialogPanel className="w-full max-w-sm rounded-2xl border border-border bg-surface-raised p-6 shadow-2xl sm:p-8">
          <DialogTitle className="mb-6 text-xl font-extrabold text-fg">{LL.login.dialogTitle()}</DialogTitle>
          <LoginForm />
          <button
            type="button"
            onClick={onClose}
            className="mt-4 w-full rounded-lg px-4 py-2 text-sm font-semibold text-fg-muted hover:bg-surface-overlay hover:text-fg"
          >
            {LL.common.cancel()}
          </button>
        </DialogPanel>
      </DialogFrame>
    </Dialog>
  );
}
