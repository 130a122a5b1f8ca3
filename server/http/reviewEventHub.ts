/**
 * The live review events' hub (routes in reviewEvents.ts): an event is published once and handed
 * to every subscribed stream, through PostgreSQL NOTIFY between processes when the database is
 * PostgreSQL (the channel of the app's schema), in this process's memory otherwise.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { REVIEW_EVENTS_CHANNEL, reviewEventSchema, type ReviewEvent } from '../../src/api/reviewEvents';
import type { DecisionKind } from '../../src/api/reviewSchemas';
import type { Db } from '../db/database';
import type { OwnedProject } from '../db/projectRows';

/** An event with whom it is for: the owner always, the link's guests for some kinds. */
export type AddressedEvent = ReviewEvent & { ownerId: number; accessKey: string; commentsOnLink: boolean };

/** The NOTIFY channel of the app's schema: installs sharing a database never hear each other. */
function reviewEventsChannel(schema: string | undefined): string {
  return !schema || schema === 'public' ? REVIEW_EVENTS_CHANNEL : `${REVIEW_EVENTS_CHANNEL}_${schema}`.slice(0, 63);
}

/** Sends one event to every process's streams (PostgreSQL: delivered at commit). */
async function publishReviewEventPg(db: Db, channel: string, event: AddressedEvent): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${JSON.stringify(event)})`.execute(db);
}

export interface ReviewEventHub {
  publish(event: AddressedEvent): void;
  note(project: OwnedProject, noteId: number): void;
  decision(project: OwnedProject, kind: DecisionKind, name: string): void;
  revision(project: Pick<OwnedProject, 'id' | 'ownerId' | 'accessKey' | 'revisionNumber' | 'shareOptions'>): void;
  stage(project: Pick<OwnedProject, 'id' | 'ownerId' | 'accessKey' | 'shareOptions'>, stage: string): void;
  subscribe(listener: (event: AddressedEvent) => void): () => void;
  close(): Promise<void>;
}

const addressed = (project: Pick<OwnedProject, 'id' | 'ownerId' | 'accessKey' | 'shareOptions'>) => ({
  ownerId: project.ownerId,
  accessKey: project.accessKey,
  commentsOnLink: project.shareOptions.isCommentsVisible,
  projectId: project.id,
});

export async function createReviewEventHub(options: { db: Db; postgres?: { url: string; schema: string | undefined }; log?: FastifyBaseLogger }): Promise<ReviewEventHub> {
  const listeners = new Set<(event: AddressedEvent) => void>();
  const deliver = (event: AddressedEvent) => {
    for (const listener of listeners) listener(event);
  };
  let client: pg.Client | undefined;
  const channel = reviewEventsChannel(options.postgres?.schema);
  if (options.postgres) {
    client = new pg.Client({ connectionString: options.postgres.url });
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      try {
        const parsed = JSON.parse(message.payload ?? '') as AddressedEvent;
        if (reviewEventSchema.safeParse(parsed).success && typeof parsed.ownerId === 'number') deliver(parsed);
      } catch {
        // Not ours.
      }
    });
    client.on('error', (error) => options.log?.warn({ err: error }, 'review events connection lost; events stop until restart'));
    await client.connect();
    await client.query(`LISTEN "${channel}"`);
  }
  const publish = (event: AddressedEvent) => {
    if (client) publishReviewEventPg(options.db, channel, event).catch((error: unknown) => options.log?.warn({ err: error }, 'review event not sent'));
    else deliver(event);
  };
  return {
    publish,
    note: (project, noteId) => publish({ ...addressed(project), type: 'note', noteId }),
    decision: (project, kind, name) => publish({ ...addressed(project), type: 'decision', kind, name, revisionNumber: project.revisionNumber }),
    revision: (project) => publish({ ...addressed(project), type: 'revision', revisionNumber: project.revisionNumber }),
    stage: (project, stage) => publish({ ...addressed(project), type: 'stage', stage }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await client?.end().catch(() => undefined);
    },
  };
}

