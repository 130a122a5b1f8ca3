/** What the list says when it has no cards to show: loading, failed (with Try again), empty, no match. */
import type { ListStatus } from '../../machines/projects/listSelectors';
import { useLL } from '../app/I18nProvider';
import { secondaryButtonClass } from '../common/controlStyles';

export function ListStatusMessage({ status, onRetry }: { status: ListStatus; onRetry(): void }) {
  const LL = useLL();
  switch (status) {
    case 'loading':
      return (
        <p role="status" className="text-sm text-fg-muted">
          {LL.list.loadingProjects()}
        </p>
      );
    case 'failed':
      return (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-danger-border bg-danger-surface p-5">
          <p className="font-semibold text-danger">{LL.list.loadFailed()}</p>
          <button type="button" className={secondaryButtonClass} onClick={onRetry}>
            {LL.list.retry()}
          </button>
        </div>
      );
    case 'empty':
      return <p className="text-fg-muted">{LL.list.empty()}</p>;
    case 'noMatch':
      return (
        <p role="status" className="text-fg-muted">
          {LL.list.noMatch()}
        </p>
      );
    default:
      return null;
  }
}
