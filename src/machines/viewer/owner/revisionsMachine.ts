/**
 * The owner's revisions of one project (a child of the owner viewer): the kept list, an older
 * revision opened read-only, a comparison of any two, and making an older one current again (an
 * update: free within the allowance, else a credit the owner confirms, SPEC §4).
 *   list:    idle -> loading -> ready | failed (loaded when the panel first opens, again after a new revision)
 *   compare: off -> loading -> shown (tints and, with "only changes", isolation in the engine) | failed;
 *            a revision is compared with the one on screen (the current one, or the older one opened
 *            read-only), the tints on the model shown; showing another revision ends the comparison.
 *            A row of the list of an added or changed part selects and frames it (`revisions.select`,
 *            to the viewer as a tree selection that frames); a removed part is listed only.
 *   restore: idle -> restoring -> idle (the parent loads the new revision) | confirmingCredit | insufficientCredits | failed;
 *            when the current revision is approved, idle -> confirmingApproval first: the owner makes
 *            the older one current with the approval to ask again (the project waits for approval)
 *            or keeps the approval, marked as given to the revision it was given to
 * The parent loads what is shown: `viewer.showRevision` (an older revision, or null for the
 * current one) and `viewer.modelUpdated` (the restored revision became current).
 */
import { and, assign, fromCallback, fromPromise, sendParent, setup } from 'xstate';
import type { Project, Revision, RevisionChanges } from '../../../api/schemas';
import { compareViewOf, type CompareView } from './compareView';

export type { CompareView } from './compareView';

export interface ShownRevision {
  revisionNumber: number;
  modelUrl: string;
}

interface RevisionsInput {
  projectId: number;
  currentRevision: number;
  /** The revision the client approved, when it is the current one (null otherwise). */
  approvedRevision?: number | null;
}


/** `alreadyCurrent`: the revision's model is the current one already (restored before): the server made nothing. */
type RevisionsFailure = 'list' | 'compare' | 'restore' | 'alreadyCurrent';

interface RevisionsContext extends RevisionsInput {
  revisions: Revision[];
  /** The older revision on screen (read-only), or null for the current one. */
  viewing: number | null;
  /** The revision compared with the one on screen, its changes once read. */
  comparing: number | null;
  /** The revision it is compared with: the one on screen when the comparison started. */
  comparedWith: number | null;
  changes: RevisionChanges | null;
  onlyChanges: boolean;
  /** The revision being made current. */
  restoring: number | null;
  /** The restore keeps the current revision's approval (marked as given to that revision). */
  keepApproval: boolean;
  approvedRevision: number | null;
  failure: RevisionsFailure | null;
}

export type RevisionsEvent =
  | { type: 'revisions.load' }
  /** The project moved to another revision (an upload or a restore): what was shown or compared is gone. */
  | { type: 'revisions.changed'; currentRevision: number }
  | { type: 'revisions.view'; revisionNumber: number }
  /** Back to the current revision from an older one. */
  | { type: 'revisions.viewCurrent' }
  | { type: 'revisions.compare'; revisionNumber: number }
  | { type: 'revisions.stopCompare' }
  | { type: 'revisions.onlyChanges'; value: boolean }
  /** A row of the comparison's list: select and frame this part of the model shown. */
  | { type: 'revisions.select'; partId: string }
  | { type: 'revisions.restore'; revisionNumber: number }
  | { type: 'revisions.confirmCredit' }
  /** The approved revision is about to stop being current: go on, asking for approval again or keeping it. */
  | { type: 'revisions.confirmApproval'; keepApproval: boolean }
  /** The client's approval as the project has it now (a decision made while the viewer is open). */
  | { type: 'revisions.approval'; approvedRevision: number | null }
  | { type: 'revisions.cancel' };

/** Compares another kept revision with the one on screen. */
const startCompare = {
  guard: 'canCompare',
  // A sibling of each compare state; from `loading` itself it starts the read again.
  target: 'loading',
  reenter: true,
  actions: 'setComparing',
} as const;

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code;

