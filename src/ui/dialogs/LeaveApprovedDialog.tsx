/**
 * Before another revision becomes current while the client's approval holds the current one: the
 * owner chooses to ask the client again (the project goes back to waiting for approval) or to keep
 * the approval, which then stays marked as given to the revision it was given to.
 */
import { useLL } from '../app/I18nProvider';
import { primaryButtonClass, secondaryButtonClass } from '../common/controlStyles';
import { AppDialog } from './AppDialog';

export function LeaveApprovedDialog({ open, approved, next, onChoose, onCancel }: { open: boolean; approved: number; next: number; onChoose(keepApproval: boolean): void; onCancel(): void }) {
  const LL = useLL();
  const t = LL.revisions.leaveApproved;
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={t.title({ approved })}
      description={t.message({ approved, next })}
      actions={
        <>
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            {LL.common.cancel()}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => onChoose(true)}>
            {t.keep()}
          </button>
          <button type="button" className={primaryButtonClass} onClick={() => onChoose(false)}>
            {t.askAgain()}
          </button>
        </>
      }
    />
  );
}
