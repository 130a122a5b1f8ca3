/**
 * Conversions as jobs on PostgreSQL, against real processes: two API servers that convert nothing
 * themselves (CONVERT_THREADS=0, so the queue is on) over one database and one blob folder, and
 * conversion workers started as `npm run worker` starts them. An upload through A is converted by
 * the worker and read through B; a worker killed while its job is active leaves the job to the
 * worker already waiting within seconds (its heartbeat went quiet), and the socket still gets its project, created once; an update is recorded as the
 * next revision; an API process killed while its user waits still leaves the project, once, in the list.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { createAccessTokens } from '../../server/auth/accessTokens';
import { API_BASE } from '../../server/config';
import { systemClock } from '../../server/domain/clock';
import { bossSchemaFor, CONVERSION_QUEUE, openConversionQueue } from '../../server/jobs/conversionQueue';
import { RESTARTED_ACTIVITY } from '../../server/jobs/heartbeats';
import { JOB_TIMEOUT_MESSAGE, QUEUED_ACTIVITY } from '../../server/http/uploadQueued';
import { POSTGRES_URL, postgresReachable } from './helpers/databases';
import { call } from './helpers/http';
import { addUser, type TestUser } from './helpers/projectFixtures';
import { exitCode, firstLine, spawnTsx } from './helpers/spawnTsx';
import { makeTempDir, startTestServer, type TestServer } from './helpers/testServer';
import { lastMessage, projectCount, secureToken, upload, type UploadOutcome } from './helpers/uploads';
import { until } from './helpers/until';

const reachable = await postgresReachable();
if (!reachable) console.warn(`PostgreSQL at ${POSTGRES_URL} is not reachable: the job queue tests are skipped.`);

const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
const bossSchema = bossSchemaFor(schema);
// The default conversion budget (600 s, so a job expires after 720 s): a dead worker is noticed by its silence, not the expiry.
const env = { DATABASE_URL: POSTGRES_URL, CONVERT_THREADS: '0' };
const workerEnv = (dir: string) => ({
  DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
  DATA_DIR: dir,
  CONVERT_THREADS: '1',
  LOG_LEVEL: 'warn',
});

let dir: string;
let a: TestServer;
let b: TestServer;
let owner: TestUser;
let admin: pg.Client;
const children: ChildProcessWithoutNullStreams[] = [];
/** The worker left running by one test for the next. */
let running: ChildProcessWithoutNullStreams | undefined;
let firstProject: Project;

async function startWorker(script = 'server/worker.ts'): Promise<ChildProcessWithoutNullStreams> {
  const child = spawnTsx(script, workerEnv(dir));
  children.push(child);
  await firstLine(child, 60_000);
  return child;
}

async function stopWorker(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): Promise<void> {
  const exited = exitCode(child);
  child.kill(signal);
  await exited;
}