export const revisionsMachine = setup({
  types: {
    context: {} as RevisionsContext,
    events: {} as RevisionsEvent,
    input: {} as RevisionsInput,
  },
  actors: {
    listRevisions: fromPromise<Revision[], { projectId: number }>(async () => {
      throw new Error('listRevisions is not provided');
    }),
    /** GET projects/{id}/revisions/{from}/changes?to={to}: the part ids are those of `to`'s model. */
    readChanges: fromPromise<RevisionChanges, { projectId: number; from: number; to: number }>(async () => {
      throw new Error('readChanges is not provided');
    }),
    restoreRevision: fromPromise<Project, { projectId: number; revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }>(async () => {
      throw new Error('restoreRevision is not provided');
    }),
    /** Shows the comparison in the engine while it runs; stopping removes it. */
    compareEngine: fromCallback<{ type: string }, CompareView>(() => () => {}),
  },
  guards: {
    isOlder: ({ context, event }) =>
      'revisionNumber' in event && event.revisionNumber !== context.currentRevision && context.revisions.some((r) => r.revisionNumber === event.revisionNumber),
    canCompare: ({ context, event }) =>
      'revisionNumber' in event &&
      event.revisionNumber !== (context.viewing ?? context.currentRevision) &&
      context.revisions.some((r) => r.revisionNumber === event.revisionNumber),
    /** The part is an added or changed one of the comparison (a removed part is not in the model shown). */
    isListedPart: ({ context, event }) =>
      event.type === 'revisions.select' && (context.changes?.parts ?? []).some((part) => part.status !== 'removed' && part.partId === event.partId),
    /** The revision on screen as current is the approved one. */
    currentApproved: ({ context }) => context.approvedRevision !== null && context.approvedRevision === context.currentRevision,
    needsCredit: ({ event }) => 'error' in event && statusOf(event.error) === 409 && codeOf(event.error) === 'credit_confirmation_required',
    lacksCredit: ({ event }) => 'error' in event && codeOf(event.error) === 'insufficient_credits',
  },
  actions: {
    setComparing: assign({
      comparing: ({ event }) => ('revisionNumber' in event ? event.revisionNumber : null),
      comparedWith: ({ context }) => context.viewing ?? context.currentRevision,
      // The changes of the comparison it replaces go: the panel says "Comparing…" until the new ones come.
      changes: null,
      failure: null,
    }),
    /** The viewer (the parent) selects the part as the hierarchy does, and frames it. */
    selectPart: sendParent(({ event }) => ({ type: 'viewer.treeSelect', partId: event.type === 'revisions.select' ? event.partId : '', frame: true })),
    /** Why the restore failed: the revision's model was the current one already (nothing made, nothing spent), or another reason. */
    restoreFailed: assign({ failure: ({ event }) => (codeOf((event as { error?: unknown }).error) === 'already_current' ? ('alreadyCurrent' as const) : ('restore' as const)) }),
    /** The restored revision is the project's current one now: the parent loads it. */
    restored: sendParent(({ event }) => ({ type: 'viewer.modelUpdated', project: (event as unknown as { output: Project }).output })),
    showRevision: sendParent(({ context, event }) => {
      const number = event.type === 'revisions.view' ? event.revisionNumber : null;
      const revision = context.revisions.find((r) => r.revisionNumber === number && number !== context.currentRevision);
      return { type: 'viewer.showRevision', revision: revision ? { revisionNumber: revision.revisionNumber, modelUrl: revision.modelUrl } : null };
    }),
  },
}).createMachine({
  id: 'revisions',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    revisions: [],
    viewing: null,
    comparing: null,
    comparedWith: null,
    changes: null,
    onlyChanges: false,
    restoring: null,
    keepApproval: false,
    approvedRevision: input.approvedRevision ?? null,
    failure: null,
  }),
  on: {
    'revisions.approval': { actions: assign({ approvedRevision: ({ event }) => event.approvedRevision }) },
  },
  states: {
    list: {
      initial: 'idle',
      states: {
        idle: { on: { 'revisions.load': 'loading' } },
        loading: {
          invoke: {
            id: 'listRevisions',
            src: 'listRevisions',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: { target: 'ready', actions: assign({ revisions: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ failure: 'list' }) },
          },
        },
        ready: {
          on: {
            'revisions.view': { guard: 'isOlder', actions: [assign({ viewing: ({ event }) => event.revisionNumber }), 'showRevision'] },
            'revisions.viewCurrent': { guard: ({ context }) => context.viewing !== null, actions: [assign({ viewing: null }), 'showRevision'] },
          },
        },
        failed: { on: { 'revisions.load': { target: 'loading', actions: assign({ failure: null }) } } },
      },
      on: {
        'revisions.changed': {
          target: '.loading',
          actions: assign({ currentRevision: ({ event }) => event.currentRevision, viewing: null, failure: null }),
        },
      },
    },
    compare: {
      initial: 'off',
      states: {
        off: {
          entry: assign({ comparing: null, comparedWith: null, changes: null, onlyChanges: false }),
          on: { 'revisions.compare': startCompare },
        },
        loading: {
          // Another row while the changes are read: the newest choice is the one read.
          on: { 'revisions.compare': startCompare },
          invoke: {
            id: 'readChanges',
            src: 'readChanges',
            input: ({ context }) => ({ projectId: context.projectId, from: context.comparing!, to: context.comparedWith! }),
            onDone: { target: 'shown', actions: assign({ changes: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ failure: 'compare' }) },
          },
        },
        shown: {
          invoke: {
            id: 'compareEngine',
            src: 'compareEngine',
            input: ({ context }) => compareViewOf(context.changes, context.onlyChanges),
          },
          on: {
            // Compare on another row while a comparison is shown: that one replaces it.
            'revisions.compare': startCompare,
            'revisions.onlyChanges': { target: 'shown', reenter: true, actions: assign({ onlyChanges: ({ event }) => event.value }) },
            'revisions.select': { guard: 'isListedPart', actions: 'selectPart' },
          },
        },
        failed: { on: { 'revisions.compare': startCompare } },
      },
      on: {
        'revisions.stopCompare': '.off',
        'revisions.changed': '.off',
        // Another model on screen: the comparison's tints and list were for the one that goes.
        'revisions.view': { guard: 'isOlder', target: '.off' },
        'revisions.viewCurrent': { guard: ({ context }) => context.viewing !== null, target: '.off' },
      },
    },
    restore: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'revisions.restore': [
              { guard: and(['isOlder', 'currentApproved']), target: 'confirmingApproval', actions: assign({ restoring: ({ event }) => event.revisionNumber, failure: null }) },
              { guard: 'isOlder', target: 'restoring', actions: assign({ restoring: ({ event }) => event.revisionNumber, keepApproval: false, failure: null }) },
            ],
          },
        },
        confirmingApproval: {
          on: {
            'revisions.confirmApproval': { target: 'restoring', actions: assign({ keepApproval: ({ event }) => event.keepApproval }) },
            'revisions.cancel': { target: 'idle', actions: assign({ restoring: null }) },
          },
        },
        restoring: {
          invoke: {
            id: 'restoreRevision',
            src: 'restoreRevision',
            input: ({ context }) => ({ projectId: context.projectId, revisionNumber: context.restoring!, consumeCredit: false, keepApproval: context.keepApproval }),
            onDone: { target: 'idle', actions: [assign({ restoring: null }), 'restored'] },
            onError: [
              { guard: 'needsCredit', target: 'confirmingCredit' },
              { guard: 'lacksCredit', target: 'insufficientCredits' },
              { target: 'failed', actions: 'restoreFailed' },
            ],
          },
        },
        confirmingCredit: {
          on: { 'revisions.confirmCredit': 'restoringPaid', 'revisions.cancel': { target: 'idle', actions: assign({ restoring: null }) } },
        },
        restoringPaid: {
          invoke: {
            id: 'restoreRevision',
            src: 'restoreRevision',
            input: ({ context }) => ({ projectId: context.projectId, revisionNumber: context.restoring!, consumeCredit: true, keepApproval: context.keepApproval }),
            onDone: { target: 'idle', actions: [assign({ restoring: null }), 'restored'] },
            onError: [
              { guard: 'lacksCredit', target: 'insufficientCredits' },
              { target: 'failed', actions: 'restoreFailed' },
            ],
          },
        },
        insufficientCredits: { on: { 'revisions.cancel': { target: 'idle', actions: assign({ restoring: null }) } } },
        failed: { on: { 'revisions.cancel': { target: 'idle', actions: assign({ restoring: null, failure: null }) } } },
      },
    },
  },
});
