/**
 * The presence sockets (src/api/presence.ts, docs/api.md "Presence"), prefix /api/v1/projects:
 *   GET /accessKeys/{key}/presence   a link's viewer (a guest; the owner when `?token=` is theirs)
 *   GET /{id}/presence?token=        the owner's viewer (the link need not be published)
 * Who is asking is settled before the upgrade (a secure token is used up there, as the upload
 * sockets'); a socket the server will not serve is told why (`refused`) and closed with 4403.
 *
 * Per socket: messages over `messageBytes` are refused and close the socket; more than
 * `messagesPerSecond` (burst `burst`) are dropped with one `tooFast` a second; a guest cannot
 * present or send a view (`notAllowed`). The server pings every `pingMs` and drops a socket that did
 * not answer the ping before. A stopping process closes its sockets with 1012: pages connect again,
 * to another process.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  PRESENCE_CLOSE_REFUSED,
  PRESENCE_LIMITS,
  presenceClientMessageSchema,
  type PresenceRefusal,
  type PresenceServerMessage,
} from '../../src/api/presence';
import { findOwnedProject, findPublishedProject } from '../db/projects';
import { findUserById } from '../db/users';
import { parseAccessKey } from './params';
import type { Member } from './presenceRooms';

interface Identity {
  projectId: number;
  role: 'owner' | 'guest';
  name: string | null;
}

const tokenOf = (request: FastifyRequest): string | null => {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 && token.length < 200 ? token : null;
};

/** Refuses a socket for good: the reason, then a closing frame. */
function refuseSocket(socket: WebSocket, code: PresenceRefusal): void {
  socket.send(JSON.stringify({ type: 'refused', code } satisfies PresenceServerMessage));
  socket.close(PRESENCE_CLOSE_REFUSED, code);
  setTimeout(() => socket.terminate(), 1000).unref();
}

/** A token bucket: `messagesPerSecond` on average, `burst` at once. */
function rateLimiter(now: () => number = Date.now) {
  let tokens: number = PRESENCE_LIMITS.burst;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(PRESENCE_LIMITS.burst, tokens + ((t - at) / 1000) * PRESENCE_LIMITS.messagesPerSecond);
    at = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export const presenceSocketRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;
  const rooms = app.presence;
  const identities = new WeakMap<FastifyRequest, Identity>();

  const ownerName = async (userId: number): Promise<string | null> => {
    const user = await findUserById(db, userId);
    return (user?.fullName || user?.username || null)?.slice(0, PRESENCE_LIMITS.nameLength) ?? null;
  };

  const identifyLink = async (request: FastifyRequest) => {
    let key: string;
    try {
      key = parseAccessKey((request.params as { accessKey?: string }).accessKey);
    } catch {
      return; // Not a key: the socket is told `notFound`.
    }
    const project = await findPublishedProject(db, key);
    if (!project) return;
    const token = tokenOf(request);
    const userId = token ? await app.services.consumeSecureToken(token) : undefined;
    const isOwner = userId !== undefined && userId === project.ownerId;
    identities.set(request, { projectId: project.id, role: isOwner ? 'owner' : 'guest', name: isOwner ? await ownerName(userId) : null });
  };

  const identifyOwner = async (request: FastifyRequest) => {
    const id = Number((request.params as { id?: string }).id);
    const token = tokenOf(request);
    if (!Number.isSafeInteger(id) || id <= 0 || !token) return;
    const userId = await app.services.consumeSecureToken(token);
    if (userId === undefined || !(await findOwnedProject(db, id, userId))) return;
    identities.set(request, { projectId: id, role: 'owner', name: await ownerName(userId) });
  };

  const serve = (socket: WebSocket, request: FastifyRequest) => {
    const identity = identities.get(request);
    if (!identity) return refuseSocket(socket, 'notFound');
    const allowed = rateLimiter();
    let lastTooFast = 0;
    let alive = true;
    const member: Member = {
      id: randomUUID().slice(0, 12),
      projectId: identity.projectId,
      role: identity.role,
      name: identity.name,
      presentingSince: null,
      following: false,
      joinedAt: Date.now(),
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
      end: () => socket.close(PRESENCE_CLOSE_REFUSED, 'unpublished'),
    };
    const refuse = (code: PresenceRefusal) => member.send({ type: 'refused', code });
    member.send({ type: 'welcome', you: member.id, role: member.role });
    if (rooms.join(member) === 'full') return refuseSocket(socket, 'full');

    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, PRESENCE_LIMITS.pingMs);
    socket.on('pong', () => {
      alive = true;
    });
    const end = () => socket.close(1012, 'restarting');
    app.openStreams.add(end);
    socket.on('close', () => {
      clearInterval(ping);
      app.openStreams.delete(end);
      rooms.leave(member);
    });

    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      alive = true;
      const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
      if (size > PRESENCE_LIMITS.messageBytes) return refuseSocket(socket, 'tooLarge');
      if (!allowed()) {
        const now = Date.now();
        if (now - lastTooFast >= 1000) {
          lastTooFast = now;
          refuse('tooFast');
        }
        return;
      }
      let parsed;
      try {
        parsed = isBinary ? null : presenceClientMessageSchema.safeParse(JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return refuse('badMessage');
      const message = parsed.data;
      switch (message.type) {
        case 'hello':
          if (member.role === 'guest') member.name = message.name?.trim() || null;
          return rooms.changed(member);
        case 'present':
          if (member.role !== 'owner') return refuse('notAllowed');
          member.presentingSince = message.on ? Date.now() : null;
          return rooms.changed(member);
        case 'view':
          if (member.role !== 'owner' || member.presentingSince === null) return refuse('notAllowed');
          return rooms.view(member, message.view);
        case 'follow':
          if (member.following === message.following) return;
          member.following = message.following;
          return rooms.changed(member);
        case 'point':
          return rooms.point(member, message.at);
      }
    });
  };

  app.get('/accessKeys/:accessKey/presence', { websocket: true, preValidation: identifyLink }, serve);
  app.get('/:id/presence', { websocket: true, preValidation: identifyOwner }, serve);
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The links' presence in this process (presenceRooms.ts). */
    presence: import('./presenceRooms').PresenceRooms;
  }
}
