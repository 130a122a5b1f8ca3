/** The desktop's "View in your room": a QR code that opens the link on a phone with AR requested. */
import { useLL } from '../app/I18nProvider';
import { secondaryButtonClass } from '../common/controlStyles';
import { AppDialog } from '../dialogs/AppDialog';
import { QrCode } from '../labels/QrCode';

export function ArQrDialog({ url, onClose }: { url: string; onClose(): void }) {
  const LL = useLL();
  const t = LL.panels.sharedProject;
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t.viewInRoom()}
      description={t.viewInRoomQrText()}
      actions={
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          {LL.common.close()}
        </button>
      }
    >
      <QrCode text={url} label={t.viewInRoomQrCode()} className="mx-auto size-56 rounded-lg" />
    </AppDialog>
  );
}
