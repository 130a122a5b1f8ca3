/**
 * Loading a project into the viewer (SPEC §4): the project by id (owner) or by access key
 * (guest), then its model through the engine, with the three loading steps as progress.
 *   fetching -> loadingModel -> ready ; errors: notFound (unknown or unpublished key),
 *   unauthorized (a 401 on the owner path: the session takes over), failed (load error dialog).
 * The sandbox skips fetching and loads its bundled model.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Project, SharedProject } from '../../api/schemas';
import type { LoadProgress, ModelInfo } from './viewerTypes';

export type LoadTarget = { kind: 'owner'; id: number } | { kind: 'guest'; accessKey: string } | { kind: 'sandbox'; modelUrl: string };

export type LoadedProject = { kind: 'owner'; project: Project } | { kind: 'guest'; project: SharedProject };

export interface ProjectLoadContext {
  target: LoadTarget;
  loaded: LoadedProject | null;
  progress: LoadProgress | null;
  model: ModelInfo | null;
  error: string | null;
}

export type ModelLoadEvent =
  | { type: 'load.progress'; progress: LoadProgress }
  | { type: 'load.done'; model: ModelInfo }
  | { type: 'load.failed'; error: string };

export type ProjectLoadEvent =
  | ModelLoadEvent
  /** The owner changed the project (rename, stage, share): the panels show the new values. */
  | { type: 'project.changed'; project: Project }
  /** The owner uploaded a new model: load it again. */
  | { type: 'project.modelUpdated'; project: Project };

/** What a fetch failure carries that matters here. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

export const modelUrlOf = (context: ProjectLoadContext): string =>
  context.target.kind === 'sandbox' ? context.target.modelUrl : (context.loaded?.project.modelUrl ?? '');

export const projectLoadMachine = setup({
  types: {
    context: {} as ProjectLoadContext,
    events: {} as ProjectLoadEvent,
    input: {} as { target: LoadTarget },
    tags: {} as 'loading',
  },
  actors: {
    /** GET projects/{id} or GET projects/accessKeys/{key}. */
    fetchProject: fromPromise<LoadedProject, LoadTarget>(async () => {
      throw new Error('fetchProject is not provided');
    }),
    /** The engine loads the model; sends back load.progress, then load.done or load.failed. */
    loadModel: fromCallback<ModelLoadEvent, { modelUrl: string }>(() => () => {}),
  },
  guards: {
    isSandbox: ({ context }) => context.target.kind === 'sandbox',
    isNotFound: ({ context, event }) =>
      context.target.kind === 'guest' && 'error' in event && [403, 404].includes(statusOf(event.error) ?? 0),
    isUnauthorized: ({ context, event }) => context.target.kind === 'owner' && 'error' in event && statusOf(event.error) === 401,
  },
  actions: {
    setProgress: assign({ progress: ({ event }) => (event.type === 'load.progress' ? event.progress : null) }),
    setError: assign({
      error: ({ event }) => {
        const error: unknown = 'error' in event ? event.error : null;
        return error instanceof Error ? error.message : typeof error === 'string' ? error : 'error';
      },
    }),
  },
}).createMachine({
  id: 'projectLoad',
  context: ({ input }) => ({ target: input.target, loaded: null, progress: null, model: null, error: null }),
  initial: 'fetching',
  states: {
    fetching: {
      tags: ['loading'],
      always: { guard: 'isSandbox', target: 'loadingModel' },
      invoke: {
        id: 'fetchProject',
        src: 'fetchProject',
        input: ({ context }) => context.target,
        onDone: { target: 'loadingModel', actions: assign({ loaded: ({ event }) => event.output }) },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { guard: 'isUnauthorized', target: 'unauthorized' },
          { target: 'failed', actions: 'setError' },
        ],
      },
    },
    loadingModel: {
      tags: ['loading'],
      entry: assign({ progress: null, model: null }),
      invoke: { id: 'loadModel', src: 'loadModel', input: ({ context }) => ({ modelUrl: modelUrlOf(context) }) },
      on: {
        'load.progress': { actions: 'setProgress' },
        'load.done': { target: 'ready', actions: assign({ model: ({ event }) => event.model }) },
        'load.failed': { target: 'failed', actions: 'setError' },
      },
    },
    ready: {
      on: {
        'project.changed': {
          actions: assign({ loaded: ({ context, event }) => (context.loaded?.kind === 'owner' ? { kind: 'owner', project: event.project } : context.loaded) }),
        },
        'project.modelUpdated': {
          target: 'loadingModel',
          actions: assign({ loaded: ({ event }) => ({ kind: 'owner' as const, project: event.project }) }),
        },
      },
    },
    notFound: { type: 'final' },
    unauthorized: { type: 'final' },
    failed: { type: 'final' },
  },
});
