/**
 * The delete confirmation (SPEC §2, §4): one actor per opening.
 *   confirming -> deleting -> deleted (final, output { id })
 *             \-> cancelled (final, output null)
 * A failed delete returns to confirming with `failed` set, so the user may retry or cancel.
 */
import { assign, fromPromise, setup } from 'xstate';

interface DeleteInput {
  project: { id: number; name: string };
}

interface DeleteContext {
  id: number;
  name: string;
  failed: boolean;
  result: DeleteOutput;
}

export type DeleteEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' };
export type DeleteOutput = { id: number } | null;

export const deleteMachine = setup({
  types: {
    context: {} as DeleteContext,
    events: {} as DeleteEvent,
    input: {} as DeleteInput,
    output: {} as DeleteOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** DELETE projects/{id}. */
    deleteProject: fromPromise<void, { id: number }>(async () => {
      throw new Error('deleteProject is not provided');
    }),
  },
}).createMachine({
  id: 'delete',
  context: ({ input }) => ({ id: input.project.id, name: input.project.name, failed: false, result: null }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'delete.confirm': { target: 'deleting', actions: assign({ failed: false }) },
        'delete.cancel': 'cancelled',
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteProject',
        src: 'deleteProject',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'deleted', actions: assign(({ context }) => ({ result: { id: context.id } })) },
        onError: { target: 'confirming', actions: assign({ failed: true }) },
      },
    },
    deleted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
