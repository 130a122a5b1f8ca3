/**
 * The sweeper against a real PostgreSQL and pg-boss: an active conversion job whose beat has gone
 * quiet is failed once, so pg-boss hands it to the next worker, and the waiting socket hears that
 * it restarted; one lost on its last try ends as failed with a message; a beating job, or one that
 * has just started, is left alone.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { findUploadJobEnd } from '../../server/db/uploadJobs';
import type { ConversionJob, JobEvent, JobEventHub } from '../../server/domain/conversionJobs';
import { UPLOAD_MESSAGES } from '../../server/domain/uploadErrors';
import { bossSchemaFor, CONVERSION_QUEUE, openBoss, openConversionQueue } from '../../server/jobs/conversionQueue';
import { LOST_AFTER_SECONDS, RESTARTED_ACTIVITY, startHeartbeat, sweepLostJobs } from '../../server/jobs/heartbeats';
import { listenToJobEvents } from '../../server/jobs/jobEvents';
import { openTestPostgres, POSTGRES_URL, postgresReachable, type TestDatabase } from './helpers/databases';
import { until } from './helpers/until';

const reachable = await postgresReachable();

describe.skipIf(!reachable)('lost conversion jobs', () => {
  let database: TestDatabase;
  let boss: PgBoss;
  let bossSchema: string;
  let events: JobEventHub;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openTestPostgres();
    await migrateToLatest(database.handle);
    bossSchema = bossSchemaFor(database.handle.schema);
    boss = await openBoss({ url: POSTGRES_URL, appSchema: database.handle.schema, convertTimeoutSeconds: 600 });
    events = await listenToJobEvents(POSTGRES_URL);
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await events?.close();
    await boss?.stop({ graceful: false, wait: true });
    await admin?.query(`DROP SCHEMA IF EXISTS ${bossSchema} CASCADE`);
    await admin?.end();
    await database?.dispose();
  }, 60_000);

  const sweep = () => sweepLostJobs({ db: database.handle.db, boss, bossSchema });
  const state = async (id: string) => (await admin.query<{ state: string }>(`SELECT state FROM ${bossSchema}.job WHERE id = $1`, [id])).rows[0]?.state;

  /** Sends a job and takes it as a worker would: it is active from then on. */
  async function activeJob(retryLimit: number): Promise<string> {
    const jobId = randomUUID();
    const data: ConversionJob = { jobId, ownerId: 1, fileName: 'a.dae', originalKey: `uploads/${jobId}/original.dae`, kind: 'create', name: 'A' };
    await boss.send(CONVERSION_QUEUE, data, { id: jobId, retryLimit, expireInSeconds: 600 });
    await until(async () => {
      const [job] = await boss.fetch(CONVERSION_QUEUE, { batchSize: 1 });
      return job?.id === jobId ? true : undefined;
    });
    return jobId;
  }
  /** Moves the job's start, and its beat if it has one, back by `seconds`. */
  async function age(jobId: string, seconds: number): Promise<void> {
    await admin.query(`UPDATE ${bossSchema}.job SET started_on = started_on - make_interval(secs => $2) WHERE id = $1`, [jobId, seconds]);
    await admin.query(`UPDATE ${database.handle.schema}.conversion_heartbeats SET beat_at = beat_at - $2 WHERE job_id = $1`, [jobId, seconds]);
  }
  function heard(jobId: string): JobEvent[] {
    const list: JobEvent[] = [];
    events.watch(jobId, (event) => list.push(event));
    return list;
  }

  it('a job whose worker went quiet is handed on once, and its socket hears that it restarted', async () => {
    const jobId = await activeJob(2);
    const told = heard(jobId);
    await age(jobId, LOST_AFTER_SECONDS + 5);
    expect(await sweep()).toEqual([jobId]);
    expect(await state(jobId)).toBe('retry');
    await until(async () => (told.length > 0 ? true : undefined));
    expect(told).toEqual([{ jobId, type: 'status', progress: 0, activity: RESTARTED_ACTIVITY }]);
    // Swept again at once: nothing left to hand on.
    expect(await sweep()).toEqual([]);
    expect(await findUploadJobEnd(database.handle.db, jobId)).toBeUndefined();
  });

  it('a beating job is left alone however long it has run, and so is one that has only just started', async () => {
    const beating = await activeJob(2);
    const stop = startHeartbeat(database.handle.db, beating);
    await until(async () => ((await admin.query(`SELECT 1 FROM ${database.handle.schema}.conversion_heartbeats WHERE job_id = $1`, [beating])).rowCount ? true : undefined));
    await admin.query(`UPDATE ${bossSchema}.job SET started_on = started_on - interval '10 minutes' WHERE id = $1`, [beating]);
    const fresh = await activeJob(2);
    expect(await sweep()).toEqual([]);
    expect(await state(beating)).toBe('active');
    expect(await state(fresh)).toBe('active');
    await stop();
    // Its beat removed once the job is over: quiet from then on, so it would be handed on.
    expect((await admin.query(`SELECT 1 FROM ${database.handle.schema}.conversion_heartbeats WHERE job_id = $1`, [beating])).rowCount).toBe(0);
    expect(await sweep()).toEqual([beating]);
    await age(fresh, LOST_AFTER_SECONDS + 5);
    expect(await sweep()).toEqual([fresh]);
  });

  it('a job lost on its last try ends as failed, and its socket hears the message', async () => {
    const jobId = await activeJob(0);
    const told = heard(jobId);
    await age(jobId, LOST_AFTER_SECONDS + 5);
    expect(await sweep()).toEqual([jobId]);
    expect(await state(jobId)).toBe('failed');
    expect(await findUploadJobEnd(database.handle.db, jobId)).toEqual({ state: 'failed', message: UPLOAD_MESSAGES.internal });
    await until(async () => (told.length > 0 ? true : undefined));
    expect(told).toEqual([{ jobId, type: 'error', message: UPLOAD_MESSAGES.internal }]);
  });

  it("the metrics read the queue: jobs no worker took, and the oldest one's age", async () => {
    const queue = await openConversionQueue({ url: POSTGRES_URL, appSchema: database.handle.schema, convertTimeoutSeconds: 600 });
    try {
      expect(await queue.oldestWaitingSeconds()).toBe(0);
      const jobId = randomUUID();
      await queue.send({ jobId, ownerId: 1, fileName: 'a.dae', originalKey: `uploads/${jobId}/original.dae`, kind: 'create', name: 'A' });
      await admin.query(`UPDATE ${bossSchema}.job SET created_on = created_on - interval '90 seconds' WHERE id = $1`, [jobId]);
      expect(await queue.waiting()).toBe(1);
      expect(await queue.oldestWaitingSeconds()).toBeGreaterThanOrEqual(90);
      expect(await queue.oldestWaitingSeconds()).toBeLessThan(120);
    } finally {
      await queue.close();
    }
  });
});
