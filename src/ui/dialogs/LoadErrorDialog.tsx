/** Project load error (SPEC §2, §4): titled Error, with Close (the caller returns to /). */
import { useLL } from '../app/I18nProvider';
import { AppDialog } from './AppDialog';
import { primaryButtonClass } from '../common/controlStyles';

export function LoadErrorDialog({ open, onClose, detail }: { open: boolean; onClose(): void; detail?: string | null }) {
  const LL = useLL();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={LL.dialogs.loadError.title()}
      description={LL.dialogs.loadError.message()}
      actions={
        <button type="button" className={primaryButtonClass} onClick={onClose}>
          {LL.common.close()}
        </button>
      }
    >
      {detail ? <p className="rounded-lg border border-danger-border bg-danger-surface px-3 py-2 text-sm text-danger">{detail}</p> : null}
    </AppDialog>
  );
}
