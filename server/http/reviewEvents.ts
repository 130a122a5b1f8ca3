/**
 * Live review events, as server-sent events over a streamed GET (fetch can send the bearer token,
 * EventSource cannot): `GET projects/events` tells the owner's open list and viewers of every new
 * note, reply, status change, decision and revision of their projects; `GET projects/accessKeys/
 * {key}/events` tells a guest's open link of a new revision, of a stage change, and of notes when the link
 * shows them.
 * Events name what changed; the page reads it again through the usual routes.
 *
 * Between processes the events travel through the hub (reviewEventHub.ts). The process that records
 * a change publishes it (for a queued update, the process holding the owner's upload socket). A
 * stream says `: keep-alive` every 25 s, and ends when the process stops (the page connects again,
 * to another process).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { canUseComments } from '../domain/permissions';
import type { ReviewEvent } from '../../src/api/reviewEvents';
import type { AddressedEvent } from './reviewEventHub';
import { findPublishedProject } from '../db/projects';
import { linkScope } from './projectScope';
import { requireUser } from './authenticate';

const KEEP_ALIVE_MS = 25_000;

/**
 * Streams the events `wanted` lets through until the client leaves or the app closes. `opening`,
 * read once the hub listens, gives the events the stream starts with; what the hub says meanwhile
 * waits behind them, so the page hears the opening first and misses nothing.
 */
async function stream(app: FastifyInstance, reply: FastifyReply, wanted: (event: AddressedEvent) => boolean, opening: () => Promise<ReviewEvent[]> = async () => []): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  const write = (event: ReviewEvent) => {
    if (!raw.writableEnded) raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  let waiting: ReviewEvent[] | null = [];
  const unsubscribe = app.services.reviewEvents.subscribe((event) => {
    if (!wanted(event)) return;
    const { ownerId: _owner, accessKey: _key, commentsOnLink: _comments, ...visible } = event;
    if (waiting) waiting.push(visible as ReviewEvent);
    else write(visible as ReviewEvent);
  });
  let keepAlive: ReturnType<typeof setInterval> | null = null;
  const end = () => {
    if (keepAlive) clearInterval(keepAlive);
    unsubscribe();
    app.openStreams.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  app.openStreams.add(end);
  raw.on('close', end);
  const first = await opening().catch(() => []);
  if (raw.writableEnded || raw.destroyed) return end();
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
  raw.write(': open\n\n');
  for (const event of [...first, ...waiting]) write(event);
  waiting = null;
  keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS).unref();
}

/** `GET projects/events` (owner). */
export const ownerEventRoutes: FastifyPluginAsync = async (app) => {
  app.get('/events', { onRequest: app.authenticate, compress: false }, async (request, reply) => {
    const user = requireUser(request);
    await stream(app, reply, (event) => event.ownerId === user.id);
  });
};

/** What the page says it shows (`?revision=N&stage=S`): a page opened a while ago, or one the service worker answered from its store. */
function knownOf(query: unknown): { revision: number | null; stage: string | null } {
  const { revision, stage } = (query ?? {}) as { revision?: unknown; stage?: unknown };
  const number = typeof revision === 'string' && /^\d{1,9}$/.test(revision) ? Number(revision) : null;
  return { revision: number, stage: typeof stage === 'string' && stage.length <= 40 ? stage : null };
}

/**
 * `GET projects/accessKeys/{key}/events` (the link): new revisions, stage changes, and notes when the link shows them.
 * Where the page says which revision and stage it shows, a difference found once the stream listens
 * is sent at once as the `revision` or `stage` event the page would have heard: nothing changed
 * between the page's load and its stream is missed, and a page up to date reads nothing more.
 */
export const linkEventRoutes: FastifyPluginAsync = async (app) => {
  app.get('/events', { onRequest: app.identify, compress: false }, async (request, reply) => {
    const { project, via } = await linkScope(request);
    const known = knownOf(request.query);
    const differences = async (): Promise<ReviewEvent[]> => {
      if (known.revision === null && known.stage === null) return [];
      // Read once the hub listens: a change made in between is heard or read, never neither.
      const now = await findPublishedProject(app.services.db, project.accessKey);
      if (!now) return [];
      return [
        ...(known.revision !== null && known.revision !== now.revisionNumber ? [{ type: 'revision' as const, projectId: now.id, revisionNumber: now.revisionNumber }] : []),
        ...(known.stage !== null && known.stage !== now.currentStage ? [{ type: 'stage' as const, projectId: now.id, stage: now.currentStage }] : []),
      ];
    };
    await stream(app, reply, (event) => event.projectId === project.id && (event.type === 'revision' || event.type === 'stage' || (event.type === 'note' && event.commentsOnLink && canUseComments(via, project))), differences);
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends every open event stream (a stopping process ends them before it closes). */
    openStreams: Set<() => void>;
  }
}
