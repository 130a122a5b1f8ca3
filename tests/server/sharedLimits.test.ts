/**
 * Limits shared between API processes: two app instances (A and B) on one PostgreSQL schema, or on
 * one Redis, draw on one login throttle and one shared-link budget.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_NOTES_PER_IP } from '../../server/domain/noteLimits';
import { openRedis } from '../../server/limits/limitStore';
import { ConfigError } from '../../server/config';
import { createAccount } from './helpers/accounts';
import { POSTGRES_URL, postgresReachable } from './helpers/databases';
import { call, errorCode } from './helpers/http';
import { addProject, addUser, inject } from './helpers/projectFixtures';
import { openTestRedis, REDIS_URL, redisReachable, type TestRedis } from './helpers/redis';
import { startTestServer, type TestServer, type TestServerOptions } from './helpers/testServer';

const postgres = await postgresReachable();
const redis = await redisReachable();
if (!postgres) console.warn(`PostgreSQL at ${POSTGRES_URL} is not reachable: limits shared through it are not tested.`);
if (!redis) console.warn(`Redis at ${REDIS_URL} is not reachable: limits shared through it are not tested.`);

const VICTIM = 'victim@example.com';
const ONE_PROCESS = [401, 401, 401, 401, 401, 401, 401, 401, 401, 429];

let servers: TestServer[] = [];
let schemas: string[] = [];
let stores: TestRedis[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  for (const store of stores) await store.dispose();
  if (schemas.length > 0) {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  servers = [];
  schemas = [];
  stores = [];
});

async function start(options: TestServerOptions): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

/** Two API processes on one PostgreSQL schema (no Redis). */
async function postgresPair(env: Record<string, string>): Promise<[TestServer, TestServer]> {
  const pgSchema = `test_limits_${process.pid}_${randomBytes(4).toString('hex')}`;
  schemas.push(pgSchema);
  const options = { env: { DATABASE_URL: POSTGRES_URL, ...env }, pgSchema };
  return [await start(options), await start(options)];
}

/** Two API processes, each on its own SQLite file, sharing one Redis under a key prefix of this test. */
async function redisPair(env: Record<string, string>): Promise<[TestServer, TestServer, TestRedis]> {
  const store = await openTestRedis();
  stores.push(store);
  const options = { env: { REDIS_URL, ...env }, appDeps: { redis: store.client } };
  return [await start(options), await start(options), store];
}

const login = (s: TestServer, password: string, clientIp: string, username = VICTIM) =>
  call(s.baseUrl, '/api/v1/auth/login', { body: { username, password }, clientIp });

/** Ten wrong passwords from one address (ten accounts, once each), the i-th sent to `processes[i % n]`. */
async function tenWrongPasswords(processes: TestServer[], clientIp: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i += 1) statuses.push((await login(processes[i % processes.length], `guess-${i}`, clientIp, `user${i}@example.com`)).status);
  return statuses;
}

/** Requests to the link routes from one address alternating between A and B. */
async function alternateLinkRequests(a: TestServer, b: TestServer, paths: [string, string], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = i % 2 === 0 ? a : b;
    statuses.push((await inject(server, paths[i % 2], { remoteAddress: '203.0.113.7' })).status);
  }
  return statuses;
}

/** Guest comments from one address alternating between A and B (through each one's link path). */
async function alternateGuestComments(a: TestServer, b: TestServer, paths: [string, string], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = i % 2 === 0 ? a : b;
    statuses.push((await inject(server, paths[i % 2], { body: { authorName: 'Guest', text: `note ${i}` }, remoteAddress: '203.0.113.44' })).status);
  }
  return statuses;
}

describe.runIf(postgres)('two API processes on one PostgreSQL database', () => {
  it('throttle ten wrong passwords spread across A and B as one process would', async () => {
    const [a, b] = await postgresPair({ TRUST_PROXY: 'loopback' });
    await createAccount(a.database.db, { username: VICTIM, password: 'right-password', nowMs: a.clock() });

    expect(await tenWrongPasswords([a], '203.0.113.1')).toEqual(ONE_PROCESS);
    expect(await tenWrongPasswords([a, b], '203.0.113.9')).toEqual(ONE_PROCESS);
    for (const server of [a, b]) {
      const refused = await login(server, 'right-password', '203.0.113.9');
      expect(refused.status).toBe(429);
      expect(errorCode(refused)).toBe('too_many_attempts');
    }
    expect((await login(b, 'right-password', '198.51.100.20')).status).toBe(200);
    // A minute later (on both clocks) the address may try again, on either process.
    a.clock.advance(61);
    b.clock.advance(61);
    expect((await login(b, 'right-password', '203.0.113.9')).status).toBe(200);
  });

  it("count a guest's comments sent to A and B in one budget per address", async () => {
    const [a, b] = await postgresPair({ SHARE_RATE_LIMIT: '0' });
    const owner = await addUser(a);
    const project = await addProject(a, owner.user.id, { published: true });
    const path = `/api/v1/projects/accessKeys/${project.accessKey}/comments`;
    const statuses = await alternateGuestComments(a, b, [path, path], GUEST_NOTES_PER_IP + 1);
    expect(statuses).toEqual([...Array<number>(GUEST_NOTES_PER_IP).fill(201), 429]);
    expect((await inject(b, path, { body: { authorName: 'Guest', text: 'again' }, remoteAddress: '203.0.113.44' })).status).toBe(429);
  });

  it('count the shared-link requests made to A and B in one budget per address', async () => {
    const [a, b] = await postgresPair({ SHARE_RATE_LIMIT: '5' });
    const owner = await addUser(a);
    const project = await addProject(a, owner.user.id, { published: true });
    const path = `/api/v1/projects/accessKeys/${project.accessKey}`;
    expect(await alternateLinkRequests(a, b, [path, path], 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await inject(a, path, { remoteAddress: '203.0.113.7' })).status).toBe(429);
    expect((await inject(b, path, { remoteAddress: '198.51.100.1' })).status).toBe(200);
  });
});

