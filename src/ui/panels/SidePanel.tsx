/**
 * A side panel that slides over the screen from the left (user and about panels): a modal
 * drawer with a title and a close button, at the panel opacity of SPEC §2.
 */
import { CloseButton, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useLL } from '../app/I18nProvider';
import { CloseIcon } from '../common/actionIcons';

export function SidePanel({ open, onClose, title, children }: { open: boolean; onClose(): void; title: string; children: ReactNode }) {
  const LL = useLL();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-full max-w-sm flex-col overflow-y-auto border-r border-border bg-surface-raised/90 shadow-2xl shadow-black/50 backdrop-blur-sm">
        <header className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
          <DialogTitle className="text-lg font-extrabold text-fg">{title}</DialogTitle>
          <CloseButton
            aria-label={LL.common.close()}
            title={LL.common.close()}
            className="flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-overlay hover:text-fg"
          >
            <CloseIcon />
          </CloseButton>
        </header>
        <div className="flex flex-1 flex-col gap-5 px-5 py-5">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
