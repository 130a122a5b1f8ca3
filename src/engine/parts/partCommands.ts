/**
 * Part visibility commands (the tree's eyes, isolation, show all): applied to the model's
 * visibility, then to its meshes in the current render mode, the emphasis refreshed, and the
 * changes reported to `onVisibilityChange`.
 */
import type { Emitter } from '../emitter';
import type { ModelView } from '../scene/modelView';
import type { RenderMode, VisibilityChange } from '../types';
import type { PartEmphasis } from './emphasis';

interface PartCommandsDeps {
  model: () => ModelView | null;
  mode: () => RenderMode;
  emphasis: PartEmphasis;
  onVisibilityChange: Emitter<VisibilityChange>;
  requestRender: () => void;
  /** The model's batches made again at the detail its shown parts allow (a model over the fine budget). */
  refine: () => void;
}

export function createPartCommands({ model, mode, emphasis, onVisibilityChange, requestRender, refine }: PartCommandsDeps) {
  const apply = (change: (view: ModelView) => VisibilityChange['changes']): boolean => {
    const view = model();
    if (!view) return false;
    const changes = change(view);
    view.syncVisibility(mode());
    emphasis.refresh();
    if (changes.length > 0) {
      onVisibilityChange.emit({ changes });
      refine();
    }
    requestRender();
    return true;
  };
  return {
    /** Shows only these parts (with their descendants unless told not to, and what holds them); true when a model took it. */
    isolate: (ids: readonly string[], descendants = true) => apply((view) => view.visibility.isolate(ids, descendants)),
    show: (ids: readonly string[]) => void apply((view) => view.visibility.show(ids)),
    hide: (ids: readonly string[]) => void apply((view) => view.visibility.hide(ids)),
    showAll: () => void apply((view) => view.visibility.showAll()),
    /** The parts that carry geometry, shown and hidden (none without a model). */
    parts: () => model()?.visibility.parts() ?? { shown: [], hidden: [] },
  };
}
