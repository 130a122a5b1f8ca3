/**
 * Upload (create a project) and update (set a project's model) with the credit confirmation
 * round-trip (SPEC §4, §7). The socket is a `fromCallback` actor bridged by events:
 *   idle -> requestingToken -> transferring.{uploading -> converting} -> done
 *                                      \-> confirmingCredit (Continue -> true, Cancel -> false, reset)
 * Errors: credit_usage_refused -> idle silently; insufficient_credits -> insufficientCredits;
 * anything else -> failed (the load-error dialog).
 * On a result it emits `upload.created` or `upload.updated` with the project, so the list adds or
 * refreshes the card; after a create the router opens the viewer, which shows the third step
 * (loading the model) while the machine waits in `done` holding the project.
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { CREDIT_USAGE_REFUSED, INSUFFICIENT_CREDITS, type Project } from '../../api/schemas';
import { projectNameFromFileName } from '../../api/projectName';
import type { UploadRequest } from '../../api/uploadSocket';
import { LOADING_STEPS, overallProgress, UPLOAD_ONLY_STEPS, type LoadingMessage, type LoadingStep } from './loadingProgress';

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
  | SocketEvent;

/** What the machine emits when the server answered with the project. */
export type UploadEmitted = { type: 'upload.created'; project: Project } | { type: 'upload.updated'; project: Project };

export interface UploadContext {
  kind: UploadKind;
  /** A model load follows the result (a create opens the viewer, an update made in a viewer reloads it). */
  loadsModel: boolean;
  file: UploadFile | null;
  projectId: number | null;
  step: LoadingStep;
  stepFraction: number;
  message: LoadingMessage;
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
  message: 'initializing',
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
  },
  actions: {
    reset: assign(() => initialContext),
    startCreate: assign(({ event }) => (event.type === 'upload.create' ? { ...initialContext, kind: 'create' as const, file: event.file } : {})),
    startUpdate: assign(({ event }) =>
      event.type === 'upload.update'
        ? { ...initialContext, kind: 'update' as const, file: event.file, projectId: event.projectId, loadsModel: event.loadsModel ?? false }
        : {},
    ),
    recordSent: assign(({ event }) => (event.type === 'socket.sent' ? { step: 'upload' as const, stepFraction: event.fraction, message: 'uploading' as const } : {})),
    recordStatus: assign(({ context, event }) => {
      if (event.type !== 'socket.status') return {};
      const at = event.at;
      const convertTiming =
        at === undefined ? context.convertTiming : { startedAt: context.convertTiming?.startedAt ?? at, startProgress: context.convertTiming?.startProgress ?? event.progress, lastAt: at };
      return { step: 'convert' as const, stepFraction: event.progress, message: 'converting' as const, activity: event.activity, convertTiming };
    }),
    recordResult: assign(({ event }) => (event.type === 'socket.result' ? { project: event.project, step: 'load' as const, stepFraction: 0, message: 'loadingModel' as const } : {})),
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
        'socket.result': { target: 'done', actions: ['recordResult', 'announceResult'] },
        'socket.error': [
          { guard: 'isCreditRefused', target: 'idle', actions: 'reset' },
          { guard: 'isInsufficientCredits', target: 'insufficientCredits', actions: 'recordError' },
          { target: 'failed', actions: 'recordError' },
        ],
        'socket.failure': { target: 'failed', actions: 'recordError' },
      },
    },
    done: {
      // The project is known; the list adds the card and the viewer loads the model (the third step).
      on: {
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
 * The progress the loading dialog shows, 0..1 (SPEC §4): three equal steps when a model load
 * follows (the viewer goes on from 2/3), two when nothing loads after (an update from a card).
 */
export function uploadProgress(context: UploadContext): number {
  return overallProgress(context.step, context.stepFraction, context.loadsModel ? LOADING_STEPS : UPLOAD_ONLY_STEPS);
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
