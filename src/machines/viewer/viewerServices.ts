/**
 * The viewer machines with their effects bound: the API calls, the app's upload and settings
 * actors and the content machines by the composition root, the engine actors by each screen
 * through its engine slot (the engine is created by the canvas).
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ApprovalRequest, CommentReviewInput, NoteAnchor, NoteStatus, Project, ReviewedComment, Revision, RevisionChanges, SharedProject, Stage } from '../../api/schemas';
import type { ReviewEvent } from '../../api/reviewEvents';
import { RequestError } from '../../api/errors';
import { reviewMachine } from './reviewMachine';
import * as z from 'zod/mini';
import { linkChangesMachine } from './linkChangesMachine';
import { memoryStorage, persisted } from '../storage/persisted';
import { createReviewEngineActor } from './reviewEngine';
import { approvalMachine } from './approvalMachine';
import type { Estimate } from '../../model/cutting/estimate';
import { linkEstimateMachine } from './linkEstimateMachine';
import { linkOptionsMachine } from './linkOptionsMachine';
import type { LinkQuote } from '../../api/quoteSchemas';
import { formatSelection, type QuoteSelection } from '../../model/quote/quoteOptions';
import { createEngineBridgeActor, createFollowUnitActor, createLoadModelActor, createNoticeEngineActor } from './engineActors';
import { noticeMachine } from './noticeMachine';
import type { EngineSlot } from './enginePort';
import { createCompareEngineActor } from './compareEngine';
import { ownerProjectMachine } from './ownerProjectMachine';
import { revisionsMachine } from './revisionsMachine';
import { saveBlob } from './saveBlob';
import { machiningMachine } from './machiningMachine';
import type { MachiningList } from '../../model/machining/machiningList';
import type { MachiningFile } from '../../api/client';
import type { ProjectRef, ViewerServicesDeps } from './viewerApi';
import { ownerViewerMachine, sharedViewerMachine, type LoadedProject, type LoadTarget, type UploadLoadReport, type ViewerEvent } from './viewerMachine';
import type { LiveInput } from './viewerSetup';
import { viewerToolsMachine } from './viewerToolsMachine';

/** Waits before connecting the live events again: 1 s, doubling to 30 s; a stream that stayed up a minute starts over at 1 s. */
const LIVE_RETRY_MS = { first: 1000, max: 30_000, healthy: 60_000 } as const;

