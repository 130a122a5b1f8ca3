/** Builds the fine batches of a model first drawn at its coarse level, a slice at a time between frames. */
import type { ModelView } from '../scene/modelView';

/** How long one slice may hold the main thread, and the pause before the first (after the coarse frame is on screen). */
const REFINE_SLICE_MS = 12;
const REFINE_DELAY_MS = 50;

/** Starts refining `view`; `done` runs once the fine batches are in. Returns a stop function, or null when there is nothing to refine. */
export function refineInSlices(view: ModelView, done: () => void): (() => void) | null {
  const steps = view.refinement();
  if (!steps) return null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const slice = () => {
    timer = null;
    const until = performance.now() + REFINE_SLICE_MS;
    for (;;) {
      if (steps.next().done) {
        done();
        return;
      }
      if (performance.now() >= until) break;
    }
    timer = setTimeout(slice, 0);
  };
  timer = setTimeout(slice, REFINE_DELAY_MS);
  return () => {
    if (timer !== null) clearTimeout(timer);
  };
}
