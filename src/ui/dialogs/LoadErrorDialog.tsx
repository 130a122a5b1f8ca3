/**
 * Project load error (SPEC §2, §4, §8): titled Error, the catalogue's sentence for what went wrong
 * in the user's language, the technical detail folded away, and Close (the caller returns to /).
 */
import type { LoadError } from '../../machines/viewer/viewerMachine';
import { useLL } from '../app/I18nProvider';
import { primaryButtonClass } from '../common/controlStyles';
import { AppDialog } from './AppDialog';

interface LoadErrorDialogProps {
  open: boolean;
  onClose(): void;
  /** A viewer's load error: its sentence, and the detail folded away. */
  error?: LoadError | null;
  /** A message shown as it is (an upload's, passed through from the server, SPEC §8). */
  detail?: string | null;
}

export function LoadErrorDialog({ open, onClose, error, detail }: LoadErrorDialogProps) {
  const LL = useLL();
  const reason = error
    ? {
        requestFailed: () => LL.errors.requestFailed({ status: error.status ?? 0 }),
        unreachable: () => LL.errors.unreachable(),
        invalidResponse: () => LL.errors.invalidResponse(),
        invalidProject: () => LL.viewer.invalidProject(),
        linkNotFound: () => LL.viewer.notFoundMessage(),
        noWebgl: () => LL.errors.noWebgl(),
      }[error.code]()
    : null;
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
      {error ? (
        <div className="flex flex-col gap-2 rounded-lg border border-danger-border bg-danger-surface px-3 py-2 text-sm text-danger">
          <p>{reason}</p>
          <details className="text-xs text-fg-muted">
            <summary className="cursor-pointer">{LL.dialogs.loadError.details()}</summary>
            <p className="mt-1 font-mono break-all">{error.detail}</p>
          </details>
        </div>
      ) : detail ? (
        <p className="rounded-lg border border-danger-border bg-danger-surface px-3 py-2 text-sm text-danger">{detail}</p>
      ) : null}
    </AppDialog>
  );
}
