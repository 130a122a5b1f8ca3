/**
 * The viewer machine's implementations (see viewerMachine): the actors it runs, its guards, and
 * the actions that start its children and route events between them; and the helpers that say
 * what the project's calls and the live events are given.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { ALL_SHARE_OPTIONS, DEFAULT_AVATAR_URL, type ShareOptions } from '../../api/schemas';
import { approvalMachine, offersApproval } from './review/approvalMachine';
import { presenceMachine } from './live/presenceMachine';
import { commentsMachine } from './notes/commentsMachine';
import { searchTerms } from './tools/hierarchySearch';
import { hyperlinksMachine } from './notes/hyperlinksMachine';
import { partToSelect, resolveSteps } from './load/filterParams';
import { noticeMachine } from './tools/noticeMachine';
import { ownerProjectMachine } from './owner/ownerProjectMachine';
import { linkChangesMachine } from './review/linkChangesMachine';
import { reviewMachine } from './review/reviewMachine';
import { revisionsMachine } from './owner/revisionsMachine';
import type { ViewerContext, ViewerEvent, ViewerInput } from './viewerContext';
import { allowedRenderModes, viewerToolsMachine } from './tools/viewerToolsMachine';
import { loadErrorOf, LOAD_MESSAGES, SANDBOX_PERMISSIONS, statusOf, type LoadedProject, type LoadTarget, type ModelLoadEvent, type UploadLoadReport } from './load/viewerLoad';

import { approvedRevisionOf } from '../projects/approvedRevision';

/** The model on screen: the sandbox's, a revision shown read-only, or the project's current one. */
export const modelUrlOf = (context: Pick<ViewerContext, 'target' | 'loaded' | 'shownRevision'>): string =>
  context.target.kind === 'sandbox' ? context.target.modelUrl : (context.shownRevision?.modelUrl ?? context.loaded?.project.modelUrl ?? '');

/** What the project's calls name: its id for the owner, the access key on a link, nothing in the sandbox. */
export const refOf = (context: Pick<ViewerContext, 'target'>): { id: number } | { accessKey: string } | null =>
  context.target.kind === 'owner' ? { id: context.target.id } : context.target.kind === 'guest' ? { accessKey: context.target.accessKey } : null;

/** The live events' input: the project, and on a link what the page shows (see viewerServices' liveEvents). */
export interface LiveInput {
  ref: ReturnType<typeof refOf>;
  known?: { revisionNumber: number; stage: string };
}
export const knownOf = (context: Pick<ViewerContext, 'loaded'>): LiveInput['known'] =>
  context.loaded?.kind === 'guest' ? { revisionNumber: context.loaded.project.revisionNumber, stage: context.loaded.project.currentStage } : undefined;

const permissionsOf = (context: ViewerContext): ShareOptions =>
  context.target.kind === 'sandbox' ? SANDBOX_PERMISSIONS : context.loaded?.kind === 'guest' ? context.loaded.project.shareOptions : ALL_SHARE_OPTIONS;

export const viewerSetup = setup({
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
    presence: presenceMachine,
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
        // A link's hierarchy opens by itself on a large window; on any screen a search in the address opens it to show its results.
        leftPanel:
          permissions.isHierarchyVisible && ((context.target.kind === 'guest' && context.hierarchyOpensByItself) || searchTerms(context.searchText).length > 0)
            ? ('hierarchy' as const)
            : null,
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
    /** The project a live event brought replaces the loaded one (the owner's panels follow it, the revisions panel a new current revision too). */
    takeLiveProject: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'viewer.liveProject' || !event.project || !context.loaded) return;
      if (context.loaded.kind === 'owner') {
        const project = event.project as Extract<LoadedProject, { kind: 'owner' }>['project'];
        enqueue.assign({ loaded: { kind: 'owner', project } });
        const children = self.getSnapshot()?.children;
        if (children?.owner) enqueue.sendTo(children.owner, { type: 'owner.replaced', project });
        if (children?.revisions) {
          // Another current revision (made in another tab or by a colleague): the revisions panel lists it and compares with it.
          if (project.revisionNumber !== context.loaded.project.revisionNumber) enqueue.sendTo(children.revisions, { type: 'revisions.changed', currentRevision: project.revisionNumber });
          enqueue.sendTo(children.revisions, { type: 'revisions.approval', approvedRevision: approvedRevisionOf(project) });
        }
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
      // The "All comments" list too, where it shows.
      if (context.comments && context.review) enqueue.sendTo(context.comments, { type: 'comments.refresh' });
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
    /** Who is here names a visitor who logged in on the link (a guest otherwise); the presence child runs while the project is open. */
    namePresence: sendTo('presence', ({ context }) => ({ type: 'presence.name' as const, name: context.author.name !== context.guestName ? context.author.name : null })),
    /** Leaves the viewer for the list (bound by the screen to its router). */
    returnToList: () => {},
  },
});
