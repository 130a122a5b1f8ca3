/**
 * What changed on a link since the client's last visit: the link remembers, per access key, the
 * last revision this browser saw. When the link now shows a newer one, the changes from the seen
 * revision are read and a banner says how many parts were added, changed and removed; "Show the
 * changes" tints them in the model (added green, changed yellow), "Hide" takes the tints away, and
 * "Got it" remembers the revision as seen. A first visit remembers the revision without a banner.
 * Where the link shows the hierarchy, the banner's list of the changed parts opens and closes
 * (`linkChanges.toggleList`); a row of an added or changed part selects that part and frames it
 * (`linkChanges.select`, to the viewer as a tree selection that frames); a removed part is listed
 * only: it is not in the model any more.
 *   reading -> (first visit or nothing new) remembering -> done
 *           -> loading -> ready (banner) <-> showing (tints) ; ready | showing -> remembering -> done
 *   loading answers null (the seen revision is no longer kept) -> remembering -> done: nothing to say.
 *   loading fails (the network dropped, or the page is leaving while the changes are on their way)
 *   -> done, nothing remembered: the next visit asks again, so the client never loses what changed.
 */
import { assign, fromCallback, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { RevisionChanges } from '../../../api/schemas';
import { compareViewOf, type CompareView } from '../owner/compareView';

interface LinkChangesInput {
  accessKey: string;
  /** The revision the link shows now. */
  revisionNumber: number;
}

interface LinkChangesContext extends LinkChangesInput {
  seen: number | null;
  changes: RevisionChanges | null;
  /** The list of the changed parts is open. */
  listOpen: boolean;
}

export type LinkChangesEvent =
  | { type: 'linkChanges.show' }
  | { type: 'linkChanges.hide' }
  | { type: 'linkChanges.dismiss' }
  | { type: 'linkChanges.toggleList' }
  /** A row of the list: select and frame this part of the current model. */
  | { type: 'linkChanges.select'; partId: string };

/** What the viewer is asked to do for a row of the list (the hierarchy's selection, framing the part). */
type LinkChangesSelect = { type: 'viewer.treeSelect'; partId: string; frame: true };

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
    /** GET projects/accessKeys/{key}/revisions/{from}/changes; null when the server no longer keeps that revision (404). */
    readChanges: fromPromise<RevisionChanges | null, { accessKey: string; from: number }>(async () => {
      throw new Error('readChanges is not provided');
    }),
    compareEngine: fromCallback<{ type: string }, CompareView>(() => () => {}),
  },
  guards: {
    hasNewer: ({ context, event }) => {
      const seen = (event as unknown as { output: number | null }).output;
      return seen !== null && seen < context.revisionNumber;
    },
    /** The answer named the parts (the link shows the hierarchy). */
    hasList: ({ context }) => (context.changes?.parts.length ?? 0) > 0,
    /** The part is an added or changed one of the list (a removed part is not in the model). */
    isListedPart: ({ context, event }) =>
      event.type === 'linkChanges.select' && (context.changes?.parts ?? []).some((part) => part.status !== 'removed' && part.partId === event.partId),
    anyChange: ({ event }) => {
      const counts = (event as unknown as { output: RevisionChanges | null }).output?.counts;
      return counts !== undefined && counts.added + counts.changed + counts.removed > 0;
    },
  },
  actions: {
    toggleList: assign({ listOpen: ({ context }) => !context.listOpen }),
    /** The viewer (the parent) selects the part as the hierarchy does, and frames it. */
    selectPart: sendParent(({ event }): LinkChangesSelect => ({ type: 'viewer.treeSelect', partId: event.type === 'linkChanges.select' ? event.partId : '', frame: true })),
  },
}).createMachine({
  id: 'linkChanges',
  context: ({ input }) => ({ ...input, seen: null, changes: null, listOpen: false }),

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
        onError: 'done',
      },
    },
    ready: {
      on: {
        'linkChanges.show': 'showing',
        'linkChanges.dismiss': 'remembering',
        'linkChanges.toggleList': { guard: 'hasList', actions: 'toggleList' },
        'linkChanges.select': { guard: 'isListedPart', actions: 'selectPart' },
      },
    },
    showing: {
      invoke: {
        src: 'compareEngine',
        input: ({ context }) => compareViewOf(context.changes, false),
      },
      on: {
        'linkChanges.hide': 'ready',
        'linkChanges.dismiss': 'remembering',
        'linkChanges.toggleList': { guard: 'hasList', actions: 'toggleList' },
        'linkChanges.select': { guard: 'isListedPart', actions: 'selectPart' },
      },
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

/**
 * What the banner says, while it is shown: the changes since the seen revision, with that revision;
 * null when there is no banner (the banner and the viewer's framing both read it).
 */
export function selectBannerChanges(s: SnapshotFrom<typeof linkChangesMachine>): { changes: RevisionChanges; seen: number } | null {
  const { changes, seen } = s.context;
  return (s.matches('ready') || s.matches('showing')) && changes !== null && seen !== null ? { changes, seen } : null;
}
