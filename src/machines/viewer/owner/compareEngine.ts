/**
 * Shows a revision comparison in the engine while it runs: added and changed parts tinted (each
 * node by its own geometry, see compareView.ts) and, with "only changes", only they visible
 * (framed); stopping removes the tints and shows every part again. The engine may still be
 * starting: the view is applied once it is ready.
 */
import { fromCallback } from 'xstate';
import { paintedParts, type CompareView } from './compareView';
import type { EngineSlot } from '../load/enginePort';

export function createCompareEngineActor(slot: EngineSlot) {
  return fromCallback<{ type: string }, CompareView>(({ input }) => {
    let stopped = false;
    slot.ready().then((engine) => {
      if (stopped) return;
      const painted = paintedParts(input, engine.getModel()?.tree ?? null);
      engine.setTints(painted);
      if (input.onlyChanges) engine.isolate([...painted.added, ...painted.changed], { moveCamera: true, descendants: false });
    }, () => {});
    return () => {
      stopped = true;
      const engine = slot.get();
      if (!engine) return;
      engine.setTints({});
      if (input.onlyChanges) engine.showAll();
    };
  });
}
