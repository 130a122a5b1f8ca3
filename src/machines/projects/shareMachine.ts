/**
 * The share dialog of a card (SPEC §4): publish switch and share options, enabled only while
 * published. Changes show at once and are saved with PATCH projects/{id}; changes made while a
 * save runs are merged into the next one. A failed save returns to what the server last accepted.
 *   idle <-> saving ; closing while saving waits for the answer ; closed (final, output: the project)
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Project, ProjectPatch, ShareOptionKey } from '../../api/schemas';

interface ShareInput {
  project: Project;
}

interface ShareContext {
  /** What the user sees. */
  project: Project;
  /** What the server last accepted. */
  saved: Project;
  /** What the next save sends. */
  pending: ProjectPatch;
  failed: boolean;
  closeRequested: boolean;
}

export type ShareEvent =
  | { type: 'share.publish'; value: boolean }
  | { type: 'share.option'; key: ShareOptionKey; value: boolean }
  | { type: 'share.close' };

export const shareMachine = setup({
  types: {
    context: {} as ShareContext,
    events: {} as ShareEvent,
    input: {} as ShareInput,
    output: {} as Project,
    tags: {} as 'busy',
  },
  actors: {
    /** PATCH projects/{id}. */
    patchProject: fromPromise<void, { id: number; patch: ProjectPatch }>(async () => {
      throw new Error('patchProject is not provided');
    }),
  },
  guards: {
    isPublished: ({ context }) => context.project.isPublished,
    closeRequested: ({ context }) => context.closeRequested,
  },
  actions: {
    applyChange: assign(({ context, event }) => {
      if (event.type === 'share.publish') {
        return {
          project: { ...context.project, isPublished: event.value },
          pending: { ...context.pending, isPublished: event.value },
          failed: false,
        };
      }
      if (event.type === 'share.option') {
        return {
          project: { ...context.project, shareOptions: { ...context.project.shareOptions, [event.key]: event.value } },
          pending: { ...context.pending, shareOptions: { ...context.pending.shareOptions, [event.key]: event.value } },
          failed: false,
        };
      }
      return {};
    }),
    commit: assign(({ context }) => ({ saved: context.project, pending: {} })),
    revert: assign(({ context }) => ({ project: context.saved, pending: {}, failed: true })),
  },
}).createMachine({
  id: 'share',
  context: ({ input }) => ({ project: input.project, saved: input.project, pending: {}, failed: false, closeRequested: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'share.publish': { target: 'saving', actions: 'applyChange' },
        'share.option': { guard: 'isPublished', target: 'saving', actions: 'applyChange' },
        'share.close': 'closed',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'patchProject',
        src: 'patchProject',
        input: ({ context }) => ({ id: context.project.id, patch: context.pending }),
        onDone: [
          { guard: 'closeRequested', target: 'closed', actions: 'commit' },
          { target: 'idle', actions: 'commit' },
        ],
        onError: [
          { guard: 'closeRequested', target: 'closed', actions: 'revert' },
          { target: 'idle', actions: 'revert' },
        ],
      },
      on: {
        'share.publish': { target: 'saving', reenter: true, actions: 'applyChange' },
        'share.option': { guard: 'isPublished', target: 'saving', reenter: true, actions: 'applyChange' },
        'share.close': { actions: assign({ closeRequested: true }) },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => context.project,
});
