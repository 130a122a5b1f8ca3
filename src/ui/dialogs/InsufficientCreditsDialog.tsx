/** Insufficient credits (SPEC §2, §4): titled Error, a Modify subscription link or Close. */
import { useLL } from '../app/I18nProvider';
import { ExternalLink } from '../common/ExternalLink';
import { useExternalLinks } from '../common/useExternalLinks';
import { AppDialog } from './AppDialog';
import { primaryButtonClass, secondaryButtonClass } from '../common/controlStyles';

export function InsufficientCreditsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const LL = useLL();
  const links = useExternalLinks();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={LL.dialogs.insufficientCredits.title()}
      description={LL.dialogs.insufficientCredits.message()}
      actions={
        <>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            {LL.common.close()}
          </button>
          <ExternalLink href={links.subscriptions} className={primaryButtonClass}>
            {LL.dialogs.insufficientCredits.modify()}
          </ExternalLink>
        </>
      }
    />
  );
}
