/** The error of a comments or hyperlinks list, in words, with Try again (load) or Dismiss. */
import type { ContentError, ListError } from '../../../machines/viewer/notes/contentList';
import { useLL } from '../../app/I18nProvider';
import { linkButtonClass } from '../../common/controlStyles';

interface ContentErrorMessageProps {
  error: ContentError;
  /** The texts of this list for each failure; the others are worded alike in every list. */
  messages: Record<ListError, string>;
  onRetry(): void;
  onDismiss(): void;
  /** Whether the list failed to load (then Try again shows instead of Dismiss). */
  loadFailed: boolean;
}

export function ContentErrorMessage({ error, messages, onRetry, onDismiss, loadFailed }: ContentErrorMessageProps) {
  const LL = useLL();
  const common: Record<Exclude<ContentError, ListError>, () => string> = {
    invalidResponse: LL.errors.invalidResponse,
    tooFast: LL.viewer.notes.tooFast,
    full: LL.viewer.notes.full,
  };
  const text = error in common ? common[error as keyof typeof common]() : messages[error as ListError];
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
