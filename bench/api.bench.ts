/**
 * API: requests/s and p99 latency of `GET projects` (a user with 1,000 projects) and of
 * `GET projects/accessKeys/{key}` under 50 concurrent connections on loopback (autocannon, in its
 * own process so it does not share the server's event loop). Reference: `GET /config.json`, a
 * constant JSON answer on the same server, the floor of Fastify plus our hooks.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { createProject } from '../server/db/projects';
import { createUser } from '../server/db/users';
import { ALL_SHARE_OPTIONS } from '../src/api/schemas';
import { buildApp } from '../server/http/app';
import { createLocalBlobStore } from '../server/storage/localBlobStore';
import type { Bench, Row } from './lib/types';

const run = promisify(execFile);
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');
const CONNECTIONS = 50;

interface CannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  throughput: { average: number };
  non2xx: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon on one URL; every answer must be a 2xx, or a 3xx or 4xx where `expected` says so (the 304 and 404 rows). */
async function cannon(url: string, seconds: number, headers: Record<string, string> = {}, expected: '2xx' | '3xx' | '4xx' = '2xx'): Promise<CannonResult> {
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-n'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as CannonResult;
  const unexpected = expected === '2xx' ? result.non2xx : result.non2xx - result[expected] + result['2xx'];
  if (unexpected > 0 || result.errors > 0) {
    throw new Error(`${url}: ${unexpected} answers other than ${expected}, ${result.errors} errors`);
  }
  return result;
}

