/**
 * `npm run cluster`: the product past one machine, on this one. Two API processes (ports 8081 and
 * 8082, CLUSTER_PORT to move them) and one conversion worker, sharing:
 *   - PostgreSQL: CLUSTER_DATABASE_URL, default the database `cabinet_cluster` on 127.0.0.1:5432
 *     (created when missing);
 *   - an S3-compatible server: s3rver on 127.0.0.1:4569, bucket `cabinet`, files under .cluster/s3
 *     (set CLUSTER_S3_ENDPOINT to use another server; the bucket must exist there);
 *   - Redis: CLUSTER_REDIS_URL, default redis://127.0.0.1:6379 (login throttling, link rate limit);
 *   - one TOKEN_SECRET (kept in .cluster/token-secret), so a login on one API works on the other.
 * The APIs convert nothing themselves (CONVERT_THREADS=0): uploads become jobs the worker takes.
 * The processes run the built server (dist-server/, built on start). Ctrl-C stops everything. A load balancer in front of the two ports is all a real deployment adds.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve('.cluster');
const basePort = Number(process.env.CLUSTER_PORT ?? 8081);
const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cabinet_cluster';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const children: ChildProcess[] = [];
let s3Server: { close(): Promise<unknown> } | null = null;

function log(line: string): void {
  process.stdout.write(`[cluster] ${line}\n`);
}

/** Creates the cluster's database when it is missing (PostgreSQL has no CREATE DATABASE IF NOT EXISTS). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid database name: ${name}`);
      await client.query(`CREATE DATABASE ${name}`);
      log(`created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** s3rver, the S3-compatible server from npm, with the cluster's bucket. */
async function startS3(): Promise<string> {
  if (process.env.CLUSTER_S3_ENDPOINT) return process.env.CLUSTER_S3_ENDPOINT;
  const { default: S3rver } = await import('s3rver');
  const directory = path.join(ROOT, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 4569, silent: true, directory, configureBuckets: [{ name: 'cabinet', configs: [] }] });
  await server.run();
  s3Server = server;
  return 'http://127.0.0.1:4569';
}

function tokenSecret(): string {
  const file = path.join(ROOT, 'token-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function start(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).map((line) => `[${name}] ${line}\n`).join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (!stopping) log(`${name} exited (${signal ?? code}); stopping the cluster`);
    void stop(1);
  });
  children.push(child);
  return child;
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/config.json`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not start within two minutes`);
}

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  await s3Server?.close();
  process.exit(code);
}

async function main(): Promise<void> {
  mkdirSync(ROOT, { recursive: true });
  if (!existsSync(path.join('dist', 'index.html'))) log('build the app first: npm run build (npm start does it too)');
  // The processes run the built server, as in production.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  await ensureDatabase(databaseUrl);
  const s3 = await startS3();
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    BLOB_STORE_URL: 's3://cabinet',
    AWS_ENDPOINT_URL_S3: s3,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    TOKEN_SECRET: tokenSecret(),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const api = (n: number) => ({ ...shared, PORT: String(basePort + n), DATA_DIR: path.join(ROOT, `api-${n}`), CONVERT_THREADS: '0', PUBLIC_URL: `http://localhost:${basePort + n}` });
  // The first API seeds the demo account alone; then the second and the worker.
  start('api-a', 'dist-server/main.js', api(0));
  await waitReady(`http://127.0.0.1:${basePort}`);
  start('api-b', 'dist-server/main.js', api(1));
  start('worker', 'dist-server/worker.js', { ...shared, DATA_DIR: path.join(ROOT, 'worker'), CONVERT_THREADS: '1' });
  await waitReady(`http://127.0.0.1:${basePort + 1}`);
  log(`API A http://localhost:${basePort}  API B http://localhost:${basePort + 1}  (same accounts and projects on both)`);
  log(`PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}  Redis ${redisUrl}  S3 ${s3}/cabinet  worker: 1 conversion thread`);
  log('Ctrl-C stops the cluster');
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
main().catch((error: unknown) => {
  process.stderr.write(`[cluster] ${error instanceof Error ? error.message : String(error)}\n`);
  void stop(1);
});
