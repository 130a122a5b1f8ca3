/**
 * The machining of a project's current revision (issue "From the model to the machine") as a
 * viewer shows it: read when first wanted (the data sheet of a panel, the workshop's Machining
 * tab; `eager` reads it at once), then its files saved on request (the job's zip, a panel's or a
 * cabinet's drawing PDF).
 *   idle -> loading -> loaded.{ready <-> saving} | failed (retry)
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MachiningFile } from '../../../api/client';
import type { MachiningList } from '../../../model/machining/machiningList';

/** The owner's project (id) or a link (access key). */
export type MachiningRef = { id: number } | { accessKey: string };

interface MachiningContext {
  ref: MachiningRef;
  eager: boolean;
  list: MachiningList | null;
  /** The file being saved, or the last one that failed. */
  file: MachiningFile | null;
  fileName: string;
  saveFailed: boolean;
}

export type MachiningEvent =
  | { type: 'machining.show' }
  | { type: 'machining.retry' }
  | { type: 'machining.save'; file: MachiningFile; fileName: string };

export const machiningMachine = setup({
  types: {
    context: {} as MachiningContext,
    input: {} as { ref: MachiningRef; eager?: boolean },
    events: {} as MachiningEvent,
  },
  actors: {
    loadMachining: fromPromise<MachiningList, { ref: MachiningRef }>(async () => {
      throw new Error('loadMachining is provided by the app');
    }),
    saveMachiningFile: fromPromise<void, { ref: MachiningRef; file: MachiningFile; fileName: string }>(async () => {
      throw new Error('saveMachiningFile is provided by the app');
    }),
  },
  guards: {
    eager: ({ context }) => context.eager,
  },
}).createMachine({
  id: 'machining',
  context: ({ input }) => ({ ref: input.ref, eager: input.eager ?? false, list: null, file: null, fileName: '', saveFailed: false }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'eager', target: 'loading' },
      on: { 'machining.show': 'loading' },
    },
    loading: {
      invoke: {
        src: 'loadMachining',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'loaded', actions: assign({ list: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'machining.retry': 'loading' } },
    loaded: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'machining.save': { target: 'saving', actions: assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.fileName, saveFailed: false }) },
          },
        },
        saving: {
          invoke: {
            src: 'saveMachiningFile',
            input: ({ context }) => ({ ref: context.ref, file: context.file!, fileName: context.fileName }),
            onDone: { target: 'ready', actions: assign({ file: null }) },
            onError: { target: 'ready', actions: assign({ saveFailed: true }) },
          },
        },
      },
    },
  },
});
