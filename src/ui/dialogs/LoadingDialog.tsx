/**
 * The loading view (SPEC §2, §4): Loading, the step message, a bar and the percentage in whole
 * percent (SPEC's two decimals changed too fast to read). It cannot be dismissed: it closes when the work is over. Over a model already on
 * screen (a link's first frame) it is a card at the bottom that leaves the model visible and
 * turnable, rather than a modal over it.
 */
import { wholePercent, type LoadingMessage } from '../../machines/upload/loadingProgress';
import { useLL, useLocale } from '../app/I18nProvider';
import { AppDialog } from './AppDialog';
import { formatDecimal } from '../../i18n/numbers';
import type { Locales } from '../../i18n/i18n-types';

/**
 * The percentage shown, in whole percent ("36 %": two decimals moved too fast to read), rounded
 * down so that 100 % means done; the number written as the reader's language writes it.
 */
function formatPercent(progress: number, locale: Locales): string {
  return `${formatDecimal(wholePercent(progress), 0, locale)} %`;
}

export function LoadingDialog({
  open,
  message,
  progress,
  overModel = false,
  activity = null,
  timeLeft = null,
}: {
  open: boolean;
  message: LoadingMessage;
  progress: number;
  overModel?: boolean;
  /** What the conversion is doing now, and the time it still needs, when known. */
  activity?: string | null;
  timeLeft?: string | null;
}) {
  const LL = useLL();
  const texts: Record<LoadingMessage, string> = {
    initializing: LL.progress.initializing(),
    uploading: LL.progress.upload(),
    converting: LL.progress.conversion(),
    loadingModel: LL.progress.loadingModel(),
    loadingResources: LL.progress.loadingResources(),
    processingRenderModes: LL.progress.processingRenderModes(),
  };
  const percent = formatPercent(progress, useLocale());
  const clamped = Math.min(1, Math.max(0, progress));
  const bar = (
      <div
        role="progressbar"
        aria-label={texts[message]}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={wholePercent(progress)}
        aria-valuetext={percent}
        className="h-2 overflow-hidden rounded-full bg-surface-overlay"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${clamped * 100}%` }} />
      </div>
  );
  if (overModel) {
    if (!open) return null;
    return (
      <div role="status" aria-label={LL.progress.title()} className="pointer-events-none fixed inset-x-0 bottom-32 z-40 sm:bottom-6 flex justify-center px-4">
        <div className="w-full max-w-xs rounded-xl border border-border bg-surface-raised/90 px-4 py-3 shadow-xl shadow-black/40">
          <p className="mb-2 flex justify-between gap-3 text-sm font-semibold text-fg">
            <span>{texts[message]}</span>
            <span className="text-fg-muted tabular-nums">{percent}</span>
          </p>
          {bar}
        </div>
      </div>
    );
  }
  return (
    <AppDialog open={open} onClose={() => {}} title={LL.progress.title()} description={texts[message]}>
      {bar}
      <p className="mt-2 flex justify-between gap-3 text-sm font-semibold text-fg-muted tabular-nums">
        <span data-testid="loading-activity" aria-live="polite">{activity}</span>
        <span>{percent}</span>
      </p>
      {timeLeft && (
        <p data-testid="loading-time-left" className="mt-1 text-right text-xs text-fg-muted tabular-nums">
          {timeLeft}
        </p>
      )}
    </AppDialog>
  );
}
