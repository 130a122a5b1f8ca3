/**
 * The loading dialog's progress (SPEC §4): three equal-weight steps — upload, convert, load model —
 * and, within loading, its own phases. Progress runs from 0 to 1; the dialog shows below 1.
 *
 * A step's own progress (bytes sent, the conversion's progress as the server reports it, the
 * model's load) covers the first `STEP_OWN_SHARE` of its third; the rest is reached when the step is
 * over (the server's first status, its result, the model on screen), so that the bar moves at each
 * step's end instead of resting on 33.33 % or 66.67 % while the next step has not said anything yet.
 */

export const LOADING_STEPS = ['upload', 'convert', 'load'] as const;
export type LoadingStep = (typeof LOADING_STEPS)[number];

/** Message keys of SPEC §4, in the i18n dictionaries under `loading.*`. */
export type LoadingMessage = 'initializing' | 'uploading' | 'converting' | 'loadingModel' | 'loadingResources' | 'processingRenderModes';

/** The messages of the model load, the last step. */
export type ModelLoadMessage = Extract<LoadingMessage, 'loadingModel' | 'loadingResources' | 'processingRenderModes'>;

/** The steps of an update made from a card: no model is loaded after it. */
export const UPLOAD_ONLY_STEPS: readonly LoadingStep[] = ['upload', 'convert'];

/** The share of a step that its own progress covers; the rest is the step's end. */
const STEP_OWN_SHARE = 0.95;

/**
 * Where a step's own fraction puts the whole: equal steps, the step's own progress scaled into
 * `STEP_OWN_SHARE` of it; a step that is not among the steps (past the last) counts as all done.
 */
export function overallProgress(step: LoadingStep, fraction: number, steps: readonly LoadingStep[] = LOADING_STEPS): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const index = steps.indexOf(step);
  return index < 0 ? 1 : (index + clamped * STEP_OWN_SHARE) / steps.length;
}

/** The progress 0..1 as whole percent, rounded down (99.9 % is 99). */
export function wholePercent(progress: number): number {
  return Math.floor(Math.min(1, Math.max(0, Number.isFinite(progress) ? progress : 0)) * 100 + 1e-9);
}
