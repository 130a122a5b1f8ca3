/**
 * What a conversion job tells the upload socket waiting for it, whichever API process holds that
 * socket: PostgreSQL NOTIFY on one channel, each message a JSON event naming its job. Every API
 * process LISTENs on one dedicated connection and hands each event to the socket watching its job;
 * events of jobs nobody here watches are dropped. A `result` carries only the project id (a NOTIFY
 * payload stays under 8,000 bytes): the API reads the project itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database';
import type { JobEvent, JobEventHub } from '../domain/conversionJobs';

const JOB_EVENTS_CHANNEL = 'upload_jobs';

/** Sends one event to every listening process (delivered once the sending transaction commits). */
export async function publishJobEvent(db: Db, event: JobEvent): Promise<void> {
  const bounded = event.type === 'error' ? { ...event, message: event.message.slice(0, 2000) } : event;
  await sql`SELECT pg_notify(${JOB_EVENTS_CHANNEL}, ${JSON.stringify(bounded)})`.execute(db);
}

function parseEvent(payload: string | undefined): JobEvent | undefined {
  try {
    const event = JSON.parse(payload ?? '') as Partial<JobEvent> | null;
    if (!event || typeof event.jobId !== 'string') return undefined;
    if (event.type === 'status' || event.type === 'result' || event.type === 'error') return event as JobEvent;
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

const RECONNECT_MS = 1000;

/** LISTENs on its own connection, opened again a second after it drops (events sent meanwhile are lost). */
export async function listenToJobEvents(url: string, log?: FastifyBaseLogger): Promise<JobEventHub> {
  const watchers = new Map<string, (event: JobEvent) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const event = message.channel === JOB_EVENTS_CHANNEL ? parseEvent(message.payload) : undefined;
      if (event) watchers.get(event.jobId)?.(event);
    });
    next.on('error', (error) => {
      log?.warn({ err: error }, 'job events connection lost; listening again shortly');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
    client = next;
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => schedule());
    }, RECONNECT_MS);
  };

  await connect();
  return {
    watch(jobId, handler) {
      watchers.set(jobId, handler);
      return () => {
        if (watchers.get(jobId) === handler) watchers.delete(jobId);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
