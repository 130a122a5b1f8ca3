/**
 * The review loop's machines with their effects bound (issue 30 and after): the notes with pins and
 * views, the client's approval, what changed since this browser's last visit, the live events of
 * the project on screen, the link's estimate and the client's options. `viewerServices.ts` composes
 * it with the other concepts.
 */
import { fromCallback, fromPromise } from 'xstate';
import * as z from 'zod/mini';
import type { ApprovalRequest, CommentReviewInput, NoteAnchor, NoteStatus, ReviewedComment, RevisionChanges, SharedProject } from '../../../api/schemas';
import type { ReviewEvent } from '../../../api/reviewEvents';
import { RequestError } from '../../../api/errors';
import type { LinkQuote } from '../../../api/quoteSchemas';
import type { Estimate } from '../../../model/cutting/estimate';
import { formatSelection, type QuoteSelection } from '../../../model/quote/quoteOptions';
import { persisted, type KeyValueStorage } from '../../storage/persisted';
import type { EngineSlot } from '../load/enginePort';
import { createCompareEngineActor } from '../owner/compareEngine';
import type { ProjectRef, ViewerApi } from '../viewerApi';
import type { ViewerEvent } from '../viewerMachine';
import type { LiveInput } from '../viewerSetup';
import { approvalMachine } from './approvalMachine';
import { linkChangesMachine } from './linkChangesMachine';
import { linkEstimateMachine } from './linkEstimateMachine';
import { linkOptionsMachine } from './linkOptionsMachine';
import { createReviewEngineActor } from './reviewEngine';
import { reviewMachine } from './reviewMachine';

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

export function createReviewServices(api: ViewerApi, storage: KeyValueStorage) {
  /** The options chosen on each open link (access key -> selection): an approval goes with them. */
  const linkSelections = new Map<string, QuoteSelection>();
  /** The last revision seen on each link (access key -> revision number). */
  const seenRevisions = persisted(storage, 'cv.linkSeen', 1, z.record(z.string(), z.int()));
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
  const readSeen = fromPromise<number | null, { accessKey: string }>(async ({ input }) => seenRevisions.load()?.[input.accessKey] ?? null);
  const rememberSeen = fromPromise<void, { accessKey: string; revisionNumber: number }>(async ({ input }) => {
    // The newest remembered links only, so the record stays small.
    const kept = Object.entries(seenRevisions.load() ?? {}).filter(([key]) => key !== input.accessKey).slice(-49);
    seenRevisions.save(Object.fromEntries([...kept, [input.accessKey, input.revisionNumber]]));
  });
  const readLinkChanges = fromPromise<RevisionChanges | null, { accessKey: string; from: number }>(({ input }) =>
    api.linkRevisionChanges(input.accessKey, input.from).catch((error: unknown) => {
      if (error instanceof RequestError && error.status === 404) return null;
      throw error;
    }),
  );
  return {
    linkEstimate,
    linkOptions,
    /** The review machines of one screen, bound to its engine slot. */
    actorsFor(slot: EngineSlot) {
      return {
        approval,
        liveEvents,
        linkChanges: linkChangesMachine.provide({ actors: { readSeen, rememberSeen, readChanges: readLinkChanges, compareEngine: createCompareEngineActor(slot) } }),
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
    },
  };
}