function resultOf(outcome: UploadOutcome): Project {
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)} / ${outcome.failure}`);
  return last.project;
}

const dae = () => writeSample(generateAssembly({ parts: 6, seed: 5 }), 'dae');

describe.skipIf(!reachable)('conversions as jobs on PostgreSQL', () => {
  beforeAll(async () => {
    dir = await makeTempDir('cv-queue-');
    a = await startTestServer({ env, pgSchema: schema, dir });
    b = await startTestServer({ env, pgSchema: schema, dir });
    owner = await addUser(a, 'Olivia Owner');
    // The workers record projects at the real time, past the test servers' clock: a plan valid at both.
    await a.database.db.updateTable('subscription_plans').set({ total_credits: 100, expiration_date: Math.floor(Date.now() / 1000) + 365 * 86_400 }).where('user_id', '=', owner.user.id).execute();
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) await stopWorker(child, 'SIGKILL');
    await a?.close();
    await b?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${bossSchema} CASCADE`);
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('an upload through A is converted by the worker and read, project and model, through B', async () => {
    expect(a.config.convertQueue).toBe(true);
    const worker = await startWorker();
    const before = await projectCount(a, owner.user.id);
    const outcome = await upload(a, { kind: 'create', secureToken: await secureToken(a, owner.token), projectName: 'Queued kitchen', fileName: 'kitchen.dae', file: await dae() });
    const project = resultOf(outcome);
    expect(project.name).toBe('Queued kitchen');
    firstProject = project;
    // Queued first, then the worker's progress reached A's socket before the result.
    const statuses = outcome.messages.flatMap((m) => (m.type === 'status' ? [m.activity] : []));
    expect(statuses[0]).toBe(QUEUED_ACTIVITY);
    expect(statuses.length).toBeGreaterThan(1);
    expect(await projectCount(a, owner.user.id)).toBe(before + 1);

    const tokenOnB = await b.app.services.accessTokens.sign(owner.user.id);
    const read = await call(b.baseUrl, `${API_BASE}/projects/${project.id}`, { token: tokenOnB });
    expect(read.status).toBe(200);
    expect((read.json as Project).name).toBe('Queued kitchen');
    const model = await fetch(`${b.baseUrl}${(read.json as Project).modelUrl}`);
    expect(model.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await model.arrayBuffer()).subarray(0, 4))).toBe('glTF');
    await stopWorker(worker, 'SIGTERM');
  }, 120_000);

  it('a worker SIGKILLed mid-job, default time budget: another worker finishes it within 45 s, the socket told it restarted, the project created once', async () => {
    expect(a.config.convertTimeoutSeconds).toBe(600);
    const stuck = await startWorker('tests/server/helpers/stuckWorker.ts');
    const before = await projectCount(a, owner.user.id);
    const pending = upload(a, { kind: 'create', secureToken: await secureToken(a, owner.token), projectName: 'Retried kitchen', fileName: 'kitchen.dae', file: await dae() });
    const jobId = await until(async () => {
      const { rows } = await admin.query<{ id: string }>(`SELECT id FROM ${bossSchema}.job WHERE name = $1 AND state = 'active'`, [CONVERSION_QUEUE]);
      return rows[0]?.id;
    });
    // Another worker is already waiting for jobs when the first one dies.
    running = await startWorker();
    const killedAt = Date.now();
    await stopWorker(stuck, 'SIGKILL');

    const outcome = await pending;
    const secondsAfterKill = (Date.now() - killedAt) / 1000;
    const project = resultOf(outcome);
    expect(project.name).toBe('Retried kitchen');
    expect(secondsAfterKill).toBeLessThan(45);
    const statuses = outcome.messages.flatMap((m) => (m.type === 'status' ? [m.activity] : []));
    expect(statuses).toContain(RESTARTED_ACTIVITY);
    expect(await projectCount(a, owner.user.id)).toBe(before + 1);
    // The socket hears the result as the worker announces it, just before pg-boss marks the job completed.
    const job = await until(async () => {
      const { rows } = await admin.query<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM ${bossSchema}.job WHERE id = $1`, [jobId]);
      return rows[0]?.state === 'completed' ? rows[0] : undefined;
    });
    expect(job.retry_count).toBe(1);
    const ends = await a.database.db.selectFrom('upload_jobs').selectAll().where('id', '=', jobId).execute();
    expect(ends).toMatchObject([{ state: 'done', project_id: project.id }]);
  }, 120_000);

  it('a model update through A is converted and recorded by the worker as the next revision, a paid one spending its credit', async () => {
    if (!running || running.exitCode !== null || running.signalCode !== null) running = await startWorker();
    const outcome = await upload(a, { kind: 'setModel', secureToken: await secureToken(a, owner.token), projectId: firstProject.id, fileName: 'kitchen-v2.dae', file: await dae() });
    const project = resultOf(outcome);
    expect(project).toMatchObject({ id: firstProject.id, revisionNumber: firstProject.revisionNumber + 1 });
    expect(project.modelUrl).not.toBe(firstProject.modelUrl);

    // Past the free allowance: the API asks, the worker spends the credit when it records the update.
    const { db } = a.database;
    await db.updateTable('projects').set((eb) => ({ consumed_update_count: eb.ref('max_update_count') })).where('id', '=', project.id).execute();
    const credits = async () => (await db.selectFrom('subscription_plans').select('consumed_credits').where('user_id', '=', owner.user.id).executeTakeFirstOrThrow()).consumed_credits;
    const spent = await credits();
    const paid = await upload(a, { kind: 'setModel', secureToken: await secureToken(a, owner.token), projectId: project.id, fileName: 'kitchen-v3.dae', file: await dae() }, { confirm: true });
    expect(paid.messages[0]).toEqual({ type: 'confirmConsumeCredit' });
    expect(resultOf(paid).revisionNumber).toBe(project.revisionNumber + 1);
    expect(await credits()).toBe(spent + 1);
  }, 120_000);

  it('an API process killed while its user waits: the project is still created once and appears in the list', async () => {
    if (running) await stopWorker(running, 'SIGTERM');
    const stuck = await startWorker('tests/server/helpers/stuckWorker.ts');
    const secret = randomBytes(24).toString('hex');
    const api = spawnTsx('server/main.ts', { ...workerEnv(dir), CONVERT_THREADS: '0', PORT: '0', HOST: '127.0.0.1', TOKEN_SECRET: secret, STATIC_DIR: dir });
    children.push(api);
    const origin = (await firstLine(api, 60_000)).replace(/^.*(http:\/\/\S+?)\/?$/, '$1').replace('localhost', '127.0.0.1');
    const viaApi = { baseUrl: origin } as TestServer;
    const token = await createAccessTokens(new TextEncoder().encode(secret), 900, systemClock).sign(owner.user.id);
    const pending = upload(viaApi, { kind: 'create', secureToken: await secureToken(viaApi, token), projectName: 'Survivor', fileName: 'kitchen.dae', file: await dae() });
    const jobId = await until(async () => {
      const { rows } = await admin.query<{ id: string }>(`SELECT id FROM ${bossSchema}.job WHERE name = $1 AND state = 'active'`, [CONVERSION_QUEUE]);
      return rows[0]?.id;
    });
    await stopWorker(api, 'SIGKILL');
    expect(lastMessage(await pending)?.type).not.toBe('result');
    await stopWorker(stuck, 'SIGKILL');

    running = await startWorker();
    await until(async () => {
      const { rows } = await admin.query<{ state: string }>(`SELECT state FROM ${bossSchema}.job WHERE id = $1`, [jobId]);
      return rows[0]?.state === 'completed' ? true : undefined;
    }, 60_000);
    const list = await call(b.baseUrl, `${API_BASE}/projects`, { token: await b.app.services.accessTokens.sign(owner.user.id) });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json).match(/"name":"Survivor"/g)).toHaveLength(1);
  }, 120_000);

  it("a file the worker cannot convert: the socket gets the converter's message and no credit is spent", async () => {
    const [before] = await a.database.db.selectFrom('subscription_plans').select('consumed_credits').where('user_id', '=', owner.user.id).execute();
    const text = '0\nSECTION\n2\nENTITIES\n0\nTEXT\n8\n0\n10\n0\n20\n0\n30\n0\n40\n5\n1\nHello\n0\nENDSEC\n0\nEOF\n';
    const outcome = await upload(a, { kind: 'create', secureToken: await secureToken(a, owner.token), projectName: '', fileName: 'empty.dxf', file: new TextEncoder().encode(text) });
    expect(lastMessage(outcome)).toEqual({ type: 'error', message: expect.stringContaining('contains no 3D geometry') });
    const [after] = await a.database.db.selectFrom('subscription_plans').select('consumed_credits').where('user_id', '=', owner.user.id).execute();
    expect(after.consumed_credits).toBe(before.consumed_credits);
  }, 60_000);

  it('no worker answers: the socket says the conversion did not finish in time, after its bounded wait', async () => {
    if (running) await stopWorker(running, 'SIGTERM');
    const queue = await openConversionQueue({ url: POSTGRES_URL, appSchema: schema, convertTimeoutSeconds: 8 });
    const c = await startTestServer({ env, pgSchema: schema, dir, appDeps: { conversionQueue: { ...queue, answerTimeoutMs: 1500 } } });
    try {
      const tokenOnC = await c.app.services.accessTokens.sign(owner.user.id);
      const outcome = await upload(c, { kind: 'create', secureToken: await secureToken(c, tokenOnC), projectName: 'Late', fileName: 'kitchen.dae', file: await dae() });
      expect(lastMessage(outcome)).toEqual({ type: 'error', message: JOB_TIMEOUT_MESSAGE });
    } finally {
      await c.close();
      await queue.close();
    }
  }, 60_000);
});
