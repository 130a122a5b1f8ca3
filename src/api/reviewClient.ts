/**
 * The review's calls (src/api/reviewSchemas.ts, reviewEvents.ts, projectPages.ts), part of the API
 * client: comments with their pins, views, markups and threads; resolve and reopen; asking for
 * changes; the decisions; the notes as BCF; the list in pages; the live events.
 */
import type { Http } from './http';
import { projectPageSchema, pageSearchParams } from './projectPages';
import type { ProjectQuery } from './projectQuery';
import { parseEventStream, type ReviewEvent } from './reviewEvents';
import {
  createdItemSchema,
  decisionListSchema,
  noteAnchorSchema,
  reviewedCommentListSchema,
  revisionChangesSchema,
  secureTokenResponseSchema,
  sharedProjectSchema,
  type NoteStatus,
  type ReviewCommentCreate,
} from './schemas';

type ProjectRef = { id: number } | { accessKey: string };
const projectPath = (ref: ProjectRef) => ('id' in ref ? `projects/${ref.id}` : `projects/accessKeys/${encodeURIComponent(ref.accessKey)}`);

export function reviewCalls(http: Http, auth: (ref: ProjectRef) => boolean) {
  const { call } = http;
  return {
    listReviewedComments: (ref: ProjectRef) => call(`${projectPath(ref)}/comments`, { auth: auth(ref), schema: reviewedCommentListSchema }),
    /** A note's view and markup, which the list leaves out. */
    readNoteAnchor: (ref: ProjectRef, id: number) => call(`${projectPath(ref)}/comments/${id}/view`, { auth: auth(ref), schema: noteAnchorSchema }),
    createReviewComment: (ref: ProjectRef, body: ReviewCommentCreate) =>
      call(`${projectPath(ref)}/comments`, { method: 'POST', json: body, auth: auth(ref), schema: createdItemSchema }),
    setCommentStatus: (ref: ProjectRef, id: number, status: NoteStatus) =>
      call(`${projectPath(ref)}/comments/${id}`, { method: 'PATCH', json: { status }, auth: auth(ref) }),
    askForChanges: (accessKey: string, request: { name: string; revisionNumber: number }) =>
      call(`projects/accessKeys/${encodeURIComponent(accessKey)}/changes`, { method: 'POST', json: request, auth: auth({ accessKey }), schema: sharedProjectSchema }),
    /** What changed on a link since an older revision (GET projects/accessKeys/{key}/revisions/{from}/changes). */
    linkRevisionChanges: (accessKey: string, from: number) =>
      call(`projects/accessKeys/${encodeURIComponent(accessKey)}/revisions/${from}/changes`, { auth: auth({ accessKey }), schema: revisionChangesSchema }),
    listDecisions: (id: number) => call(`projects/${id}/decisions`, { auth: true, schema: decisionListSchema }),
    /** GET projects/{id}/notes.bcfzip. */
    exportBcf: (id: number) => http.blob(`projects/${id}/notes.bcfzip`),
    listProjectPage: (query: Omit<ProjectQuery, 'search'> & { search?: string }, limit: number, cursor?: string | null) =>
      call(`projects?${pageSearchParams(query, limit, cursor)}`, { auth: true, schema: projectPageSchema }),
    /**
     * The presence socket's address (src/api/presence.ts): a link's as it is; the owner's with a
     * secure token (used once, when the socket opens), so a new one for every connection.
     */
    async presenceUrl(ref: ProjectRef): Promise<string> {
      const token = 'id' in ref ? (await call('auth/secure-token', { auth: true, schema: secureTokenResponseSchema })).secureToken : null;
      const url = new URL(`${http.baseUrl.replace(/\/+$/, '')}/${projectPath(ref)}/presence`, typeof window === 'undefined' ? 'http://localhost/' : window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      if (token) url.searchParams.set('token', token);
      return url.toString();
    },
    /**
     * Hears the live events of the owner's projects (no ref) or of a link, until `signal` aborts or
     * the stream ends (resolves then; the caller connects again). `onOpen` is called once the server
     * listens. A link's page may say which revision and stage it shows (`known`): the server then
     * sends at once the `revision` or `stage` event of a difference it finds.
     */
    async listenToEvents(ref: { accessKey: string } | null, onEvent: (event: ReviewEvent) => void, signal: AbortSignal, options: ListenOptions = {}): Promise<void> {
      const known = ref && options.known ? `?${new URLSearchParams({ revision: String(options.known.revisionNumber), stage: options.known.stage })}` : '';
      const path = ref ? `${projectPath(ref)}/events${known}` : 'projects/events';
      const body = await http.stream(path, { auth: ref ? auth(ref) : true, signal });
      options.onOpen?.();
      const feed = parseEventStream(onEvent);
      const decoder = new TextDecoder();
      const reader = body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        feed(decoder.decode(value, { stream: true }));
      }
    },
  };
}

/** How a page listens: told when the stream opens; on a link, what it shows. */
export interface ListenOptions {
  onOpen?: () => void;
  known?: { revisionNumber: number; stage: string };
}
