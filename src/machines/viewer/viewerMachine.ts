/**
 * One viewer screen as one actor system (SPEC §2, §4): it reads the project (by id for the owner,
 * by access key on a link; the sandbox has none), loads its model through the engine with the
 * three loading steps as progress, and runs the screen's children, routing their events:
 *   - `tools` (panels, render mode, selection, clipping, measure) with the link's permissions,
 *   - `notice` (the `filter` steps of the URL, started once the model is loaded),
 *   - `comments` and `hyperlinks` (what the link allows; none in the sandbox),
 *   - owner variant: `owner` (rename, delete, stage, the share panel while it is open),
 *     `uploads` (a model update made elsewhere reloads the model here; when the model loaded is an
 *     upload's last step, the load's progress goes to the upload, whose dialog shows it) and `revisions` (an older
 *     revision shown read-only, compared, or made current again),
 *   - shared variant: `approval` (the client approves the revision), only while the link offers it;
 *     its answer (the project, now ready) replaces the loaded one,
 *   - `review` (pinned notes with their views and markups, threads, resolve), where comments show,
 *   - `live` (the server's live events): a note written elsewhere reloads the notes; a decision
 *     or another current revision reloads the project (and its model when the revision changed),
 *   - `unit` (the engine follows the user's distance unit).
 *
 *   fetching -> open.loadingModel -> open.ready (-> open.loadingModel on a model update)
 *   errors: notFound (unknown or unpublished key; the load error dialog says so), unauthorized (a
 *   401 on the owner path: the session takes over), failed (load error dialog); deleted (the owner
 *   deleted the project).
 *
 * The open left panel lives here too: the share child runs while the share panel is open.
 * The machine's actors, guards and actions are in viewerSetup; this file holds its states.
 */
import { assign, stopChild, type ActorRefFrom } from 'xstate';
import type { ViewerContext } from './viewerContext';
import type { LoadedProject } from './load/viewerLoad';
import { knownOf, modelUrlOf, refOf, viewerSetup } from './viewerSetup';

import { approvedRevisionOf } from '../projects/approvedRevision';

export * from './load/viewerLoad';
export * from './viewerContext';

