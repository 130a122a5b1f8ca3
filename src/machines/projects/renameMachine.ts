/**
 * The rename dialog (SPEC §5): one actor per opening, so the error state starts clean each time.
 *   editing -> saving -> renamed (final, output { id, name })
 *          \-> cancelled (final, output null)
 * The name is checked on every change (1..60 characters, none of \ / : * ? " < > |); Rename is
 * allowed only when there is no error and the name differs from the current one. A failed save
 * stays in editing with `saveFailed` set.
 */
import { assign, fromPromise, setup } from 'xstate';
import { projectNameError, type ProjectNameError } from '../../model/text/projectName';

interface RenameInput {
  project: { id: number; name: string };
}

interface RenameContext {
  id: number;
  original: string;
  name: string;
  error: ProjectNameError | null;
  saveFailed: boolean;
  /** Set when the server accepted the new name. */
  result: RenameOutput;
}

export type RenameEvent =
  | { type: 'rename.change'; name: string }
  | { type: 'rename.submit' }
  | { type: 'rename.cancel' };

export type RenameOutput = { id: number; name: string } | null;

export const canRename = (context: RenameContext) => context.error === null && context.name.trim() !== context.original;

export const renameMachine = setup({
  types: {
    context: {} as RenameContext,
    events: {} as RenameEvent,
    input: {} as RenameInput,
    output: {} as RenameOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** PATCH projects/{id} with the new name. */
    renameProject: fromPromise<void, { id: number; name: string }>(async () => {
      throw new Error('renameProject is not provided');
    }),
  },
  guards: {
    canRename: ({ context }) => canRename(context),
  },
}).createMachine({
  id: 'rename',
  context: ({ input }) => ({
    id: input.project.id,
    original: input.project.name,
    name: input.project.name,
    error: null,
    saveFailed: false,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'rename.change': {
          actions: assign(({ event }) => ({ name: event.name, error: projectNameError(event.name), saveFailed: false })),
        },
        'rename.submit': { guard: 'canRename', target: 'saving' },
        'rename.cancel': 'cancelled',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'renameProject',
        src: 'renameProject',
        input: ({ context }) => ({ id: context.id, name: context.name.trim() }),
        onDone: { target: 'renamed', actions: assign(({ context }) => ({ result: { id: context.id, name: context.name.trim() } })) },
        onError: { target: 'editing', actions: assign({ saveFailed: true }) },
      },
    },
    renamed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
