/**
 * The owner's project in the viewer (SPEC §2 project and share panels): rename, delete, stage,
 * the share panel, reusing the list's rename/delete/share machines as children, and the .vok export.
 *   idle -> renaming | deleting | savingStage | sharing | exporting -> idle ; deleting -> deleted (final:
 *   the screen returns to /). The share child runs while the share panel is open.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Project, Stage } from '../../../api/schemas';
import { STAGES } from '../../../api/schemas';
import { deleteMachine, type DeleteOutput } from '../../projects/deleteMachine';
import { renameMachine, type RenameOutput } from '../../projects/renameMachine';
import { shareMachine } from '../../projects/shareMachine';

export type OwnerProjectEvent =
  | { type: 'owner.rename' }
  | { type: 'owner.delete' }
  | { type: 'owner.stage'; stage: string }
  | { type: 'owner.openShare' }
  | { type: 'owner.closeShare' }
  /** Download the project as a .vok package. */
  | { type: 'owner.export' }
  /** A newer copy of the project (after a model update). */
  | { type: 'owner.replaced'; project: Project };

export const ownerProjectMachine = setup({
  types: {
    context: {} as { project: Project; stageFailed: boolean; exportFailed: boolean },
    events: {} as OwnerProjectEvent,
    input: {} as { project: Project },
  },
  actors: {
    rename: renameMachine,
    delete: deleteMachine,
    share: shareMachine,
    /** PATCH projects/{id} with the new stage, then GET projects/{id}. */
    patchStage: fromPromise<Project, { id: number; stage: Stage }>(async () => {
      throw new Error('patchStage is not provided');
    }),
    /** GET projects/{id}/export.vok, saved as `{name}.vok` by the browser. */
    exportVok: fromPromise<void, { id: number; name: string }>(async () => {
      throw new Error('exportVok is not provided');
    }),
  },
  guards: {
    isNewStage: ({ context, event }) =>
      event.type === 'owner.stage' && (STAGES as readonly string[]).includes(event.stage) && event.stage !== context.project.currentStage,
    wasDeleted: ({ event }) => (event as { output?: DeleteOutput }).output != null,
  },
  actions: {
    /** Asks the share child to finish (it waits for a save in flight). */
    closeShare: sendTo('share', { type: 'share.close' }),
    replace: assign({ project: ({ context, event }) => (event.type === 'owner.replaced' ? event.project : context.project) }),
  },
}).createMachine({
  id: 'ownerProject',
  context: ({ input }) => ({ project: input.project, stageFailed: false, exportFailed: false }),
  initial: 'idle',
  on: { 'owner.replaced': { actions: 'replace' } },
  states: {
    idle: {
      on: {
        'owner.rename': 'renaming',
        'owner.delete': 'deleting',
        'owner.stage': { guard: 'isNewStage', target: 'savingStage' },
        'owner.openShare': 'sharing',
        'owner.export': 'exporting',
      },
    },
    renaming: {
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ context }) => ({ project: context.project }),
        onDone: {
          target: 'idle',
          actions: assign({
            project: ({ context, event }) => {
              const output = event.output as RenameOutput;
              return output ? { ...context.project, name: output.name } : context.project;
            },
          }),
        },
        onError: 'idle',
      },
    },
    deleting: {
      invoke: {
        id: 'delete',
        src: 'delete',
        input: ({ context }) => ({ project: context.project }),
        onDone: [{ guard: 'wasDeleted', target: 'deleted' }, { target: 'idle' }],
        onError: 'idle',
      },
    },
    savingStage: {
      entry: assign({ stageFailed: false }),
      invoke: {
        id: 'patchStage',
        src: 'patchStage',
        input: ({ context, event }) => ({ id: context.project.id, stage: (event as { stage: Stage }).stage }),
        onDone: { target: 'idle', actions: assign({ project: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ stageFailed: true }) },
      },
    },
    sharing: {
      invoke: {
        id: 'share',
        src: 'share',
        input: ({ context }) => ({ project: context.project }),
        onDone: { target: 'idle', actions: assign({ project: ({ event }) => event.output as Project }) },
        onError: 'idle',
      },
      on: { 'owner.closeShare': { actions: 'closeShare' } },
    },
    exporting: {
      entry: assign({ exportFailed: false }),
      invoke: {
        id: 'exportVok',
        src: 'exportVok',
        input: ({ context }) => ({ id: context.project.id, name: context.project.name }),
        onDone: 'idle',
        onError: { target: 'idle', actions: assign({ exportFailed: true }) },
      },
    },
    deleted: { type: 'final' },
  },
});