/** The `options` parameter of the page's URL follows the client's choice, so a copied link opens on it. */
function keepSelectionInUrl(selection: QuoteSelection): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  const value = formatSelection(selection);
  if ((url.searchParams.get('options') ?? '') === value) return;
  if (value) url.searchParams.set('options', value);
  else url.searchParams.delete('options');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function createViewerServices({ api, projectMachines, content, upload, settings, session, sandboxModelUrl, storage = memoryStorage() }: ViewerServicesDeps) {
  /** The last revision seen on each link (access key -> revision number). */
  /** The options chosen on each open link (access key -> selection): an approval goes with them. */
  const linkSelections = new Map<string, QuoteSelection>();
  const seenRevisions = persisted(storage, 'cv.linkSeen', 1, z.record(z.string(), z.int()));
  const fetchProject = fromPromise<LoadedProject, LoadTarget>(async ({ input }) => {
    if (input.kind === 'owner') return { kind: 'owner', project: await api.getProject(input.id) };
    if (input.kind === 'guest') return { kind: 'guest', project: await api.getSharedProject(input.accessKey) };
    throw new Error('The sandbox has no project to fetch');
  });
  const owner = ownerProjectMachine.provide({
    actors: {
      ...projectMachines,
      patchStage: fromPromise<Project, { id: number; stage: Stage }>(async ({ input }) => {
        await api.patchProject(input.id, { currentStage: input.stage });
        return api.getProject(input.id);
      }),
      exportVok: fromPromise<void, { id: number; name: string }>(async ({ input }) => {
        saveBlob(`${input.name}.vok`, await api.exportVok(input.id));
      }),
    },
  });
  /**
   * The owner's viewer and the upload: updates reach the viewer; the viewer claims the load of a
   * model an upload made, reports it, and releases it when it stops (failed, or left) — a stop and
   * restart at once (React's strict mode) claims it back under the same name.
   */
  const uploadUpdates = fromCallback<UploadLoadReport, { projectId: number }>(({ input, sendBack, receive, self }) => {
    const { projectId } = input;
    const loader = self.sessionId;
    upload.send({ type: 'upload.modelClaimed', projectId, loader });
    const subscription = upload.on('upload.updated', ({ project }) => sendBack({ type: 'viewer.modelUpdated', project, fromUpload: true } satisfies ViewerEvent));
    receive((report) => {
      if (report.type === 'uploadLoad.progress') upload.send({ type: 'upload.modelProgress', projectId, fraction: report.fraction, message: report.message });
      else upload.send({ type: 'upload.modelShown', projectId });
    });
    return () => {
      subscription.unsubscribe();
      upload.send({ type: 'upload.modelReleased', projectId, loader });
    };
  });
  const revisionCalls = {
    listRevisions: fromPromise<Revision[], { projectId: number }>(({ input }) => api.listRevisions(input.projectId)),
    readChanges: fromPromise<RevisionChanges, { projectId: number; from: number; to: number }>(({ input }) => api.revisionChanges(input.projectId, input.from, input.to)),
    restoreRevision: fromPromise<Project, { projectId: number; revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }>(({ input }) =>
      api.restoreRevision(input.projectId, input.revisionNumber, input.consumeCredit, input.keepApproval),
    ),
  };
  const approval = approvalMachine.provide({
    actors: {
      // The approval goes with the options the client chose on this link, if any.
      approve: fromPromise<SharedProject, { accessKey: string } & ApprovalRequest>(({ input: { accessKey, ...request } }) => {
        const options = linkSelections.get(accessKey);
        return api.approveRevision(accessKey, options ? { ...request, options } : request);
      }),
      askForChanges: fromPromise<SharedProject, { accessKey: string } & ApprovalRequest>(({ input: { accessKey, ...request } }) => api.askForChanges(accessKey, request)),
    },
  });
  const followUser = fromCallback<ViewerEvent>(({ sendBack }) => {
    let user = session.getSnapshot().context.user;
    const subscription = session.subscribe((snapshot) => {
      if (snapshot.context.user === user) return;
      user = snapshot.context.user;
      sendBack({ type: 'viewer.user', user });
    });
    return () => subscription.unsubscribe();
  });
  /**
   * The live events of the project on screen: a note elsewhere, a decision or another current
   * revision (the project read again). The stream reconnects after a drop, waiting longer each time.
   * Nothing changed meanwhile is missed: a link's first stream says which revision and stage the page
   * shows (the server answers a difference at once: a page opened a while ago, or answered from the
   * service worker's store), and after a drop the project is read again once the stream is back.
   */
  const liveEvents = fromCallback<ViewerEvent, LiveInput>(({ input, sendBack }) => {
    const { ref, known } = input;
    if (!ref) return () => {};
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reread = () =>
      void ('id' in ref ? api.getProject(ref.id) : api.getSharedProject(ref.accessKey)).then(
        (project) => !abort.signal.aborted && sendBack({ type: 'viewer.liveProject', project }),
        () => {},
      );
    const onEvent = (event: ReviewEvent) => {
      if ('id' in ref && event.projectId !== ref.id) return;
      if (event.type === 'note') sendBack({ type: 'viewer.liveNote' });
      else reread();
    };
    let wait: number = LIVE_RETRY_MS.first;
    let opened = false;
    const onOpen = () => {
      if (opened) reread();
      opened = true;
    };
    const connect = () => {
      const since = Date.now();
      void api.listenToEvents('id' in ref ? null : ref, onEvent, abort.signal, { onOpen, known: opened ? undefined : known }).catch(() => {}).finally(() => {
        if (abort.signal.aborted) return;
        wait = Date.now() - since > LIVE_RETRY_MS.healthy ? LIVE_RETRY_MS.first : Math.min(LIVE_RETRY_MS.max, wait * 2);
        timer = setTimeout(connect, wait);
      });
    };
    connect();
    return () => {
      abort.abort();
      if (timer !== null) clearTimeout(timer);
    };
  });
  const machining = machiningMachine.provide({
    actors: {
      loadMachining: fromPromise<MachiningList, { ref: ProjectRef }>(({ input }) => api.getMachining(input.ref)),
      saveMachiningFile: fromPromise<void, { ref: ProjectRef; file: MachiningFile; fileName: string }>(async ({ input }) => {
        saveBlob(input.fileName, await api.machiningFile(input.ref, input.file));
      }),
    },
  });
  const linkOptions = linkOptionsMachine.provide({
    actors: {
      loadOptions: fromPromise<LinkQuote, { accessKey: string }>(({ input }) => api.getLinkOptions(input.accessKey)),
      loadEstimate: fromPromise<Estimate, { accessKey: string; selection: QuoteSelection }>(({ input }) => api.getEstimate({ accessKey: input.accessKey }, 'guillotine', input.selection)),
    },
    actions: {
      keepSelection: ({ context }, { selection }) => {
        linkSelections.set(context.accessKey, { ...selection });
        keepSelectionInUrl(selection);
      },
    },
  });
  const linkEstimate = linkEstimateMachine.provide({
    actors: { loadEstimate: fromPromise<Estimate, { accessKey: string }>(({ input }) => api.getEstimate({ accessKey: input.accessKey })) },
  });

  return {
    sandboxModelUrl,
    linkEstimate,
    linkOptions,
    machining,
    sharedLogoUrl: (accessKey: string) => api.sharedLogoUrl(accessKey),
    /** The viewer machines of one screen (owner, and link or sandbox), bound to its engine slot. */
    machinesFor(slot: EngineSlot) {
      const actors = {
        fetchProject,
        loadModel: createLoadModelActor(slot),
        followUnit: createFollowUnitActor(slot, settings),
        uploadUpdates,
        followUser,
        tools: viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }),
        notice: noticeMachine.provide({ actors: { noticeEngine: createNoticeEngineActor(slot) } }),
        comments: content.comments,
        hyperlinks: content.hyperlinks,
        owner,
        revisions: revisionsMachine.provide({ actors: { ...revisionCalls, compareEngine: createCompareEngineActor(slot) } }),
        approval,
        liveEvents,
        linkChanges: linkChangesMachine.provide({
          actors: {
            readSeen: fromPromise<number | null, { accessKey: string }>(async ({ input }) => seenRevisions.load()?.[input.accessKey] ?? null),
            rememberSeen: fromPromise<void, { accessKey: string; revisionNumber: number }>(async ({ input }) => {
              // The newest remembered links only, so the record stays small.
              const kept = Object.entries(seenRevisions.load() ?? {}).filter(([key]) => key !== input.accessKey).slice(-49);
              seenRevisions.save(Object.fromEntries([...kept, [input.accessKey, input.revisionNumber]]));
            }),
            readChanges: fromPromise<RevisionChanges | null, { accessKey: string; from: number }>(({ input }) =>
              api.linkRevisionChanges(input.accessKey, input.from).catch((error: unknown) => {
                if (error instanceof RequestError && error.status === 404) return null;
                throw error;
              }),
            ),
            compareEngine: createCompareEngineActor(slot),
          },
        }),
        review: reviewMachine.provide({
          actors: {
            reviewEngine: createReviewEngineActor(slot),
            loadNotes: fromPromise<ReviewedComment[], { ref: ProjectRef }>(({ input }) => api.listReviewedComments(input.ref)),
            loadAnchor: fromPromise<NoteAnchor, { ref: ProjectRef; id: number }>(({ input }) => api.readNoteAnchor(input.ref, input.id)),
            createNote: fromPromise<{ id: number }, { ref: ProjectRef; body: CommentReviewInput & { authorName: string; text: string } }>(({ input }) => api.createReviewComment(input.ref, input.body)),
            setStatus: fromPromise<void, { ref: ProjectRef; id: number; status: NoteStatus }>(async ({ input }) => {
              await api.setCommentStatus(input.ref, input.id, input.status);
            }),
          },
        }),
      };
      return { owner: ownerViewerMachine.provide({ actors }), shared: sharedViewerMachine.provide({ actors }) };
    },
  };
}

export type ViewerServices = ReturnType<typeof createViewerServices>;
