/**
 * A client's decision on the revision they see, through the link (share option
 * `isApprovalAvailable`, while the project waits for approval): approve it, or ask for changes
 * (which needs a note of theirs on that revision: the server refuses without one). The shared
 * viewer spawns it only where approval applies (`offersApproval`); when it is done the viewer
 * shows the answered project.
 *   idle -> editing (the dialog: the client's name) -> sending (approve) | requesting (changes) ->
 *   approved (final, output: the shared project as the server answered: `ready` with its approval,
 *   or back in progress after a request for changes)
 *                                                          \-> failed (why; the name is kept)
 *   failed -> sending again only when trying again can help (network, server error); the reason
 *   stays shown until the dialog closes; editing | failed -> idle on cancel (the name is kept, and
 *   opening again starts without the old reason).
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  APPROVAL_UNAVAILABLE,
  APPROVER_NAME_FORBIDDEN,
  APPROVER_NAME_MAX,
  NOT_AWAITING_APPROVAL,
  NO_NOTE_FOR_CHANGES,
  REVISION_CHANGED,
  type ApprovalRequest,
  type SharedProject,
} from '../../../api/schemas';

export { APPROVER_NAME_MAX };

/** A link offers approval while its option is on and the project's stage is `approval`. */
export const offersApproval = (project: Pick<SharedProject, 'shareOptions' | 'currentStage'>): boolean =>
  project.shareOptions.isApprovalAvailable && project.currentStage === 'approval';

type ApproverNameError = 'empty' | 'tooLong' | 'invalidCharacters';

/** The name the approval carries: 1 to 60 characters once trimmed, no control or text-direction characters (the server's rule). */
export function approverNameError(name: string): ApproverNameError | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > APPROVER_NAME_MAX) return 'tooLong';
  return APPROVER_NAME_FORBIDDEN.test(trimmed) ? 'invalidCharacters' : null;
}

/** Why the server refused (or never answered), as the dialog says it. */
type ApprovalFailure = 'revisionChanged' | 'notAwaiting' | 'unavailable' | 'linkGone' | 'noNote' | 'other';

function approvalFailureOf(error: unknown): ApprovalFailure {
  const { status, code } = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; code?: unknown };
  if (code === REVISION_CHANGED) return 'revisionChanged';
  if (code === NOT_AWAITING_APPROVAL) return 'notAwaiting';
  if (code === APPROVAL_UNAVAILABLE) return 'unavailable';
  if (code === NO_NOTE_FOR_CHANGES) return 'noNote';
  if (status === 404) return 'linkGone';
  return 'other';
}

/** Sending again can succeed only after a failure that said nothing about the project. */
export const canRetry = (failure: ApprovalFailure | null): boolean => failure === null || failure === 'other';

interface ApprovalInput {
  accessKey: string;
  /** The revision the client loaded: the one they approve. */
  revisionNumber: number;
}

/** What the dialog sends: an approval, or a request for changes. */
export type DecisionKind = 'approve' | 'changes';

interface ApprovalContext extends ApprovalInput {
  kind: DecisionKind;
  name: string;
  failure: ApprovalFailure | null;
  /** The project as the server answered the approval. */
  result: SharedProject | null;
}

export type ApprovalEvent =
  /** Opens the dialog to approve (the default) or to ask for changes. */
  | { type: 'approval.open'; kind?: DecisionKind }
  | { type: 'approval.change'; name: string }
  | { type: 'approval.submit' }
  | { type: 'approval.cancel' };

export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    input: {} as ApprovalInput,
    output: {} as SharedProject,
    tags: {} as 'dialog' | 'busy',
  },
  actors: {
    /** POST projects/accessKeys/{key}/approval. */
    approve: fromPromise<SharedProject, { accessKey: string } & ApprovalRequest>(async () => {
      throw new Error('approve is not provided');
    }),
    /** POST projects/accessKeys/{key}/changes. */
    askForChanges: fromPromise<SharedProject, { accessKey: string } & ApprovalRequest>(async () => {
      throw new Error('askForChanges is not provided');
    }),
  },
  guards: {
    canSend: ({ context }) => approverNameError(context.name) === null && canRetry(context.failure),
    canAskForChanges: ({ context }) => context.kind === 'changes' && approverNameError(context.name) === null && canRetry(context.failure),
  },
  actions: {
    setName: assign({ name: ({ context, event }) => (event.type === 'approval.change' ? event.name : context.name) }),
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({ accessKey: input.accessKey, revisionNumber: input.revisionNumber, kind: 'approve', name: '', failure: null, result: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'approval.open': { target: 'editing', actions: assign({ failure: null, kind: ({ event }) => event.kind ?? 'approve' }) } },
    },
    editing: {
      tags: ['dialog'],
      on: {
        'approval.change': { actions: 'setName' },
        'approval.submit': [
          { guard: 'canAskForChanges', target: 'requesting' },
          { guard: 'canSend', target: 'sending' },
        ],
        'approval.cancel': 'idle',
      },
    },
    sending: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ context }) => ({ accessKey: context.accessKey, name: context.name.trim(), revisionNumber: context.revisionNumber }),
        onDone: { target: 'approved', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => approvalFailureOf(event.error) }) },
      },
    },
    requesting: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'askForChanges',
        src: 'askForChanges',
        input: ({ context }) => ({ accessKey: context.accessKey, name: context.name.trim(), revisionNumber: context.revisionNumber }),
        onDone: { target: 'approved', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => approvalFailureOf(event.error) }) },
      },
    },
    failed: {
      tags: ['dialog'],
      on: {
        'approval.change': { actions: 'setName' },
        'approval.submit': [
          { guard: 'canAskForChanges', target: 'requesting' },
          { guard: 'canSend', target: 'sending' },
        ],
        'approval.cancel': 'idle',
      },
    },
    approved: { type: 'final' },
  },
  output: ({ context }) => context.result as SharedProject,
});
