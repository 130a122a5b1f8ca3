/**
 * The loading view (SPEC §2, §4): Loading, the step message, a bar and the percentage with two
 * decimals. It cannot be dismissed: it closes when the work is over.
 */
import { formatPercent, type LoadingMessage } from '../../machines/upload/loadingProgress';
import { useLL } from '../app/I18nProvider';
import { AppDialog } from './AppDialog';

export function LoadingDialog({ open, message, progress }: { open: boolean; message: LoadingMessage; progress: number }) {
  const LL = useLL();
  const texts: Record<LoadingMessage, string> = {
    initializing: LL.progress.initializing(),
    uploading: LL.progress.upload(),
    converting: LL.progress.conversion(),
    loadingModel: LL.progress.loadingModel(),
    loadingResources: LL.progress.loadingResources(),
    processingRenderModes: LL.progress.processingRenderModes(),
  };
  const percent = formatPercent(progress);
  const clamped = Math.min(1, Math.max(0, progress));
  return (
    <AppDialog open={open} onClose={() => {}} title={LL.progress.title()} description={texts[message]}>
      <div
        role="progressbar"
        aria-label={texts[message]}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number((clamped * 100).toFixed(2))}
        aria-valuetext={percent}
        className="h-2 overflow-hidden rounded-full bg-surface-overlay"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${clamped * 100}%` }} />
      </div>
      <p className="mt-2 text-right text-sm font-semibold text-fg-muted tabular-nums">
        {percent}
      </p>
    </AppDialog>
  );
}
