/**
 * A rolling restart, with real processes: two API processes (each converting in its own threads)
 * over one PostgreSQL and one blob folder, behind a balancer that passes a refused connection to
 * the other process. While shared links are opened and uploads go on through the balancer, each
 * process in turn gets SIGTERM and is started again. Nothing acknowledged is lost, no request
 * fails, and an upload the stopping process was converting still gets its project (the process
 * drains its upload sockets first, and says it is stopping on /readyz meanwhile).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectListSchema, type Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { createAccessTokens } from '../../server/auth/accessTokens';
import { API_BASE } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { systemClock } from '../../server/domain/clock';
import { createAccount } from './helpers/accounts';
import { POSTGRES_URL, postgresReachable } from './helpers/databases';
import { startFailoverProxy, type FailoverProxy } from './helpers/failoverProxy';
import { call } from './helpers/http';
import { exitCode, firstLine, spawnTsx } from './helpers/spawnTsx';
import { makeTempDir, type TestServer } from './helpers/testServer';
import { secureToken, upload, type UploadOutcome } from './helpers/uploads';
import { until } from './helpers/until';

const reachable = await postgresReachable();
const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
const secret = randomBytes(24).toString('hex');

let dir: string;
let database: DatabaseHandle;
let token: string;
let proxy: FailoverProxy;
const processes: { port: number; child: ChildProcessWithoutNullStreams }[] = [];

async function startApi(port = 0): Promise<{ port: number; child: ChildProcessWithoutNullStreams }> {
  const child = spawnTsx('server/main.ts', {
    DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    DATA_DIR: dir,
    STATIC_DIR: dir,
    CONVERT_THREADS: '1',
    CONVERT_PART_THREADS: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    TOKEN_SECRET: secret,
    LOG_LEVEL: 'warn',
    SHARE_RATE_LIMIT: '0',
  });
  const line = await firstLine(child, 60_000);
  return { port: Number(/:(\d+)\/?\s*$/.exec(line)?.[1]), child };
}

const viaProxy = () => ({ baseUrl: proxy.origin }) as TestServer;
const dae = (seed: number) => writeSample(generateAssembly({ parts: 5, seed }), 'dae');

async function uploadOne(name: string, seed: number, server: TestServer = viaProxy()): Promise<UploadOutcome> {
  return upload(server, { kind: 'create', secureToken: await secureToken(server, token), projectName: name, fileName: 'kitchen.dae', file: await dae(seed) });
}

describe.skipIf(!reachable)('a rolling restart of two API processes', () => {
  beforeAll(async () => {
    dir = await makeTempDir('cv-rolling-');
    database = await openDatabase({ kind: 'postgres', url: POSTGRES_URL }, { pgSchema: schema });
    await migrateToLatest(database);
    const user = await createAccount(database.db, { username: 'rolling@example.com', password: 'a-long-password', nowMs: Date.now() });
    await database.db.updateTable('subscription_plans').set({ total_credits: 100 }).where('user_id', '=', user.id).execute();
    token = await createAccessTokens(new TextEncoder().encode(secret), 3600, systemClock).sign(user.id);
    processes.push(await startApi(), await startApi());
    proxy = await startFailoverProxy(processes.map((p) => `http://127.0.0.1:${p.port}`));
  }, 120_000);

  afterAll(async () => {
    for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await proxy?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('loses no acknowledged write and fails no request while each process restarts in turn', async () => {
    // A published project whose link is opened throughout.
    const first = await uploadOne('Linked kitchen', 1);
    expect(first.messages.at(-1)?.type).toBe('result');
    const linked = (first.messages.at(-1) as { project: Project }).project;
    expect((await call(proxy.origin, `${API_BASE}/projects/${linked.id}`, { method: 'PATCH', token, body: { isPublished: true } })).status).toBe(204);

    const failures: string[] = [];
    const acknowledged: string[] = [];
    let opens = 0;
    let running = true;
    const linkOpens = (async () => {
      while (running) {
        const shared = await call(proxy.origin, `${API_BASE}/projects/accessKeys/${linked.accessKey}`).catch((error: Error) => ({ status: 0, json: error.message }));
        if (shared.status !== 200) failures.push(`link ${shared.status} ${JSON.stringify(shared.json)}`);
        else {
          const model = await fetch(`${proxy.origin}${(shared.json as { modelUrl: string }).modelUrl}`).catch(() => undefined);
          if (model?.status !== 200) failures.push(`model ${model?.status}`);
          await model?.arrayBuffer();
        }
        opens += 1;
      }
    })();
    const uploads = (async () => {
      for (let i = 0; running; i += 1) {
        const outcome = await uploadOne(`Kitchen ${i}`, 10 + i);
        const last = outcome.messages.at(-1);
        if (last?.type === 'result') acknowledged.push(last.project.name);
        else failures.push(`upload ${JSON.stringify(last ?? outcome.failure)}`);
      }
    })();

    for (const [index, api] of processes.entries()) {
      // An upload straight to the process about to stop, stopped while it converts.
      const converting = new Promise<UploadOutcome>((resolve) => {
        void (async () => {
          const server = { baseUrl: `http://127.0.0.1:${api.port}` } as TestServer;
          const outcome = await upload(
            server,
            { kind: 'create', secureToken: await secureToken(server, token), projectName: `Drained ${index}`, fileName: 'kitchen.dae', file: await dae(100 + index) },
            { onMessage: (message) => message.type === 'status' && api.child.signalCode === null && !api.child.killed && api.child.kill('SIGTERM') },
          );
          resolve(outcome);
        })();
      });
      const drained = await converting;
      expect(drained.messages.at(-1)).toMatchObject({ type: 'result', project: { name: `Drained ${index}` } });
      acknowledged.push(`Drained ${index}`);
      expect(await exitCode(api.child)).toBe(0);
      processes[index] = await startApi(api.port);
      // Traffic reaches the new process before the other one stops.
      await until(async () => ((await fetch(`http://127.0.0.1:${api.port}/readyz`)).status === 200 ? true : undefined), 30_000);
    }
    running = false;
    await Promise.all([linkOpens, uploads]);

    expect(failures).toEqual([]);
    expect(opens).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThanOrEqual(4);
    // Each stopped process refused connections that the balancer passed on.
    expect(proxy.refused).toBeGreaterThan(0);
    const list = projectListSchema.parse((await call(proxy.origin, `${API_BASE}/projects`, { token })).json);
    for (const name of acknowledged) expect(list.filter((p) => p.name === name), name).toHaveLength(1);
  }, 240_000);
});
