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
import type { AddressedEvent } from './reviewEventHub';
import { linkScope } from './projectScope';
import { requireUser } from './authenticate';

const KEEP_ALIVE_MS = 25_000;

/** Streams the events `wanted` lets through until the client leaves or the app closes. */
function stream(app: FastifyInstance, reply: FastifyReply, wanted: (event: AddressedEvent) => boolean): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
  raw.write(': open\n\n');
  const unsubscribe = app.services.reviewEvents.subscribe((event) => {
    if (!wanted(event)) return;
    const { ownerId: _owner, accessKey: _key, commentsOnLink: _comments, ...visible } = event;
    raw.write(`event: ${event.type}\ndata: ${JSON.stringify(visible)}\n\n`);
  });
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS).unref();
  const end = () => {
    clearInterval(keepAlive);
    unsubscribe();
    app.openStreams.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  app.openStreams.add(end);
  raw.on('close', end);
}

/** `GET projects/events` (owner). */
export const ownerEventRoutes: FastifyPluginAsync = async (app) => {
  app.get('/events', { onRequest: app.authenticate, compress: false }, async (request, reply) => {
    const user = requireUser(request);
    stream(app, reply, (event) => event.ownerId === user.id);
  });
};

/** `GET projects/accessKeys/{key}/events` (the link): new revisions, stage changes, and notes when the link shows them. */
export const linkEventRoutes: FastifyPluginAsync = async (app) => {
  app.get('/events', { onRequest: app.identify, compress: false }, async (request, reply) => {
    const { project, via } = await linkScope(request);
    stream(app, reply, (event) => event.projectId === project.id && (event.type === 'revision' || event.type === 'stage' || (event.type === 'note' && event.commentsOnLink && canUseComments(via, project))));
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends every open event stream (a stopping process ends them before it closes). */
    openStreams: Set<() => void>;
  }
}
