/** The upload's one progress, from the first byte to the model on screen, and the conversion's time left. */
import { LOADING_STEPS, overallProgress, UPLOAD_ONLY_STEPS, type LoadingMessage, type LoadingStep } from './loadingProgress';
import type { UploadContext } from './uploadTypes';

/**
 * The progress of the current step as the whole, 0..1 (SPEC §4): three equal steps when a model
 * load follows, two when nothing loads after (an update from a card).
 */
export function computedProgress(context: Pick<UploadContext, 'step' | 'stepFraction' | 'loadsModel'>): number {
  return overallProgress(context.step, context.stepFraction, context.loadsModel ? LOADING_STEPS : UPLOAD_ONLY_STEPS);
}

/** The context moved to a step's new fraction: the overall progress only goes forward. */
export function advance(context: UploadContext, next: { step: LoadingStep; stepFraction: number; message: LoadingMessage }): Partial<UploadContext> {
  return { ...next, progress: Math.max(context.progress, computedProgress({ ...next, loadsModel: context.loadsModel })) };
}

/** The progress the loading dialog shows, 0..1: from the first byte to the model on screen, never going back. */
export function uploadProgress(context: UploadContext): number {
  return context.progress;
}

/** The upload waits for this project's model to be shown: a viewer opened on it loads it as the upload's last step. */
export function awaitsModelOf(snapshot: { matches(state: 'showingModel'): boolean; context: Pick<UploadContext, 'project'> }, projectId: number): boolean {
  return snapshot.matches('showingModel') && snapshot.context.project?.id === projectId;
}

/**
 * Seconds the conversion still needs, from its pace so far: given once it has run 4 s and moved at
 * least a tenth, counting down with the clock between statuses, rounded up to 5 s; 0 once that
 * time has passed and the conversion goes on (it is almost done: no figure that stays wrong);
 * undefined before.
 */
export function conversionSecondsLeft(context: UploadContext): number | undefined {
  const timing = context.convertTiming;
  if (!timing || context.step !== 'convert') return undefined;
  const elapsed = timing.lastAt - timing.startedAt;
  const moved = context.stepFraction - timing.startProgress;
  if (elapsed < 4000 || moved < 0.1 || context.stepFraction >= 1) return undefined;
  const sinceLast = Math.max(0, (timing.now ?? timing.lastAt) - timing.lastAt);
  const left = ((elapsed / moved) * (1 - context.stepFraction) - sinceLast) / 1000;
  return left <= 0 ? 0 : Math.max(5, Math.ceil(left / 5) * 5);
}