const bench: Bench = {
  name: 'api',
  description: `project API throughput and p99 latency, ${CONNECTIONS} connections on loopback (autocannon)`,
  async run({ smoke, repeats, log }) {
    const projectCount = smoke ? 10 : 1000;
    const seconds = smoke ? 1 : 5;
    const dir = await mkdtemp(path.join(tmpdir(), 'cv-api-bench-'));
    const config = loadConfig(
      { DATA_DIR: dir, STATIC_DIR: path.join(dir, 'dist'), SHARE_RATE_LIMIT: '0', ACCESS_TOKEN_TTL: '86400', MAX_CONNECTIONS_PER_IP: '0' },
      { cwd: dir },
    );
    const database = await openDatabase(config.database);
    await migrateToLatest(database);
    const app = await buildApp({
      config,
      db: database.db,
      blobs: createLocalBlobStore(path.join(dir, 'blobs')),
      tokenSecret: new Uint8Array(32).fill(7),
    });
    try {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const user = await createUser(database.db, { username: 'bench@example.com', passwordHash: 'unused', fullName: 'Bench User', nowSeconds });
      log(`inserting ${projectCount} projects...`);
      const keys = await database.db.transaction().execute(async (trx) => {
        const list: string[] = [];
        for (let i = 0; i < projectCount; i += 1) {
          const project = await createProject(trx, {
            ownerId: user.id,
            name: `Kitchen ${String(i + 1).padStart(4, '0')}`,
            nowSeconds: nowSeconds - i * 60,
            isPublished: i % 2 === 0,
            shareOptions: ALL_SHARE_OPTIONS,
            maxUpdateCount: 3,
            model: { modelBlobKey: `projects/${i}/r1/model.glb`, originalBlobKey: null, originalFileName: null },
          });
          list.push(project.accessKey);
        }
        return list;
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const token = await app.services.accessTokens.sign(user.id);
      const listAnswer = await app.inject({ url: '/api/v1/projects', headers: { authorization: `Bearer ${token}` } });
      const listSize = listAnswer.rawPayload.length;
      const etag = String(listAnswer.headers.etag);
      const encodedSize = async (encoding: string) =>
        (await app.inject({ url: '/api/v1/projects', headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } })).rawPayload.length;
      const [brSize, gzipSize] = [await encodedSize('br'), await encodedSize('gzip')];
      const notModified = await app.inject({ url: '/api/v1/projects', headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
      const notModifiedBytes = notModified.rawPayload.length + JSON.stringify(notModified.headers).length;

      // A cursor past the first page of the name sort, for the paged row.
      const firstPage = JSON.parse((await app.inject({ url: '/api/v1/projects?limit=36&sort=name&search=kitchen', headers: { authorization: `Bearer ${token}` } })).body) as { nextCursor: string | null };
      const pageQuery = new URLSearchParams({ limit: '36', sort: 'name', search: 'kitchen', ...(firstPage.nextCursor ? { cursor: firstPage.nextCursor } : {}) });
      const REFERENCE = 'GET /config.json (constant JSON)';
      const targets: { label: string; url: string; headers: Record<string, string>; expected?: '3xx' | '4xx' }[] = [
        { label: REFERENCE, url: `${origin}/config.json`, headers: {} },
        { label: `GET /api/v1/projects (${projectCount} projects)`, url: `${origin}/api/v1/projects`, headers: { authorization: `Bearer ${token}` } },
        { label: `GET /api/v1/projects (${projectCount} projects), brotli`, url: `${origin}/api/v1/projects`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } },
        // A returning browser revalidates its cached list: the unchanged list answers 304.
        {
          label: `GET /api/v1/projects (${projectCount} projects), revalidated (304)`,
          url: `${origin}/api/v1/projects`,
          headers: { authorization: `Bearer ${token}`, 'if-none-match': etag, 'accept-encoding': 'br' },
          expected: '3xx',
        },
        // The screen's first page, and a page further on (a search and a name sort, as a user scrolls).
        { label: `GET /api/v1/projects?limit=36 (${projectCount} projects), brotli`, url: `${origin}/api/v1/projects?limit=36`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } },
        { label: `GET a page of 36 by name, searched, after a cursor (${projectCount} projects)`, url: `${origin}/api/v1/projects?${pageQuery}`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } },
        { label: 'GET /api/v1/projects/accessKeys/{key}', url: `${origin}/api/v1/projects/accessKeys/${keys[0]}`, headers: {} },
        // An unpublished key and an unknown one must not be told apart, not even by their time.
        { label: 'GET accessKeys/{unpublished key} (404)', url: `${origin}/api/v1/projects/accessKeys/${keys[1]}`, headers: {}, expected: '4xx' },
        { label: 'GET accessKeys/{unknown key} (404)', url: `${origin}/api/v1/projects/accessKeys/${'Zz9'.repeat(7)}Q`, headers: {}, expected: '4xx' },
      ];
      if (!smoke) {
        log('warming up...');
        for (const target of targets) await cannon(target.url, 1, target.headers, target.expected);
      }
      const rows: Row[] = targets.map((t) => ({ label: t.label, samples: {}, ...(t.label === REFERENCE ? {} : { versus: REFERENCE }) }));
      // Rounds interleave the routes, so a slow moment of the machine hits all of them alike.
      for (let round = 0; round < repeats; round += 1) {
        for (const [i, target] of targets.entries()) {
          log(`round ${round + 1}/${repeats}: ${target.label}`);
          const result = await cannon(target.url, seconds, target.headers, target.expected);
          const samples = rows[i].samples;
          (samples.rps ??= []).push(result.requests.average);
          (samples.p99 ??= []).push(result.latency.p99);
          (samples.mbps ??= []).push(result.throughput.average / (1024 * 1024));
        }
      }
      const median = (values: number[] = []) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
      const p99Of = (label: string) => median(rows.find((r) => r.label === label)?.samples.p99);
      const ratioOf = (label: string) => p99Of(label) / p99Of(REFERENCE);
      const listLabel = `GET /api/v1/projects (${projectCount} projects)`;
      const revalidated = ratioOf(`${listLabel}, revalidated (304)`);
      return [
        {
          title: `Project API under ${CONNECTIONS} connections (${seconds} s runs, loopback)`,
          reference: 'GET /config.json on the same server: a constant JSON answer, the floor of Fastify and our hooks',
          metrics: [
            { key: 'rps', label: 'requests/s', unit: '', better: 'higher', digits: 0 },
            { key: 'p99', label: 'p99 latency', unit: 'ms', better: 'lower', digits: 1 },
            { key: 'mbps', label: 'throughput', unit: 'MB/s', better: 'higher', digits: 1 },
          ],
          rows,
          notes: [
            `Target: GET projects with ${projectCount} projects, p99 within 3x the constant answer's: revalidated (what a returning browser sends) ${revalidated.toFixed(2)}x (${revalidated <= 3 ? 'met' : 'NOT met'}); a full answer ${ratioOf(listLabel).toFixed(2)}x plain, ${ratioOf(`${listLabel}, brotli`).toFixed(2)}x with brotli.`,
            `Target: a page of 36 projects at ${projectCount} projects, p99 within 3x the constant answer's: first page ${ratioOf(`GET /api/v1/projects?limit=36 (${projectCount} projects), brotli`).toFixed(2)}x, a searched page by name after a cursor ${ratioOf(`GET a page of 36 by name, searched, after a cursor (${projectCount} projects)`).toFixed(2)}x (${Math.max(ratioOf(`GET /api/v1/projects?limit=36 (${projectCount} projects), brotli`), ratioOf(`GET a page of 36 by name, searched, after a cursor (${projectCount} projects)`)) <= 3 ? 'met' : 'NOT met'}).`,
            `GET projects answers ${(listSize / 1024).toFixed(0)} KB of JSON (${projectCount} projects; ${(brSize / 1024).toFixed(0)} KB with brotli, ${(gzipSize / 1024).toFixed(0)} KB with gzip), read with a bearer token (JWT check and user lookup per request).`,
            'A full answer is the encoded answer kept for the list\'s current version: the list is read, written and compressed once per version and encoding (server/http/listAnswers.ts), so these rows measure every request after the first of a version.',
            `Revalidated with its ETag, an unchanged list answers 304 in about ${notModifiedBytes} bytes (headers included): one lookup of the user's list version, the list is neither read nor written.`,
            'The access-key route is one indexed query joined to the owner; the rate limit is lifted (SHARE_RATE_LIMIT=0).',
            'An unpublished key and an unknown key run that same query and answer the same 404: their rows should differ by noise only.',
            'SQLite in a temporary DATA_DIR; autocannon runs in a child process so that it does not share the server’s event loop.',
          ],
        },
      ];
    } finally {
      await app.close();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
export default bench;
