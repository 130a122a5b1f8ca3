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
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, stopChild, type ActorRefFrom } from 'xstate';
import { ALL_SHARE_OPTIONS, DEFAULT_AVATAR_URL, type ShareOptions } from '../../api/schemas';
import { approvalMachine, offersApproval } from './approvalMachine';
import { commentsMachine } from './commentsMachine';
import { hyperlinksMachine } from './hyperlinksMachine';
import { partToSelect, resolveSteps } from './filterParams';
import { noticeMachine } from './noticeMachine';
import { ownerProjectMachine } from './ownerProjectMachine';
import { linkChangesMachine } from './linkChangesMachine';
import { reviewMachine } from './reviewMachine';
import { revisionsMachine } from './revisionsMachine';
import type { ViewerContext, ViewerEvent, ViewerInput } from './viewerContext';
import { allowedRenderModes, viewerToolsMachine } from './viewerToolsMachine';
import { loadErrorOf, LOAD_MESSAGES, SANDBOX_PERMISSIONS, statusOf, type LoadedProject, type LoadTarget, type ModelLoadEvent, type UploadLoadReport } from './viewerLoad';

import { approvedRevisionOf } from '../projects/approvedRevision';

export * from './viewerLoad';
export * from './viewerContext';

export const modelUrlOf = (context: Pick<ViewerContext, 'target' | 'loaded' | 'shownRevision'>): string =>
  context.target.kind === 'sandbox' ? context.target.modelUrl : (context.shownRevision?.modelUrl ?? context.loaded?.project.modelUrl ?? '');


/** What the project's calls name: its id for the owner, the access key on a link, nothing in the sandbox. */
const refOf = (context: Pick<ViewerContext, 'target'>): { id: number } | { accessKey: string } | null =>
  context.target.kind === 'owner' ? { id: context.target.id } : context.target.kind === 'guest' ? { accessKey: context.target.accessKey } : null;

/** The live events' input: the project, and on a link what the page shows (see viewerServices' liveEvents). */
export interface LiveInput {
  ref: ReturnType<typeof refOf>;
  known?: { revisionNumber: number; stage: string };
}
const knownOf = (context: Pick<ViewerContext, 'loaded'>): LiveInput['known'] =>
  context.loaded?.kind === 'guest' ? { revisionNumber: context.loaded.project.revisionNumber, stage: context.loaded.project.currentStage } : undefined;

const permissionsOf = (context: ViewerContext): ShareOptions =>
  context.target.kind === 'sandbox' ? SANDBOX_PERMISSIONS : context.loaded?.kind === 'guest' ? context.loaded.project.shareOptions : ALL_SHARE_OPTIONS;