function viewerConfig(variant: 'owner' | 'shared') {
  return viewerSetup.createMachine({
    id: 'viewer',
    context: ({ input, spawn }) => ({
      target: input.target,
      params: input.params,
      author: input.author,
      guestName: input.guestName ?? input.author.name,
      hierarchyOpensByItself: input.hierarchyOpensByItself ?? false,
      searchText: input.searchText ?? '',
      afterUpload: input.afterUpload ?? false,
      loaded: null,
      progress: null,
      model: null,
      error: null,
      leftPanel: null,
      shownRevision: null,
      filterApplied: false,
      notice: spawn('notice', { id: 'notice', input: { steps: [], moveCamera: !input.params.noMoveCamera, flash: !input.params.noFlash } }),
      tools: null,
      comments: null,
      hyperlinks: null,
      approval: null,
      review: null,
      linkChanges: null,
    }),
    invoke: [
      { id: 'unit', src: 'followUnit' },
      { id: 'user', src: 'followUser' },
      // For the whole screen, so that the upload hears of a load that ends early (a failed read, the screen left).
      ...(variant === 'owner' ? [{ id: 'uploads', src: 'uploadUpdates' as const, input: ({ context }: { context: ViewerContext }) => ({ projectId: (context.target as { id: number }).id }) }] : []),
    ],
    initial: 'fetching',
    on: {
      'viewer.leftPanel': { actions: ['routeShare', 'setLeftPanel'] },
      'viewer.treeSelect': { actions: 'treeSelect' },
      'viewer.user': { actions: ['setAuthor', 'forwardAuthor'] },
      // The client approved (a link): the link now shows the project as the server answered it.
      'xstate.done.actor.approval': {
        guard: 'approvalRunning',
        actions: [assign({ loaded: ({ event }) => ({ kind: 'guest' as const, project: event.output }), approval: null }), stopChild('approval')],
      },
    },
    states: {
      fetching: {
        tags: ['loading'],
        always: { guard: 'isSandbox', target: 'open', actions: 'openProject' },
        invoke: {
          id: 'fetchProject',
          src: 'fetchProject',
          input: ({ context }) => context.target,
          onDone: { target: 'open', actions: [assign({ loaded: ({ event }) => event.output }), 'openProject'] },
          onError: [
            { guard: 'isNotFound', target: 'notFound', actions: 'setLinkNotFound' },
            { guard: 'isUnauthorized', target: 'unauthorized' },
            { target: 'failed', actions: 'setError' },
          ],
        },
      },
      open: {
        invoke:
          variant === 'owner'
            ? [
                { id: 'live', src: 'liveEvents', input: ({ context }) => ({ ref: refOf(context) }) },
                {
                  id: 'owner',
                  src: 'owner',
                  input: ({ context }) => ({ project: (context.loaded as Extract<LoadedProject, { kind: 'owner' }>).project }),
                  // Rename, stage and share changes show in the title and the panels.
                  onSnapshot: {
                    actions: assign({
                      loaded: ({ context, event }) =>
                        event.snapshot.context.project === context.loaded?.project ? context.loaded : { kind: 'owner' as const, project: event.snapshot.context.project },
                    }),
                  },
                  onDone: { target: '#viewer.deleted' },
                },
                { id: 'presence', src: 'presence', input: presenceInput('owner') },
                {
                  id: 'revisions',
                  src: 'revisions',
                  input: ({ context }) => ({
                    projectId: (context.target as { id: number }).id,
                    currentRevision: context.loaded?.project.revisionNumber ?? 0,
                    approvedRevision: approvedRevisionOf(context.loaded?.project),
                  }),
                },
              ]
            : [
                { id: 'live', src: 'liveEvents', input: ({ context }) => ({ ref: refOf(context), known: knownOf(context) }) },
                { id: 'presence', src: 'presence', input: presenceInput('guest') },
              ],
        on: {
          ...(variant === 'shared' ? { 'viewer.user': { actions: ['setAuthor', 'forwardAuthor', 'namePresence'] } } : {}),
          'viewer.liveNote': { actions: 'refreshReview' },
          'viewer.liveProject': [
            {
              guard: 'isNewRevision',
              target: '.loadingModel',
              actions: ['takeLiveProject', 'renewLinkChanges', 'offerApprovalAgain', assign({ shownRevision: null, afterUpload: false }), 'replaceModel', 'tellReviewRevision'],
            },
            { actions: ['takeLiveProject', 'offerApprovalAgain'] },
          ],
          ...(variant === 'owner'
            ? {
                'viewer.modelUpdated': {
                  guard: 'isThisProject',
                  target: '.loadingModel',
                  actions: [
                    assign({ loaded: ({ event }) => ({ kind: 'owner' as const, project: event.project }), afterUpload: ({ event }) => event.fromUpload === true, shownRevision: null }),
                    'replaceModel',
                    'tellReviewRevision',
                  ],
                },
                'viewer.showRevision': {
                  target: '.loadingModel',
                  actions: [assign({ shownRevision: ({ event }) => event.revision, afterUpload: false }), 'replaceModel', 'tellReviewRevision'],
                },
              }
            : {}),
        },
        initial: 'loadingModel',
        states: {
          loadingModel: {
            tags: ['loading'],
            entry: assign({ progress: null, model: null }),
            invoke: { id: 'loadModel', src: 'loadModel', input: ({ context }) => ({ modelUrl: modelUrlOf(context) }) },
            on: {
              'load.progress': { actions: ['setProgress', 'reportToUpload'] },
              'load.done': [
                { guard: 'filterPending', target: 'ready', actions: [assign({ model: ({ event }) => event.model, filterApplied: true }), 'startFilter', 'reportToUpload'] },
                { target: 'ready', actions: [assign({ model: ({ event }) => event.model }), 'reportToUpload'] },
              ],
              'load.failed': { target: '#viewer.failed', actions: 'setError' },
            },
          },
          ready: {},
        },
      },
      notFound: { type: 'final' },
      unauthorized: { type: 'final' },
      failed: { type: 'final' },
      deleted: { type: 'final', entry: 'returnToList' },
    },
  });
}

/** Who has the link open, and presenting live (live/presenceMachine.ts): none in the sandbox. */
function presenceInput(role: 'owner' | 'guest') {
  return ({ context }: { context: ViewerContext }) => ({
    ref: refOf(context),
    role,
    // A logged-in visitor by their name; an anonymous one as "Guest N".
    name: context.author.name && context.author.name !== context.guestName ? context.author.name : null,
    tools: context.tools,
  });
}

/** The owner's viewer at /projects/{id}. */
export const ownerViewerMachine = viewerConfig('owner');
/** A shared link's viewer at /s/{key}, and the sandbox. */
export const sharedViewerMachine = viewerConfig('shared');

export type ViewerActor = ActorRefFrom<typeof ownerViewerMachine>;
