/** After the grid: the watched end that asks for the next page, "Loading more...", or the failed page with Try again. */
import type { PagingStatus } from '../../machines/projects/listSelectors';
import { useLL } from '../app/I18nProvider';
import { secondaryButtonClass } from '../common/controlStyles';
import { useNearEnd } from './useNearEnd';

export function ListPagingEnd({ paging, onMore, onRetry }: { paging: PagingStatus; onMore(): void; onRetry(): void }) {
  const LL = useLL();
  const end = useNearEnd(onMore);
  switch (paging) {
    case 'more':
      return <div ref={end} data-testid="list-end" aria-hidden="true" className="h-px" />;
    case 'loadingMore':
      return (
        <p role="status" className="py-2 text-center text-sm text-fg-muted">
          {LL.list.loadingMore()}
        </p>
      );
    case 'moreFailed':
      return (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-2 text-sm">
          <span className="text-danger">{LL.list.loadMoreFailed()}</span>
          <button type="button" className={secondaryButtonClass} onClick={onRetry}>
            {LL.list.retry()}
          </button>
        </div>
      );
    default:
      return null;
  }
}
