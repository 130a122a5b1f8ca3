/**
 * The presence's bus between API processes, beside the review events' hub (reviewEventHub.ts):
 * PostgreSQL NOTIFY on the app schema's `presence` channel when the database is PostgreSQL, this
 * process's memory otherwise (one process: nothing to tell). Every message names the process that
 * sent it; a process ignores its own (it has already acted on them).
 *
 * What travels (presenceRooms.ts acts on it): each process's roster of a link (on every change, and
 * every heartbeat), the presenter's view, a point, a new room's question "who is there?", and the
 * link unpublished.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { PresentedView } from '../../src/api/presence';
import type { Db } from '../db/database';

/** A viewer as its process tells the others (numbers are given where the lists are merged). */
export interface RosterEntry {
  id: string;
  role: 'owner' | 'guest';
  name: string | null;
  presentingSince: number | null;
  following: boolean;
  joinedAt: number;
}

export type BusMessage = { process: string; projectId: number } & (
  | { kind: 'roster'; viewers: RosterEntry[] }
  | { kind: 'view'; from: string; view: PresentedView }
  | { kind: 'point'; from: string; at: [number, number, number] | null }
  | { kind: 'ask' }
  | { kind: 'unpublished' }
);

export interface PresenceBus {
  readonly kind: 'postgres' | 'memory';
  /** Sends a message to the other processes; resolves once sent (never rejects: a lost message is logged). */
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

const BUS_KINDS = new Set(['roster', 'view', 'point', 'ask', 'unpublished']);

function channelOf(schema: string | undefined): string {
  return !schema || schema === 'public' ? 'presence' : `presence_${schema}`.slice(0, 63);
}

/** In one process: messages go nowhere (every viewer is local). */
export function createMemoryPresenceBus(): PresenceBus {
  return { kind: 'memory', publish: async () => {}, subscribe: () => () => {}, close: async () => {} };
}

/** Between processes through PostgreSQL NOTIFY (a payload is at most 8,000 bytes: the messages are capped below that). */
export async function createPostgresPresenceBus(options: { db: Db; url: string; schema: string | undefined; log?: FastifyBaseLogger }): Promise<PresenceBus> {
  const channel = channelOf(options.schema);
  const listeners = new Set<(message: BusMessage) => void>();
  const client = new pg.Client({ connectionString: options.url });
  client.on('notification', (notification) => {
    if (notification.channel !== channel) return;
    try {
      const message = JSON.parse(notification.payload ?? '') as BusMessage;
      if (typeof message?.process !== 'string' || typeof message.projectId !== 'number' || !BUS_KINDS.has(message.kind)) return;
      for (const listener of listeners) listener(message);
    } catch {
      // Not ours.
    }
  });
  client.on('error', (error) => options.log?.warn({ err: error }, 'presence connection lost; presence stays local until restart'));
  await client.connect();
  await client.query(`LISTEN "${channel}"`);
  return {
    kind: 'postgres',
    async publish(message) {
      await sql`SELECT pg_notify(${channel}, ${JSON.stringify(message)})`.execute(options.db).catch((error: unknown) => options.log?.warn({ err: error }, 'presence message not sent'));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await client.end().catch(() => undefined);
    },
  };
}
