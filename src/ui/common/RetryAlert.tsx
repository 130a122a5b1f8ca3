/** A failure said in words with Try again beside it (a read that failed: an estimate, the options, a list). */
import { useLL } from '../app/I18nProvider';

export function RetryAlert({ message, onRetry, className = '' }: { message: string; onRetry: () => void; className?: string }) {
  const LL = useLL();
  return (
    <p role="alert" className={`text-sm text-danger ${className}`.trim()}>
      {message}{' '}
      <button type="button" className="font-semibold text-primary" onClick={onRetry}>
        {LL.list.retry()}
      </button>
    </p>
  );
}
