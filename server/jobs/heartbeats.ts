/**
 * Dead conversion workers noticed in seconds, not after the job's expiry. pg-boss has no heartbeat
 * of its own (a job whose worker died stays `active` until `expireInSeconds`, the conversion's
 * whole budget), so the worker beats for each job it converts: every HEARTBEAT_SECONDS it writes
 * the database's time into `conversion_heartbeats`. Every worker process also sweeps: an active job
 * of the conversion queue that started more than LOST_AFTER_SECONDS ago and whose beat is older than
 * that is failed through pg-boss, which runs it again on any worker (at most JOB_RETRY_LIMIT times);
 * the waiting socket is told the conversion restarted. A job lost on its last try is recorded as
 * failed, so the socket hears a message instead of waiting for its timeout. One sweeper at a time
 * (a PostgreSQL advisory lock), so a job is never failed twice for one death.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { activityText } from '../../src/api/conversionActivity.js';
import type { Db } from '../db/database';
import { findUploadJobEnd, recordUploadJobEnd } from '../db/uploadJobs';
import { UPLOAD_MESSAGES } from '../domain/uploadErrors';
import { CONVERSION_QUEUE } from './conversionQueue';
import { publishJobEvent } from './jobEvents';

const HEARTBEAT_SECONDS = 5;
/** Four beats missed: the worker is gone (a busy database or a long pause of the event loop stays under it). */
export const LOST_AFTER_SECONDS = 20;
const SWEEP_SECONDS = 5;
export const RESTARTED_ACTIVITY = activityText({ step: 'restarted' });
/** The advisory lock's key: any constant of ours that no other code uses. */
const SWEEP_LOCK = 0x63760001;

const dbNow = sql<number>`cast(floor(extract(epoch from now())) as bigint)`;

/** Writes the job's beat now, then every HEARTBEAT_SECONDS until the returned function is called (which removes it). */
export function startHeartbeat(db: Db, jobId: string, log?: FastifyBaseLogger): () => Promise<void> {
  const beat = () =>
    db
      .insertInto('conversion_heartbeats')
      .values({ job_id: jobId, beat_at: dbNow })
      .onConflict((oc) => oc.column('job_id').doUpdateSet({ beat_at: dbNow }))
      .execute()
      .catch((error: unknown) => log?.warn({ err: error, jobId }, 'conversion heartbeat not written'));
  const first = beat();
  const timer = setInterval(beat, HEARTBEAT_SECONDS * 1000).unref();
  return async () => {
    clearInterval(timer);
    await first;
    await db.deleteFrom('conversion_heartbeats').where('job_id', '=', jobId).execute().catch(() => undefined);
  };
}

interface LostJob {
  id: string;
  retry_count: number;
  retry_limit: number;
}

/** Fails every lost job once; returns their ids. Does nothing while another process sweeps. */
export async function sweepLostJobs(deps: { db: Db; boss: PgBoss; bossSchema: string; log?: FastifyBaseLogger }): Promise<string[]> {
  const { db, boss, bossSchema } = deps;
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${SWEEP_LOCK}) AS locked`.execute(conn);
    if (!rows[0]?.locked) return [];
    try {
      const lost = await sql<LostJob>`
        SELECT j.id::text AS id, j.retry_count, j.retry_limit
        FROM ${sql.table(`${bossSchema}.job`)} j
        LEFT JOIN conversion_heartbeats h ON h.job_id = j.id::text
        WHERE j.name = ${CONVERSION_QUEUE} AND j.state = 'active'
          AND j.started_on < now() - make_interval(secs => ${LOST_AFTER_SECONDS})
          AND (h.beat_at IS NULL OR h.beat_at < ${dbNow} - ${LOST_AFTER_SECONDS})`.execute(conn);
      const ids = lost.rows.map((job) => job.id);
      if (ids.length === 0) return [];
      for (const id of ids) await boss.fail(CONVERSION_QUEUE, id, { message: 'the worker stopped answering' });
      await conn.deleteFrom('conversion_heartbeats').where('job_id', 'in', ids).execute();
      for (const job of lost.rows) {
        deps.log?.warn({ jobId: job.id, retryCount: job.retry_count }, 'conversion worker lost; job handed to another worker');
        if (job.retry_count < job.retry_limit) {
          await publishJobEvent(db, { jobId: job.id, type: 'status', progress: 0, activity: RESTARTED_ACTIVITY });
          continue;
        }
        // No try left: the job ends here, and the socket hears why.
        await recordUploadJobEnd(db, job.id, { state: 'failed', message: UPLOAD_MESSAGES.internal }, Math.floor(Date.now() / 1000));
        const end = await findUploadJobEnd(db, job.id);
        await publishJobEvent(db, end?.state === 'done' ? { jobId: job.id, type: 'result', projectId: end.projectId } : { jobId: job.id, type: 'error', message: end?.message ?? UPLOAD_MESSAGES.internal });
      }
      return ids;
    } finally {
      await sql`SELECT pg_advisory_unlock(${SWEEP_LOCK})`.execute(conn);
    }
  });
}

/** Sweeps every SWEEP_SECONDS until the returned function is called. */
export function startSweeping(deps: { db: Db; boss: PgBoss; bossSchema: string; log?: FastifyBaseLogger }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepLostJobs(deps)
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'lost conversion jobs could not be swept'))
      .finally(() => {
        running = false;
      });
  }, SWEEP_SECONDS * 1000).unref();
  return () => clearInterval(timer);
}
