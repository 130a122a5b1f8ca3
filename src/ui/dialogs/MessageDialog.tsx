/** The generic message dialog (SPEC §2): a title, a message and Close. */
import { useLL } from '../app/I18nProvider';
import { AppDialog } from './AppDialog';
import { primaryButtonClass } from '../common/controlStyles';

export function MessageDialog({ open, onClose, title, message }: { open: boolean; onClose(): void; title?: string; message: string }) {
  const LL = useLL();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title ?? LL.dialogs.message.title()}
      description={message}
      actions={
        <button type="button" className={primaryButtonClass} onClick={onClose}>
          {LL.common.close()}
        </button>
      }
    />
  );
}
