/**
 * The links' rooms in one API process: who has each link open here, what the other processes say
 * they hold (their rosters, forgotten after `remoteExpiryMs` without word), and the presenter's
 * last view, handed to a follower who comes late. The sockets (presenceSockets.ts) join and leave;
 * the bus (presenceHub.ts) carries rosters, views and points to the other processes.
 */
import { randomUUID } from 'node:crypto';
import { PRESENCE_LIMITS, presenterOf, type PresenceServerMessage, type PresenceViewer, type PresentedView } from '../../src/api/presence';
import type { BusMessage, PresenceBus, RosterEntry } from './presenceHub';

/** One open socket, as the room knows it. */
export interface Member extends RosterEntry {
  projectId: number;
  send(message: PresenceServerMessage): void;
  /** Closes the socket (the link unpublished: guests only). */
  end(): void;
}

interface Room {
  local: Map<string, Member>;
  remote: Map<string, { viewers: RosterEntry[]; expiresAt: number }>;
  lastView: { from: string; view: PresentedView } | null;
  broadcastQueued: boolean;
}

export interface PresenceRooms {
  readonly process: string;
  /** Adds a member, or answers `full` when the link holds the most viewers already. */
  join(member: Member): 'joined' | 'full';
  leave(member: Member): void;
  /** The member's name, presenting or following changed. */
  changed(member: Member): void;
  /** The presenter's view: to every follower, here and elsewhere. */
  view(member: Member, view: PresentedView): void;
  point(member: Member, at: [number, number, number] | null): void;
  /** The link was unpublished: every guest's socket, in every process, is ended. */
  unpublished(projectId: number): void;
  /** Viewers of a link, numbered (tests, the bench). */
  viewersOf(projectId: number): PresenceViewer[];
  /** Tells the other processes this one holds nobody any more (a stopping process), then stops. */
  close(): Promise<void>;
}

const toEntry = (member: Member): RosterEntry => ({
  id: member.id,
  role: member.role,
  name: member.name,
  presentingSince: member.presentingSince,
  following: member.following,
  joinedAt: member.joinedAt,
});

/** Every viewer of a link in the order they came, unnamed guests numbered 1, 2... */
export function numberViewers(entries: readonly RosterEntry[]): PresenceViewer[] {
  const sorted = [...entries].sort((a, b) => a.joinedAt - b.joinedAt || a.id.localeCompare(b.id));
  let guests = 0;
  return sorted.map((entry) => ({ ...entry, number: entry.role === 'guest' && !entry.name ? ++guests : null }));
}