describe.runIf(redis)('two API processes on one Redis', () => {
  it('throttle ten wrong passwords spread across A and B as one process would', async () => {
    const [a, b, store] = await redisPair({ TRUST_PROXY: 'loopback' });
    for (const server of [a, b]) {
      await createAccount(server.database.db, { username: VICTIM, password: 'right-password', nowMs: server.clock() });
    }
    expect(await tenWrongPasswords([a], '203.0.113.1')).toEqual(ONE_PROCESS);
    expect(await tenWrongPasswords([a, b], '203.0.113.9')).toEqual(ONE_PROCESS);
    expect((await login(a, 'right-password', '203.0.113.9')).status).toBe(429);
    expect((await login(b, 'right-password', '203.0.113.9')).status).toBe(429);
    expect((await login(b, 'right-password', '198.51.100.20')).status).toBe(200);
    expect(await store.keys()).toContain(`${store.prefix}login:ip:203.0.113.9`);
  });

  it("count a guest's comments sent to A and B in one budget per address", async () => {
    const [a, b, store] = await redisPair({ SHARE_RATE_LIMIT: '0' });
    const paths = await Promise.all(
      [a, b].map(async (server) => {
        const owner = await addUser(server);
        const project = await addProject(server, owner.user.id, { published: true });
        return `/api/v1/projects/accessKeys/${project.accessKey}/comments`;
      }),
    );
    const statuses = await alternateGuestComments(a, b, paths as [string, string], GUEST_NOTES_PER_IP + 1);
    expect(statuses).toEqual([...Array<number>(GUEST_NOTES_PER_IP).fill(201), 429]);
    expect(await store.keys()).toContain(`${store.prefix}note:comment:ip:203.0.113.44`);
  });

  it('count the shared-link requests made to A and B in one budget per address', async () => {
    const [a, b, store] = await redisPair({ SHARE_RATE_LIMIT: '5' });
    // Each process has its own SQLite file, so each publishes its own project; the budget is the address's.
    const paths = await Promise.all(
      [a, b].map(async (server) => {
        const owner = await addUser(server);
        const project = await addProject(server, owner.user.id, { published: true });
        return `/api/v1/projects/accessKeys/${project.accessKey}`;
      }),
    );
    const statuses = await alternateLinkRequests(a, b, paths as [string, string], 6);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const blocked = await inject(a, paths[0], { remoteAddress: '203.0.113.7' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await inject(b, paths[1], { remoteAddress: '198.51.100.1' })).status).toBe(200);
    expect(await store.keys()).toContain(`${store.prefix}link:203.0.113.7`);
  });

  it('refuse logins with 503 while Redis is unreachable, and keep shared links open', async () => {
    const [a, , store] = await redisPair({ TRUST_PROXY: 'loopback', SHARE_RATE_LIMIT: '5' });
    await createAccount(a.database.db, { username: VICTIM, password: 'right-password', nowMs: a.clock() });
    const owner = await addUser(a);
    const project = await addProject(a, owner.user.id, { published: true });
    store.client.disconnect();

    const refused = await login(a, 'right-password', '203.0.113.9');
    expect(refused.status).toBe(503);
    expect(errorCode(refused)).toBe('login_unavailable');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const link = `/api/v1/projects/accessKeys/${project.accessKey}`;
    for (let i = 0; i < 7; i += 1) expect((await inject(a, link, { remoteAddress: '203.0.113.7' })).status).toBe(200);
  });
});

describe('REDIS_URL that nothing answers', () => {
  it('stops the start with a configuration error naming REDIS_URL, without the password', async () => {
    const error = await openRedis('redis://:secret-pw@127.0.0.1:1/0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/REDIS_URL: no Redis answers at redis:\/\/127\.0\.0\.1:1\/0/);
    expect(message).not.toContain('secret-pw');
  });
});
