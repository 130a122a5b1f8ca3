/**
 * What changed on a link since the client's last visit: the link remembers, per access key, the
 * last revision this browser saw. When the link now shows a newer one, the changes from the seen
 * revision are read and a banner says how many parts were added, changed and removed; "Show the
 * changes" tints them in the model (added green, changed yellow), "Hide" takes the tints away, and
 * "Got it" remembers the revision as seen. A first visit remembers the revision without a banner.
 *   reading -> (first visit or nothing new) remembering -> done
 *           -> loading -> ready (banner) <-> showing (tints) ; ready | showing -> remembering -> done
 *   loading fails (the seen revision is no longer kept, say) -> remembering -> done: nothing to say.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { RevisionChanges } from '../../api/schemas';
import type { CompareView } from './revisionsMachine';

export interface LinkChangesInput {
  accessKey: string;
  /** The revision the link shows now. */
  revisionNumber: number;
}

export interface LinkChangesContext extends LinkChangesInput {
  seen: number | null;
  changes: RevisionChanges | null;
}

export type LinkChangesEvent = { type: 'linkChanges.show' } | { type: 'linkChanges.hide' } | { type: 'linkChanges.dismiss' };

export const linkChangesMachine = setup({
  types: {
    context: {} as LinkChangesContext,
    events: {} as LinkChangesEvent,
    input: {} as LinkChangesInput,
  },
  actors: {
    /** The revision this browser last saw on this link, or null. */
    readSeen: fromPromise<number | null, { accessKey: string }>(async () => null),
    rememberSeen: fromPromise<void, { accessKey: string; revisionNumber: number }>(async () => undefined),
    /** GET projects/accessKeys/{key}/revisions/{from}/changes. */
    readChanges: fromPromise<RevisionChanges, { accessKey: string; from: number }>(async () => {
      throw new Error('readChanges is not provided');
    }),
    compareEngine: fromCallback<{ type: string }, CompareView>(() => () => {}),
  },
  guards: {
    hasNewer: ({ context, event }) => {
      const seen = (event as unknown as { output: number | null }).output;
      return seen !== null && seen < context.revisionNumber;
    },
    anyChange: ({ event }) => {
      const { counts } = (event as unknown as { output: RevisionChanges }).output;
      return counts.added + counts.changed + counts.removed > 0;
    },
  },
}).createMachine({
  id: 'linkChanges',
  context: ({ input }) => ({ ...input, seen: null, changes: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readSeen',
        input: ({ context }) => ({ accessKey: context.accessKey }),
        onDone: [
          { guard: 'hasNewer', target: 'loading', actions: assign({ seen: ({ event }) => event.output }) },
          { target: 'remembering' },
        ],
        onError: 'remembering',
      },
    },
    loading: {
      invoke: {
        src: 'readChanges',
        input: ({ context }) => ({ accessKey: context.accessKey, from: context.seen as number }),
        onDone: [{ guard: 'anyChange', target: 'ready', actions: assign({ changes: ({ event }) => event.output }) }, { target: 'remembering' }],
        onError: 'remembering',
      },
    },
    ready: {
      on: { 'linkChanges.show': 'showing', 'linkChanges.dismiss': 'remembering' },
    },
    showing: {
      invoke: {
        src: 'compareEngine',
        input: ({ context }) => ({
          added: (context.changes?.parts ?? []).filter((p) => p.status === 'added' && p.partId !== null).map((p) => p.partId as string),
          changed: (context.changes?.parts ?? []).filter((p) => p.status === 'changed' && p.partId !== null).map((p) => p.partId as string),
          onlyChanges: false,
        }),
      },
      on: { 'linkChanges.hide': 'ready', 'linkChanges.dismiss': 'remembering' },
    },
    remembering: {
      invoke: {
        src: 'rememberSeen',
        input: ({ context }) => ({ accessKey: context.accessKey, revisionNumber: context.revisionNumber }),
        onDone: 'done',
        onError: 'done',
      },
    },
    done: { type: 'final' },
  },
});
