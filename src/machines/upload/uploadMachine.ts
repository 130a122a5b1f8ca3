/**
 * Upload (create a project) and update (set a project's model) with the credit confirmation
 * round-trip (SPEC §4, §7). The socket is a `fromCallback` actor bridged by events:
 *   idle -> requestingToken -> transferring.{uploading -> converting} -> showingModel -> done
 *                                      \-> confirmingCredit (Continue -> true, Cancel -> false, reset)
 * An update of a project whose current revision the client approved asks first (SPEC's approval
 * rule, as a restore does): idle -> confirmingApproval -> requestingToken, asking for approval again
 * (the server's default: the project goes back to Pending approval) or keeping it (`keepApproval`,
 * the socket opened with `?approval=keep`); Cancel sends nothing.
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
 * While the file goes up or converts, what goes up is kept in the tab's storage (`rememberWork`,
 * `forgetWork`): a reload stops the upload, and the next page says so (`upload.interrupted`, shown
 * while idle until `upload.interruptedSeen` or another upload starts).
 */
import { assign, emit, fromCallback, fromPromise, raise, sendTo, setup } from 'xstate';
import { CREDIT_USAGE_REFUSED, INSUFFICIENT_CREDITS } from '../../api/schemas';
import { projectNameFromFileName } from '../../model/text/projectName';
import { advance, computedProgress } from './uploadProgress';
import {
  initialContext,
  SECURE_TOKEN_FAILED,
  type InterruptedUpload,
  type SocketCommand,
  type SocketInput,
  type UploadContext,
  type UploadEmitted,
  type UploadEvent,
} from './uploadTypes';

export * from './uploadTypes';
export { awaitsModelOf, conversionSecondsLeft, uploadProgress } from './uploadProgress';

/** The project name sent with projects/create: made from the file's name by the rule the server uses too. */
export const projectNameOf = projectNameFromFileName;

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as UploadEmitted,
    tags: {} as 'loading' | 'confirmCredit' | 'confirmApproval',
  },
  actors: {
    secureToken: fromPromise<string>(async () => {
      throw new Error('secureToken actor not provided');
    }),
    socket: fromCallback<SocketCommand, SocketInput>(() => {
      throw new Error('socket actor not provided');
    }),
    /** Ticks `upload.clock` while converting (createConversionClockActor in the app; silent by default). */
    conversionClock: fromCallback(() => () => {}),
  },
  guards: {
    isCreditRefused: ({ event }) => event.type === 'socket.error' && event.message === CREDIT_USAGE_REFUSED,
    isInsufficientCredits: ({ event }) => event.type === 'socket.error' && event.message === INSUFFICIENT_CREDITS,
    loadsModel: ({ context }) => context.loadsModel,
    /** The update makes another revision current while the client's approval holds the current one. */
    asksApproval: ({ event }) => event.type === 'upload.update' && event.approvedRevision != null,
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
    /**
     * The work a reload would stop starts: kept in browser storage (provided by the app) so that
     * the next page says so; forgotten once the file is up and converted, or the work ends.
     */
    rememberWork: (_, _work: InterruptedUpload) => {},
    forgetWork: () => {},
    recordInterrupted: assign({ interrupted: ({ event }) => (event.type === 'upload.interrupted' ? event.upload : null) }),
    forgetInterrupted: assign({ interrupted: null }),
    startCreate: assign(({ event }) => (event.type === 'upload.create' ? { ...initialContext, kind: 'create' as const, file: event.file } : {})),
    startUpdate: assign(({ event }) =>
      event.type === 'upload.update'
        ? { ...initialContext, kind: 'update' as const, file: event.file, projectId: event.projectId, loadsModel: event.loadsModel ?? false, approvedRevision: event.approvedRevision ?? null }
        : {},
    ),
    recordApprovalChoice: assign({ keepApproval: ({ event }) => event.type === 'upload.approvalChosen' && event.keepApproval }),
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
    recordClock: assign(({ context, event }) =>
      event.type === 'upload.clock' && context.convertTiming ? { convertTiming: { ...context.convertTiming, now: event.at } } : {},
    ),
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
        'upload.interrupted': { actions: 'recordInterrupted' },
        'upload.interruptedSeen': { actions: 'forgetInterrupted' },
        'upload.create': { target: 'requestingToken', actions: 'startCreate' },
        'upload.update': [
          { guard: 'asksApproval', target: 'confirmingApproval', actions: 'startUpdate' },
          { target: 'requestingToken', actions: 'startUpdate' },
        ],
      },
    },
    confirmingApproval: {
      tags: ['confirmApproval'],
      on: {
        'upload.approvalChosen': { target: 'requestingToken', actions: 'recordApprovalChoice' },
        'upload.approvalCancel': { target: 'idle', actions: 'reset' },
      },
    },
    requestingToken: {
      tags: ['loading'],
      entry: {
        type: 'rememberWork',
        params: ({ context }) => ({ kind: context.kind, fileName: context.file?.name ?? '', projectId: context.kind === 'update' ? context.projectId : null }),
      },
      invoke: {
        src: 'secureToken',
        onDone: 'transferring',
        onError: { target: 'failed', actions: ['recordTokenError', 'forgetWork'] },
      },
    },
    transferring: {
      tags: ['loading'],
      // Up and converted, refused or failed: nothing a reload would stop any more.
      exit: 'forgetWork',
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
                : { kind: 'setModel', secureToken, projectId: context.projectId!, fileName: file.name, file: file.bytes, keepApproval: context.keepApproval },
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
          invoke: { src: 'conversionClock' },
          on: { 'socket.status': { actions: 'recordStatus' }, 'upload.clock': { actions: 'recordClock' } },
        },
        confirmingCredit: {
          tags: ['confirmCredit'],
          on: {
            'upload.creditContinue': {
              target: 'converting',
              actions: sendTo('socket', { type: 'socket.answerCredit', result: true } satisfies SocketCommand),
            },
            // The refusal goes to the socket while it runs; leaving the upload (which stops the socket) comes after.
            'upload.creditCancel': {
              actions: [sendTo('socket', { type: 'socket.answerCredit', result: false } satisfies SocketCommand), raise({ type: 'upload.creditRefused' })],
            },
            'upload.creditRefused': { target: '#upload.idle', actions: 'reset' },
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
        'upload.update': [
          { guard: 'asksApproval', target: 'confirmingApproval', actions: 'startUpdate' },
          { target: 'requestingToken', actions: 'startUpdate' },
        ],
        'upload.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
    done: {
      on: {
        'upload.modelClaimed': { guard: 'isLoaderBack', target: 'showingModel', actions: 'recordLoader' },
        'upload.create': { target: 'requestingToken', actions: 'startCreate' },
        'upload.update': [
          { guard: 'asksApproval', target: 'confirmingApproval', actions: 'startUpdate' },
          { target: 'requestingToken', actions: 'startUpdate' },
        ],
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

