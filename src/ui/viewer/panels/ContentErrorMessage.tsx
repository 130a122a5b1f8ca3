/** The error of a comments or hyperlinks list, in words, with Try again (load) or Dismiss. */
import type { ContentError } from '../../../machines/viewer/contentList';
import { useLL } from '../../app/I18nProvider';
import { linkButtonClass } from '../../common/controlStyles';

export interface ContentErrorMessageProps {
  error: ContentError;
  /** The texts of this list for each failure. */
  messages: Record<Exclude<ContentError, 'invalidResponse'>, string>;
  onRetry(): void;
  onDismiss(): void;
  /** Whether the list failed to load (then Try again shows instead of Dismiss). */
  loadFailed: boolean;
}

export function ContentErrorMessage({ error, messages, onRetry, onDismiss, loadFailed }: ContentErrorMessageProps) {
  const LL = useLL();
  const text = error === 'invalidResponse' ? LL.errors.invalidResponse() : messages[error];
  return (
    <div role="alert" className="flex items-center justify-between gap-2 rounded-lg border border-danger-border bg-danger-surface px-3 py-2 text-sm text-danger">
      <span>{text}</span>
      {loadFailed ? (
        <button type="button" className={linkButtonClass} onClick={onRetry}>
          {LL.list.retry()}
        </button>
      ) : (
        <button type="button" className={linkButtonClass} onClick={onDismiss}>
          {LL.list.dismiss()}
        </button>
      )}
    </div>
  );
}