export function createPresenceRooms(bus: PresenceBus, clock: () => number = Date.now): PresenceRooms {
  const process = randomUUID();
  const rooms = new Map<number, Room>();

  const roomOf = (projectId: number): Room => {
    let room = rooms.get(projectId);
    if (!room) {
      room = { local: new Map(), remote: new Map(), lastView: null, broadcastQueued: false };
      rooms.set(projectId, room);
    }
    return room;
  };

  const entriesOf = (room: Room): RosterEntry[] => {
    const now = clock();
    const entries = [...room.local.values()].map(toEntry);
    for (const [key, remote] of room.remote) {
      if (remote.expiresAt < now) room.remote.delete(key);
      else entries.push(...remote.viewers);
    }
    return entries;
  };


  const publishRoster = (projectId: number, room: Room) => bus.publish({ process, projectId, kind: 'roster', viewers: [...room.local.values()].map(toEntry) });

  /** Tells everyone here who is there, once per turn of the event loop however many changes. */
  const broadcast = (projectId: number, room: Room) => {
    if (room.broadcastQueued) return;
    room.broadcastQueued = true;
    queueMicrotask(() => {
      room.broadcastQueued = false;
      const entries = entriesOf(room);
      if (room.lastView && presenterOf(entries)?.id !== room.lastView.from) room.lastView = null;
      const message: PresenceServerMessage = { type: 'presence', viewers: numberViewers(entries) };
      for (const member of room.local.values()) member.send(message);
      // Nobody here: what the other processes said is asked again when someone comes.
      if (room.local.size === 0 && rooms.get(projectId) === room) rooms.delete(projectId);
    });
  };

  const onBus = (message: BusMessage) => {
    if (message.process === process) return;
    const room = rooms.get(message.projectId);
    if (message.kind === 'unpublished') {
      if (room) endGuests(room);
      return;
    }
    if (!room || room.local.size === 0) return;
    switch (message.kind) {
      case 'roster':
        if (message.viewers.length === 0) room.remote.delete(message.process);
        else room.remote.set(message.process, { viewers: message.viewers, expiresAt: clock() + PRESENCE_LIMITS.remoteExpiryMs });
        broadcast(message.projectId, room);
        return;
      case 'view':
        room.lastView = { from: message.from, view: message.view };
        for (const member of room.local.values()) member.send({ type: 'view', from: message.from, view: message.view });
        return;
      case 'point':
        for (const member of room.local.values()) member.send({ type: 'point', from: message.from, at: message.at });
        return;
      case 'ask':
        publishRoster(message.projectId, room);
        if (room.lastView && room.local.has(room.lastView.from)) bus.publish({ process, projectId: message.projectId, kind: 'view', ...room.lastView });
        return;
    }
  };
  const unsubscribe = bus.subscribe(onBus);

  const endGuests = (room: Room) => {
    for (const member of [...room.local.values()]) {
      if (member.role !== 'guest') continue;
      member.send({ type: 'ended', reason: 'unpublished' });
      member.end();
    }
  };

  // Each process says who it holds now and then: a process that stopped is forgotten after remoteExpiryMs.
  const heartbeat = setInterval(() => {
    for (const [projectId, room] of rooms) {
      if (room.local.size > 0) publishRoster(projectId, room);
      const before = room.remote.size;
      entriesOf(room);
      if (room.remote.size !== before) broadcast(projectId, room);
    }
  }, PRESENCE_LIMITS.heartbeatMs);
  heartbeat.unref();

  return {
    process,
    join(member) {
      const fresh = !rooms.has(member.projectId);
      const room = roomOf(member.projectId);
      if (entriesOf(room).length >= PRESENCE_LIMITS.viewersPerLink) return 'full';
      room.local.set(member.id, member);
      if (fresh) bus.publish({ process, projectId: member.projectId, kind: 'ask' });
      publishRoster(member.projectId, room);
      broadcast(member.projectId, room);
      if (room.lastView) member.send({ type: 'view', from: room.lastView.from, view: room.lastView.view });
      return 'joined';
    },
    leave(member) {
      const room = rooms.get(member.projectId);
      if (!room?.local.delete(member.id)) return;
      if (room.lastView?.from === member.id) room.lastView = null;
      publishRoster(member.projectId, room);
      broadcast(member.projectId, room);
    },
    changed(member) {
      const room = rooms.get(member.projectId);
      if (!room?.local.has(member.id)) return;
      if (member.presentingSince === null && room.lastView?.from === member.id) room.lastView = null;
      publishRoster(member.projectId, room);
      broadcast(member.projectId, room);
    },
    view(member, view) {
      const room = rooms.get(member.projectId);
      if (!room?.local.has(member.id)) return;
      room.lastView = { from: member.id, view };
      for (const other of room.local.values()) if (other !== member) other.send({ type: 'view', from: member.id, view });
      bus.publish({ process, projectId: member.projectId, kind: 'view', from: member.id, view });
    },
    point(member, at) {
      const room = rooms.get(member.projectId);
      if (!room?.local.has(member.id)) return;
      for (const other of room.local.values()) if (other !== member) other.send({ type: 'point', from: member.id, at });
      bus.publish({ process, projectId: member.projectId, kind: 'point', from: member.id, at });
    },
    unpublished(projectId) {
      const room = rooms.get(projectId);
      if (room) endGuests(room);
      bus.publish({ process, projectId, kind: 'unpublished' });
    },
    viewersOf(projectId) {
      const room = rooms.get(projectId);
      return room ? numberViewers(entriesOf(room)) : [];
    },
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      const leaving = [...rooms].filter(([, room]) => room.local.size > 0).map(([projectId]) => bus.publish({ process, projectId, kind: 'roster', viewers: [] }));
      rooms.clear();
      await Promise.all(leaving);
    },
  };
}
