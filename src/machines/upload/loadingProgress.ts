/**
 * The loading dialog's progress (SPEC §4): three equal-weight steps — upload, convert, load model —
 * and, within loading, its own phases. Progress runs from 0 to 1; the dialog shows below 1.
 */
export const LOADING_STEPS = ['upload', 'convert', 'load'] as const;
export type LoadingStep = (typeof LOADING_STEPS)[number];

/** Message keys of SPEC §4, in the i18n dictionaries under `loading.*`. */
export type LoadingMessage = 'initializing' | 'uploading' | 'converting' | 'loadingModel' | 'loadingResources' | 'processingRenderModes';

/** The steps of an update made from a card: no model is loaded after it. */
export const UPLOAD_ONLY_STEPS: readonly LoadingStep[] = ['upload', 'convert'];

/** Where a step's fraction puts the whole: equal steps; a step past the last counts as done. */
export function overallProgress(step: LoadingStep, fraction: number, steps: readonly LoadingStep[] = LOADING_STEPS): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const index = steps.indexOf(step);
  return index < 0 ? 1 : (index + clamped) / steps.length;
}

/** The percentage shown, with two decimals. */
export function formatPercent(progress: number): string {
  return `${(Math.min(1, Math.max(0, progress)) * 100).toFixed(2)} %`;
}
