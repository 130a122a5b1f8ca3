/**
 * Conversions as durable jobs on PostgreSQL, through pg-boss (docs/decisions.md). An API process
 * stores the uploaded file in the blob store and sends a job; a worker (server/worker.ts, or this
 * process when it has conversion threads) converts it and records the project itself, so a dead
 * API process loses nothing. A job whose worker dies is noticed by its silence within about 25 s
 * (the worker beats while it converts, ./heartbeats.ts) and handed to another worker, twice at most;
 * the expiry (the conversion's time budget and a margin) stays as the last resort.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ConversionQueue } from '../domain/conversionJobs';
import { listenToJobEvents } from './jobEvents';

export const CONVERSION_QUEUE = 'convert_upload';
/** Runs after the first one when a worker died or failed unexpectedly. */
const JOB_RETRY_LIMIT = 2;

/** How long a job may stay active before it counts as lost: the conversion's budget, plus a fifth (at least 5 s) to read and save. */
function jobExpirySeconds(convertTimeoutSeconds: number): number {
  // pg-boss takes expiries under a day.
  return Math.min(24 * 3600 - 1, convertTimeoutSeconds + Math.max(5, Math.ceil(convertTimeoutSeconds / 5)));
}

/** How long a socket waits for its job's answer: every try's expiry, the retry checks between them, and a minute. */
function answerTimeoutMs(expirySeconds: number): number {
  return ((JOB_RETRY_LIMIT + 1) * (expirySeconds + maintenanceIntervalSeconds(expirySeconds)) + 60) * 1000;
}

/** How often lost jobs are looked for: a quarter of the expiry, between 1 s and 2 min. */
function maintenanceIntervalSeconds(expirySeconds: number): number {
  return Math.min(120, Math.max(1, Math.ceil(expirySeconds / 4)));
}

/** pg-boss's tables live beside the app's: `pgboss`, or `<schema>_pgboss` when the app has a schema of its own. */
export function bossSchemaFor(appSchema: string | undefined): string {
  return !appSchema || appSchema === 'public' ? 'pgboss' : `${appSchema}_pgboss`;
}

interface BossOptions {
  url: string;
  appSchema: string | undefined;
  convertTimeoutSeconds: number;
}

/** A started pg-boss with the conversion queue created (both idempotent, safe from several processes at once). */
export async function openBoss(options: BossOptions, log?: FastifyBaseLogger): Promise<PgBoss> {
  const expiry = jobExpirySeconds(options.convertTimeoutSeconds);
  const boss = new PgBoss({
    connectionString: options.url,
    schema: bossSchemaFor(options.appSchema),
    max: 4,
    maintenanceIntervalSeconds: maintenanceIntervalSeconds(expiry),
  });
  boss.on('error', (error) => log?.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(CONVERSION_QUEUE, { name: CONVERSION_QUEUE, retryLimit: JOB_RETRY_LIMIT, expireInSeconds: expiry });
  return boss;
}

/** The API side: sends jobs and hears their events (server/main.ts hands it to the app). */
export async function openConversionQueue(options: BossOptions, log?: FastifyBaseLogger): Promise<ConversionQueue> {
  const boss = await openBoss(options, log);
  const events = await listenToJobEvents(options.url, log).catch(async (error: unknown) => {
    await boss.stop({ graceful: false });
    throw error;
  });
  const expirySeconds = jobExpirySeconds(options.convertTimeoutSeconds);
  return {
    expirySeconds,
    answerTimeoutMs: answerTimeoutMs(expirySeconds),
    events,
    async send(job) {
      // The job's id is the upload's: its events and its upload_jobs row carry the same.
      await boss.send(CONVERSION_QUEUE, job, { id: job.jobId, retryLimit: JOB_RETRY_LIMIT, expireInSeconds: expirySeconds });
    },
    waiting: () => boss.getQueueSize(CONVERSION_QUEUE),
    async oldestWaitingSeconds() {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT coalesce(extract(epoch FROM now() - min(created_on)), 0)::float8 AS age FROM ${bossSchemaFor(options.appSchema)}.job WHERE name = $1 AND state IN ('created', 'retry') AND start_after <= now()`,
          [CONVERSION_QUEUE],
        );
      return Number((rows[0] as { age?: number } | undefined)?.age ?? 0);
    },
    async close() {
      await events.close();
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
