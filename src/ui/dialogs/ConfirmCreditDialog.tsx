/** Confirm credit usage (SPEC §2, §4): Continue answers true, Cancel (or Escape) answers false. */
import { useLL } from '../app/I18nProvider';
import { AppDialog } from './AppDialog';
import { primaryButtonClass, secondaryButtonClass } from '../common/controlStyles';

export function ConfirmCreditDialog({ open, onContinue, onCancel }: { open: boolean; onContinue(): void; onCancel(): void }) {
  const LL = useLL();
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={LL.dialogs.confirmCredit.title()}
      description={LL.dialogs.confirmCredit.message()}
      actions={
        <>
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            {LL.common.cancel()}
          </button>
          <button type="button" className={primaryButtonClass} onClick={onContinue}>
            {LL.common.continue()}
          </button>
        </>
      }
    />
  );
}
