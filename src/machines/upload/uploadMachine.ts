/**
 * Upload (create a project) and update (set a project's model) with the credit confirmation
 * round-trip (SPEC §4, §7). The socket is a `fromCallback` actor bridged by events:
 *   idle -> requestingToken -> transferring.{uploading -> converting} -> showingModel -> done
 *                                      \-> confirmingCredit (Continue -> true, Cancel -> false, reset)
 * Errors: credit_usage_refused -> idle silently; insufficient_credits -> insufficientCredits;
 * anything else -> failed (the load-error dialog).
 * On a result it emits `upload.created` or `upload.updated` with the project, so the list adds or
 * refreshes the card. When a model load follows (a create opens the viewer; an update made in a
 * viewer reloads it), the machine waits in `showingModel`, still `loading`, so that one dialog runs
 * from the first byte to the model on screen: the viewer reports its load (`upload.modelProgress`,
 * then `upload.modelShown`) and, when it stops before that (it failed, or the user left it),
 * releases the load (`upload.modelReleased`), which closes the dialog. A viewer that is stopped and
 * started again at once (React's strict mode) claims the load back with the same `loader`.
 * An update from a card loads nothing and ends at the result.
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { CREDIT_USAGE_REFUSED, INSUFFICIENT_CREDITS, type Project } from '../../api/schemas';
import { projectNameFromFileName } from '../../api/projectName';
import type { UploadRequest } from '../../api/uploadSocket';
import { LOADING_STEPS, overallProgress, UPLOAD_ONLY_STEPS, type LoadingMessage, type LoadingStep, type ModelLoadMessage } from './loadingProgress';

export type UploadKind = 'create' | 'update';

/** `context.error` when the secure token could not be obtained. */
export const SECURE_TOKEN_FAILED = 'secure_token_failed';

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
}

/** Events the socket actor sends back to the machine. */
export type SocketEvent =
  | { type: 'socket.sent'; fraction: number }
  /** `at`: when it arrived (ms, the page's clock), for the time left. */
  | { type: 'socket.status'; progress: number; activity: string; at?: number }
  | { type: 'socket.confirmCredit' }
  | { type: 'socket.result'; project: Project }
  | { type: 'socket.error'; message: string }
  | { type: 'socket.failure'; message: string };

/** Events the machine sends to the socket actor. */
export type SocketCommand = { type: 'socket.answerCredit'; result: boolean };

export type UploadEvent =
  | { type: 'upload.create'; file: UploadFile }
  /** `loadsModel`: a viewer loads the new model next (the third step); from a card nothing does. */
  | { type: 'upload.update'; projectId: number; file: UploadFile; loadsModel?: boolean }
  | { type: 'upload.creditContinue' }
  | { type: 'upload.creditCancel' }
  | { type: 'upload.dismiss' }
  | ModelLoadEvent
  | SocketEvent;

/**
 * What a viewer tells the upload about the model load that follows it: `loader` names the viewer
 * (the same across a stop and restart of that viewer); `fraction` is the load's own, 0..1.
 */
export type ModelLoadEvent =
  | { type: 'upload.modelClaimed'; projectId: number; loader: string }
  | { type: 'upload.modelProgress'; projectId: number; fraction: number; message: ModelLoadMessage }
  | { type: 'upload.modelShown'; projectId: number }
  | { type: 'upload.modelReleased'; projectId: number; loader: string };

/** What the machine emits when the server answered with the project. */
export type UploadEmitted = { type: 'upload.created'; project: Project } | { type: 'upload.updated'; project: Project };

export interface UploadContext {
  kind: UploadKind;
  /** A model load follows the result (a create opens the viewer, an update made in a viewer reloads it). */
  loadsModel: boolean;
  file: UploadFile | null;
  projectId: number | null;
  step: LoadingStep;
  /** The step's own progress, 0..1 (the step's end is the next step's start). */
  stepFraction: number;
  /** The overall progress shown, 0..1: it never goes back, and is 1 once the work is over. */
  progress: number;
  message: LoadingMessage;
  /** The viewer that loads the model (`showingModel`), and the one that released it before it was shown. */
  loader: string | null;
  releasedBy: string | null;
  /** The conversion's last activity as the server named it (conversionActivity.ts). */
  activity: string | null;
  /** When the first and the last conversion status arrived, and the progress of the first. */
  convertTiming: { startedAt: number; startProgress: number; lastAt: number } | null;
  project: Project | null;
  error: string | null;
}

export interface SocketInput {
  request: UploadRequest;
}

const initialContext: UploadContext = {
  kind: 'create',
  loadsModel: true,
  file: null,
  projectId: null,
  step: 'upload',
  stepFraction: 0,
  progress: 0,
  // The upload starts at once (the token request is its first move): its own message from the start.
  message: 'uploading',
  loader: null,
  releasedBy: null,
  activity: null,
  convertTiming: null,
  project: null,
  error: null,
};

