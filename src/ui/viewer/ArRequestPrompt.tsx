/**
 * A link opened with AR requested (`?ar=1`, the desktop's QR code) on a phone that has an AR
 * viewer: a dialog whose big button opens it at once. The phone still needs the user's tap to
 * leave for its AR viewer, so the page cannot open it by itself. "Not now" drops the request
 * from the address, so that a reload shows the model alone.
 */
import { useState } from 'react';
import { isArRequested, withoutArRequest } from '../../machines/viewer/tools/arLaunch';
import { useLL } from '../app/I18nProvider';
import { secondaryButtonClass } from '../common/controlStyles';
import { AppDialog } from '../dialogs/AppDialog';
import { ArLaunchAnchor, useArLaunch } from './ViewInRoomLink';

const BIG = 'flex min-h-14 w-full items-center justify-center gap-3 rounded-xl bg-primary px-5 text-lg font-bold text-on-primary hover:bg-primary-hover';

export function ArRequestPrompt({ linkApiUrl, posterUrl }: { linkApiUrl: string; posterUrl: string | null }) {
  const LL = useLL();
  const launch = useArLaunch(linkApiUrl);
  const [open, setOpen] = useState(() => isArRequested(window.location.search));
  if (!launch || !open) return null;
  const close = () => {
    setOpen(false);
    window.history.replaceState(window.history.state, '', withoutArRequest(window.location.href));
  };
  const t = LL.panels.sharedProject;
  return (
    <AppDialog
      open
      onClose={close}
      title={t.viewInRoom()}
      description={t.viewInRoomPrompt()}
      actions={
        <button type="button" className={secondaryButtonClass} onClick={close}>
          {t.notNow()}
        </button>
      }
    >
      <ArLaunchAnchor launch={launch} posterUrl={posterUrl} label={t.viewInRoom()} className={BIG} />
    </AppDialog>
  );
}