const viewerSetup = setup({
  types: {
    context: {} as ViewerContext,
    events: {} as ViewerEvent,
    input: {} as ViewerInput,
    tags: {} as 'loading',
  },
  actors: {
    /** GET projects/{id} or GET projects/accessKeys/{key}. */
    fetchProject: fromPromise<LoadedProject, LoadTarget>(async () => {
      throw new Error('fetchProject is not provided');
    }),
    /** The engine loads the model; sends back load.progress, then load.done or load.failed. */
    loadModel: fromCallback<ModelLoadEvent, { modelUrl: string }>(() => () => {}),
    /** Keeps the engine's distance unit the user's. */
    followUnit: fromCallback(() => () => {}),
    /** Sends back `viewer.user` when the session's user changes. */
    followUser: fromCallback<ViewerEvent>(() => () => {}),
    /**
     * Sends back `viewer.modelUpdated` when an upload replaced a project's model, and hands the
     * upload the load of the model it made (`UploadLoadReport`), which is the upload's last step.
     */
    uploadUpdates: fromCallback<UploadLoadReport, { projectId: number }>(() => () => {}),
    /** Sends back `viewer.liveNote` and `viewer.liveProject` from the server's live events (none without a ref). */
    liveEvents: fromCallback<ViewerEvent, LiveInput>(() => () => {}),
    review: reviewMachine,
    linkChanges: linkChangesMachine,
    tools: viewerToolsMachine,
    notice: noticeMachine,
    comments: commentsMachine,
    hyperlinks: hyperlinksMachine,
    owner: ownerProjectMachine,
    revisions: revisionsMachine,
    approval: approvalMachine,
  },
  guards: {
    isSandbox: ({ context }) => context.target.kind === 'sandbox',
    isNotFound: ({ context, event }) =>
      context.target.kind === 'guest' && 'error' in event && [403, 404].includes(statusOf(event.error) ?? 0),
    isUnauthorized: ({ context, event }) => context.target.kind === 'owner' && 'error' in event && statusOf(event.error) === 401,
    /** The URL names steps that have not been handed to the notice child yet. */
    filterPending: ({ context }) => !context.filterApplied && (context.params.mode !== 'none' || context.params.part !== null),
    /** A link's approval child is running (its done event means the client approved). */
    approvalRunning: ({ context }) => context.approval !== null,
    isThisProject: ({ context, event }) =>
      event.type === 'viewer.modelUpdated' && context.target.kind === 'owner' && event.project.id === context.target.id,
    /** A live event brought a project whose current revision is not the one loaded. */
    isNewRevision: ({ context, event }) =>
      event.type === 'viewer.liveProject' && context.loaded !== null && event.project?.revisionNumber !== undefined && event.project.revisionNumber !== context.loaded.project.revisionNumber,
  },
  actions: {
    setProgress: assign({ progress: ({ event }) => (event.type === 'load.progress' ? event.progress : null) }),
    /** After an upload, the model's load is the upload's last step: its dialog shows the progress. */
    reportToUpload: enqueueActions(({ context, event, enqueue, self }) => {
      const uploads = self.getSnapshot()?.children?.uploads;
      if (!context.afterUpload || !uploads) return;
      if (event.type === 'load.progress') enqueue.sendTo(uploads, { type: 'uploadLoad.progress', fraction: event.progress.overall, message: LOAD_MESSAGES[event.progress.phase] });
      if (event.type === 'load.done') enqueue.sendTo(uploads, { type: 'uploadLoad.shown' });
    }),
    setError: assign({ error: ({ event }) => loadErrorOf(event as { type: string; error?: unknown; status?: number; noEngine?: boolean }) }),
    /** A link's project is gone or no longer shared. */
    setLinkNotFound: assign({ error: ({ event }) => ({ ...loadErrorOf(event as { type: string; error?: unknown }), code: 'linkNotFound' as const }) }),
    /** The project is known: the children that depend on its permissions start. */
    openProject: assign(({ context, spawn }) => {
      const permissions = permissionsOf(context);
      const ref = refOf(context);
      const author = { authorName: context.author.name, authorAvatarUrl: context.author.avatarUrl };
      return {
        tools: spawn('tools', { id: 'tools', input: { permissions } }),
        comments: ref ? spawn('comments', { id: 'comments', input: { ref, enabled: permissions.isCommentsVisible, canCreate: true, ...author } }) : null,
        hyperlinks: ref
          ? spawn('hyperlinks', {
              id: 'hyperlinks',
              input: { ref, enabled: permissions.isAttachmentVisible, canCreate: context.target.kind === 'owner', ...author },
            })
          : null,
        leftPanel: context.target.kind === 'guest' && permissions.isHierarchyVisible && context.hierarchyOpensByItself ? ('hierarchy' as const) : null,
        review:
          ref && permissions.isCommentsVisible
            ? spawn('review', {
                id: 'review',
                input: {
                  ref,
                  role: context.target.kind === 'owner' ? ('owner' as const) : ('guest' as const),
                  revisionNumber: context.loaded?.project.revisionNumber ?? 1,
                  authorName: context.author.name,
                  renderModes: allowedRenderModes(permissions),
                  clipping: permissions.isClippingPlaneAvailable,
                },
              })
            : null,
        linkChanges:
          context.target.kind === 'guest' && context.loaded
            ? spawn('linkChanges', { id: 'linkChanges', input: { accessKey: context.target.accessKey, revisionNumber: context.loaded.project.revisionNumber } })
            : null,
        approval:
          context.target.kind === 'guest' && context.loaded?.kind === 'guest' && offersApproval(context.loaded.project)
            ? spawn('approval', { id: 'approval', input: { accessKey: context.target.accessKey, revisionNumber: context.loaded.project.revisionNumber } })
            : null,
      };
    }),
    /**
     * The URL's `filter` steps, on the first model: one step isolates, several start notice mode.
     * A step whose names match no part is shown as it is, empty: the screen says that nothing
     * matches and offers the whole model, rather than showing everything as if there were no filter.
     */
    startFilter: enqueueActions(({ context, enqueue }) => {
      if (!context.model) return;
      const steps = resolveSteps(context.model.tree, context.params.steps);
      if (steps.length > 0) {
        enqueue.sendTo(context.notice, { type: 'notice.load', steps });
        enqueue.sendTo(context.notice, { type: 'notice.start' });
      }
      // `?part=`: that part selected (and so highlighted) within the first step, e.g. a part label's cabinet.
      const part = context.params.part === null ? null : partToSelect(context.model.tree, steps.length > 0 ? steps[0] : null, context.params.part);
      if (part !== null && context.tools) enqueue.sendTo(context.tools, { type: 'tools.select', partId: part });
    }),
    /** The share child runs while the share panel is open; the revisions load when their panel first opens (called before the panel changes). */
    routeShare: enqueueActions(({ context, event, enqueue, self }) => {
      const children = self.getSnapshot()?.children ?? {};
      const owner = children.owner;
      if (!owner || event.type !== 'viewer.leftPanel' || event.panel === context.leftPanel) return;
      if (context.leftPanel === 'share') enqueue.sendTo(owner, { type: 'owner.closeShare' });
      if (event.panel === 'share') enqueue.sendTo(owner, { type: 'owner.openShare' });
      if (event.panel === 'revisions' && children.revisions) enqueue.sendTo(children.revisions, { type: 'revisions.load' });
    }),
    setLeftPanel: assign({ leftPanel: ({ context, event }) => (event.type === 'viewer.leftPanel' ? event.panel : context.leftPanel) }),
    treeSelect: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'viewer.treeSelect') return;
      enqueue.sendTo(context.notice, { type: 'notice.stop' });
      if (context.tools) enqueue.sendTo(context.tools, { type: 'tools.select', partId: event.partId, frame: event.frame });
    }),
    /** Another model: the old one's selection and steps mean nothing in it; a new revision reaches the owner and revisions children. */
    replaceModel: enqueueActions(({ context, event, enqueue, self }) => {
      const children = self.getSnapshot()?.children ?? {};
      if (event.type === 'viewer.modelUpdated') {
        if (children.owner) enqueue.sendTo(children.owner, { type: 'owner.replaced', project: event.project });
        if (children.revisions) {
          enqueue.sendTo(children.revisions, { type: 'revisions.changed', currentRevision: event.project.revisionNumber });
          enqueue.sendTo(children.revisions, { type: 'revisions.approval', approvedRevision: approvedRevisionOf(event.project) });
        }
      }
      enqueue.sendTo(context.notice, { type: 'notice.stop' });
      if (context.tools) enqueue.sendTo(context.tools, { type: 'tools.modelChanged' });
    }),
    /** The project a live event brought replaces the loaded one (the owner's panels follow it). */
    takeLiveProject: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'viewer.liveProject' || !event.project || !context.loaded) return;
      if (context.loaded.kind === 'owner') {
        const project = event.project as Extract<LoadedProject, { kind: 'owner' }>['project'];
        enqueue.assign({ loaded: { kind: 'owner', project } });
        const children = self.getSnapshot()?.children;
        if (children?.owner) enqueue.sendTo(children.owner, { type: 'owner.replaced', project });
        if (children?.revisions) enqueue.sendTo(children.revisions, { type: 'revisions.approval', approvedRevision: approvedRevisionOf(project) });
      } else enqueue.assign({ loaded: { kind: 'guest', project: event.project as Extract<LoadedProject, { kind: 'guest' }>['project'] } });
    }),
    /** A new revision on an open link gets its own "what changed" (since the revision this browser saw). */
    renewLinkChanges: enqueueActions(({ context, enqueue }) => {
      if (context.target.kind !== 'guest' || context.loaded?.kind !== 'guest') return;
      const input = { accessKey: context.target.accessKey, revisionNumber: context.loaded.project.revisionNumber };
      // By id: a child already done (it remembered the revision) is no child any more, and stops nothing.
      if (context.linkChanges) enqueue.stopChild(context.linkChanges.id);
      // Its own id: the stopped child's leaves with it.
      enqueue.assign({ linkChanges: ({ spawn }) => spawn('linkChanges', { id: `linkChanges-${input.revisionNumber}`, input }) });
    }),
    /** The decision buttons are offered again on a link (after a request for changes, for the revision now current); a dialog open stays. */
    offerApprovalAgain: enqueueActions(({ context, enqueue }) => {
      if (context.target.kind !== 'guest' || context.loaded?.kind !== 'guest' || context.approval || !offersApproval(context.loaded.project)) return;
      const input = { accessKey: context.target.accessKey, revisionNumber: context.loaded.project.revisionNumber };
      enqueue.assign({ approval: ({ spawn }) => spawn('approval', { id: 'approval', input }) });
    }),
    /** New notes name the revision on screen. */
    tellReviewRevision: enqueueActions(({ context, enqueue }) => {
      const revisionNumber = context.shownRevision?.revisionNumber ?? context.loaded?.project.revisionNumber;
      if (context.review && revisionNumber) enqueue.sendTo(context.review, { type: 'review.revision', revisionNumber });
    }),
    refreshReview: enqueueActions(({ context, enqueue }) => {
      if (context.review) enqueue.sendTo(context.review, { type: 'review.refresh' });
    }),
    /** Notes are written as the session's user from now on. */
    setAuthor: assign({
      author: ({ context, event }) => {
        if (event.type !== 'viewer.user') return context.author;
        return event.user.isLoggedIn ? { name: event.user.fullName, avatarUrl: event.user.avatarUrl } : { name: context.guestName, avatarUrl: DEFAULT_AVATAR_URL };
      },
    }),
    forwardAuthor: enqueueActions(({ context, enqueue }) => {
      const { name: authorName, avatarUrl: authorAvatarUrl } = context.author;
      if (context.comments) enqueue.sendTo(context.comments, { type: 'comments.author', authorName, authorAvatarUrl });
      if (context.hyperlinks) enqueue.sendTo(context.hyperlinks, { type: 'hyperlinks.author', authorName, authorAvatarUrl });
      if (context.review) enqueue.sendTo(context.review, { type: 'review.author', authorName });
    }),
    /** Leaves the viewer for the list (bound by the screen to its router). */
    returnToList: () => {},
  },
});

function viewerConfig(variant: 'owner' | 'shared') {
  return viewerSetup.createMachine({
    id: 'viewer',
    context: ({ input, spawn }) => ({
      target: input.target,
      params: input.params,
      author: input.author,
      guestName: input.guestName ?? input.author.name,
      hierarchyOpensByItself: input.hierarchyOpensByItself ?? false,
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
            : [{ id: 'live', src: 'liveEvents', input: ({ context }) => ({ ref: refOf(context), known: knownOf(context) }) }],
        on: {
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

/** The owner's viewer at /projects/{id}. */
export const ownerViewerMachine = viewerConfig('owner');
/** A shared link's viewer at /s/{key}, and the sandbox. */
export const sharedViewerMachine = viewerConfig('shared');

export type ViewerActor = ActorRefFrom<typeof ownerViewerMachine>;
