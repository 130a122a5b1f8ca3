/**
 * Shows a revision comparison in the engine while it runs: added and changed parts tinted and,
 * with "only changes", only they visible (framed); stopping removes the tints and shows every
 * part again. The engine may still be starting: the view is applied once it is ready.
 */
import { fromCallback } from 'xstate';
import type { EngineSlot } from './enginePort';
import type { CompareView } from './revisionsMachine';

export function createCompareEngineActor(slot: EngineSlot) {
  return fromCallback<{ type: string }, CompareView>(({ input }) => {
    let stopped = false;
    slot.ready().then((engine) => {
      if (stopped) return;
      engine.setTints({ added: input.added, changed: input.changed });
      if (input.onlyChanges) engine.isolate([...input.added, ...input.changed], { moveCamera: true });
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