/** The project name sent with projects/create: made from the file's name by the rule the server uses too. */
export const projectNameOf = projectNameFromFileName;

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as UploadEmitted,
    tags: {} as 'loading' | 'confirmCredit',
  },
  actors: {
    secureToken: fromPromise<string>(async () => {
      throw new Error('secureToken actor not provided');
    }),
    socket: fromCallback<SocketCommand, SocketInput>(() => {
      throw new Error('socket actor not provided');
    }),
  },
  guards: {
    isCreditRefused: ({ event }) => event.type === 'socket.error' && event.message === CREDIT_USAGE_REFUSED,
    isInsufficientCredits: ({ event }) => event.type === 'socket.error' && event.message === INSUFFICIENT_CREDITS,
    loadsModel: ({ context }) => context.loadsModel,
    /** A model event about the project this upload made or changed. */
    isOurProject: ({ context, event }) => 'projectId' in event && (context.project?.id ?? context.projectId) === event.projectId,
    /** The updated project's viewer is gone while the update runs. */
    isOurViewerGone: ({ context, event }) =>
      event.type === 'upload.modelReleased' && context.kind === 'update' && context.loadsModel && context.projectId === event.projectId,
    isOurLoader: ({ context, event }) =>
      event.type === 'upload.modelReleased' && context.project?.id === event.projectId && (context.loader === null || context.loader === event.loader),
    /** The viewer that released the load before the model was shown starts again at once. */
    isLoaderBack: ({ context, event }) =>
      event.type === 'upload.modelClaimed' && context.project?.id === event.projectId && context.releasedBy === event.loader && context.progress < 1,
  },
  actions: {
    reset: assign(() => initialContext),
    startCreate: assign(({ event }) => (event.type === 'upload.create' ? { ...initialContext, kind: 'create' as const, file: event.file } : {})),
    startUpdate: assign(({ event }) =>
      event.type === 'upload.update'
        ? { ...initialContext, kind: 'update' as const, file: event.file, projectId: event.projectId, loadsModel: event.loadsModel ?? false }
        : {},
    ),
    recordSent: assign(({ context, event }) =>
      event.type === 'socket.sent' ? advance(context, { step: 'upload', stepFraction: event.fraction, message: 'uploading' }) : {},
    ),
    recordStatus: assign(({ context, event }) => {
      if (event.type !== 'socket.status') return {};
      const at = event.at;
      const convertTiming =
        at === undefined ? context.convertTiming : { startedAt: context.convertTiming?.startedAt ?? at, startProgress: context.convertTiming?.startProgress ?? event.progress, lastAt: at };
      return { ...advance(context, { step: 'convert', stepFraction: event.progress, message: 'converting' }), activity: event.activity, convertTiming };
    }),
    recordResult: assign(({ context, event }) =>
      event.type === 'socket.result' ? { project: event.project, ...advance(context, { step: 'load', stepFraction: 0, message: 'loadingModel' }) } : {},
    ),
    recordModelProgress: assign(({ context, event }) =>
      event.type === 'upload.modelProgress' ? advance(context, { step: 'load', stepFraction: event.fraction, message: event.message }) : {},
    ),
    /** The model is on screen: the work is over. */
    recordShown: assign({ progress: 1, stepFraction: 1 }),
    recordLoader: assign({ loader: ({ context, event }) => (event.type === 'upload.modelClaimed' ? event.loader : context.loader), releasedBy: null }),
    recordReleased: assign({ releasedBy: ({ event }) => (event.type === 'upload.modelReleased' ? event.loader : null), loader: null }),
    /** The viewer that was to load the updated model is gone: nothing loads after this update. */
    dropModelLoad: assign(({ context }) => ({ loadsModel: false, progress: Math.max(context.progress, computedProgress({ ...context, loadsModel: false })) })),
    recordError: assign(({ event }) => ({
      error: event.type === 'socket.error' || event.type === 'socket.failure' ? event.message : 'unknown_error',
    })),
    announceResult: emit(({ context }) =>
      context.kind === 'create'
        ? { type: 'upload.created' as const, project: context.project! }
        : { type: 'upload.updated' as const, project: context.project! },
    ),
    /** The upload socket could not be opened (no secure token): a generic load error. */
    recordTokenError: assign({ error: SECURE_TOKEN_FAILED }),
  },
}).createMachine({
  id: 'upload',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'upload.create': { target: 'requestingToken', actions: 'startCreate' },
        'upload.update': { target: 'requestingToken', actions: 'startUpdate' },
      },
    },
    requestingToken: {
      tags: ['loading'],
      invoke: {
        src: 'secureToken',
        onDone: 'transferring',
        onError: { target: 'failed', actions: 'recordTokenError' },
      },
    },
    transferring: {
      tags: ['loading'],
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context, event }): SocketInput => {
          const secureToken = (event as { output?: string }).output ?? '';
          const file = context.file!;
          return {
            request:
              context.kind === 'create'
                ? { kind: 'create', secureToken, projectName: projectNameOf(file.name), fileName: file.name, file: file.bytes }
                : { kind: 'setModel', secureToken, projectId: context.projectId!, fileName: file.name, file: file.bytes },
          };
        },
      },
      initial: 'uploading',
      states: {
        uploading: {
          on: {
            // Only while uploading: the socket's last byte count may arrive after the first status,
            // and must not take the progress back to the upload step.
            'socket.sent': { actions: 'recordSent' },
            'socket.status': { target: 'converting', actions: 'recordStatus' },
          },
        },
        converting: {
          on: { 'socket.status': { actions: 'recordStatus' } },
        },
        confirmingCredit: {
          tags: ['confirmCredit'],
          on: {
            'upload.creditContinue': {
              target: 'converting',
              actions: ({ self }) => self.getSnapshot().children.socket?.send({ type: 'socket.answerCredit', result: true }),
            },
            'upload.creditCancel': {
              target: '#upload.idle',
              actions: [({ self }) => self.getSnapshot().children.socket?.send({ type: 'socket.answerCredit', result: false }), 'reset'],
            },
          },
        },
      },
      on: {
        'socket.confirmCredit': '.confirmingCredit',
        'socket.result': [
          { guard: 'loadsModel', target: 'showingModel', actions: ['recordResult', 'announceResult'] },
          { target: 'done', actions: ['recordResult', 'recordShown', 'announceResult'] },
        ],
        'upload.modelReleased': { guard: 'isOurViewerGone', actions: 'dropModelLoad' },
        'socket.error': [
          { guard: 'isCreditRefused', target: 'idle', actions: 'reset' },
          { guard: 'isInsufficientCredits', target: 'insufficientCredits', actions: 'recordError' },
          { target: 'failed', actions: 'recordError' },
        ],
        'socket.failure': { target: 'failed', actions: 'recordError' },
      },
    },
    showingModel: {
      // The project is known; the list adds the card and the viewer loads the model (the third step).
      tags: ['loading'],
      on: {
        'upload.modelClaimed': { guard: 'isOurProject', actions: 'recordLoader' },
        'upload.modelProgress': { guard: 'isOurProject', actions: 'recordModelProgress' },
        'upload.modelShown': { guard: 'isOurProject', target: 'done', actions: 'recordShown' },
        'upload.modelReleased': { guard: 'isOurLoader', target: 'done', actions: 'recordReleased' },
        'upload.create': { target: 'requestingToken', actions: 'startCreate' },
        'upload.update': { target: 'requestingToken', actions: 'startUpdate' },
        'upload.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
    done: {
      on: {
        'upload.modelClaimed': { guard: 'isLoaderBack', target: 'showingModel', actions: 'recordLoader' },
        'upload.create': { target: 'requestingToken', actions: 'startCreate' },
        'upload.update': { target: 'requestingToken', actions: 'startUpdate' },
        'upload.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
    insufficientCredits: {
      on: { 'upload.dismiss': { target: 'idle', actions: 'reset' } },
    },
    failed: {
      on: { 'upload.dismiss': { target: 'idle', actions: 'reset' } },
    },
  },
});

/**
 * The progress of the current step as the whole, 0..1 (SPEC §4): three equal steps when a model
 * load follows, two when nothing loads after (an update from a card).
 */
function computedProgress(context: Pick<UploadContext, 'step' | 'stepFraction' | 'loadsModel'>): number {
  return overallProgress(context.step, context.stepFraction, context.loadsModel ? LOADING_STEPS : UPLOAD_ONLY_STEPS);
}

/** The context moved to a step's new fraction: the overall progress only goes forward. */
function advance(context: UploadContext, next: { step: LoadingStep; stepFraction: number; message: LoadingMessage }): Partial<UploadContext> {
  return { ...next, progress: Math.max(context.progress, computedProgress({ ...next, loadsModel: context.loadsModel })) };
}

/** The progress the loading dialog shows, 0..1: from the first byte to the model on screen, never going back. */
export function uploadProgress(context: UploadContext): number {
  return context.progress;
}

/** The upload waits for this project's model to be shown: a viewer opened on it loads it as the upload's last step. */
export function awaitsModelOf(snapshot: { matches(state: 'showingModel'): boolean; context: Pick<UploadContext, 'project'> }, projectId: number): boolean {
  return snapshot.matches('showingModel') && snapshot.context.project?.id === projectId;
}

/**
 * Seconds the conversion still needs, from its pace so far: given once it has run 4 s and moved at
 * least a tenth, rounded up to 5 s; undefined before.
 */
export function conversionSecondsLeft(context: UploadContext): number | undefined {
  const timing = context.convertTiming;
  if (!timing || context.step !== 'convert') return undefined;
  const elapsed = timing.lastAt - timing.startedAt;
  const moved = context.stepFraction - timing.startProgress;
  if (elapsed < 4000 || moved < 0.1 || context.stepFraction >= 1) return undefined;
  const left = ((elapsed / moved) * (1 - context.stepFraction)) / 1000;
  return Math.max(5, Math.ceil(left / 5) * 5);
}
