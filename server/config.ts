/**
 * Every server setting, read from the environment, each with a default that serves one machine.
 * `loadConfig` is pure: it only reads the object it is given (tests pass their own). Where data is
 * kept (database, blob store) is read in storageConfig.ts.
 */
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseBlobStore, parseDatabaseUrl, type BlobStoreConfig, type DatabaseConfig } from './storageConfig';

export const APP_VERSION = '2025-10-24-1';
export const API_BASE = '/api/v1';

export type TrustProxy = boolean | number | string[];
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  blobStore: BlobStoreConfig;
  accountSiteUrl: string;
  /** Origin users reach the app at (for printed links and public URLs); derived from the port when unset. */
  publicUrl: string | undefined;
  demoUsername: string;
  /** Unset: a random password is made on first start and printed. */
  demoPassword: string | undefined;
  /** Seconds. */
  accessTokenTtl: number;
  refreshTokenTtl: number;
  secureTokenTtl: number;
  /** Unset: generated once and kept in DATA_DIR/token-secret. */
  tokenSecret: string | undefined;
  maxUploadBytes: number;
  /** Conversion threads of this process; 0 (only with the job queue): it converts nothing itself. */
  convertThreads: number;
  /** Threads one conversion reads a STEP assembly's parts on. */
  convertPartThreads: number;
  /** Uploads are converted as jobs of the PostgreSQL queue (server/jobs) rather than in this process. */
  convertQueue: boolean;
  /** Seconds one conversion may run before its thread is stopped. */
  convertTimeoutSeconds: number;
  /** Memory one conversion may use (its thread's heap, each WebAssembly memory), MB. */
  convertMemoryMb: number;
  /** Open connections one address may hold; 0 lifts the cap (behind a proxy every client shares its address). */
  maxConnectionsPerIp: number;
  /** Open connections in all (HTTP and upload sockets); past it a new one is answered 503; 0 lifts the cap. */
  maxConnections: number;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  login: { maxFailuresPerIp: number; maxFailuresPerUserIp: number; maxFailuresPerUser: number; windowSeconds: number };
  /** Requests per minute one IP may make to the access-key (shared link) routes; 0 lifts the limit. */
  shareRateLimitPerMinute: number;
  /** Redis holding the login throttle and the link rate limit for every API process; unset: PostgreSQL or memory. */
  redisUrl: string | undefined;
  /** Folder holding the built single-page app (index.html, assets/). */
  staticDir: string;
  /** Revisions kept per project, the current one included; older ones are deleted. */
  revisionsKept: number;
  /** Seconds a stopping process lets its upload sockets finish before it closes (drain.ts). */
  shutdownGraceSeconds: number;
  /** Mail server of the review mails (smtp:// or smtps://); unset: no mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seconds new notes of a project are gathered into one mail. */
  mailBatchSeconds: number;
  /** Bearer token of `GET /metrics` (Prometheus); unset: no metrics route. */
  metricsToken: string | undefined;
}

/** A browser opens up to 6 connections to a host, plus an upload socket; a few tabs fit. */
const DEFAULT_MAX_CONNECTIONS_PER_IP = 32;
/** Open connections in all: well under the usual limit of 1,024 open files per process, which the database and blob files share. */
const DEFAULT_MAX_CONNECTIONS = 768;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  BLOB_STORE_URL: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  AWS_ENDPOINT_URL_S3: z.string().trim().optional(),
  AWS_ENDPOINT_URL: z.string().trim().optional(),
  AWS_REGION: z.string().trim().optional(),
  AWS_ACCESS_KEY_ID: z.string().trim().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  ACCOUNT_SITE_URL: httpUrl.default('https://account.example.com'),
  PUBLIC_URL: httpUrl.optional(),
  DEMO_USERNAME: z.string().trim().min(1).max(320).default('demo@example.com'),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(1024).optional(),
  ACCESS_TOKEN_TTL: int(10, 86_400).default(900),
  REFRESH_TOKEN_TTL: int(60, 365 * 86_400).default(30 * 86_400),
  SECURE_TOKEN_TTL: int(5, 3600).default(60),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MAX_UPLOAD_BYTES: int(1024, 2 ** 40).default(256 * 1024 * 1024),
  CONVERT_THREADS: int(0, 256).optional(),
  CONVERT_PART_THREADS: int(1, 256).optional(),
  CONVERT_QUEUE: z.enum(['auto', 'postgres', 'off']).default('auto'),
  CONVERT_TIMEOUT: int(1, 24 * 3600).default(600),
  CONVERT_MEMORY_MB: int(64, 65_536).default(2048),
  MAX_CONNECTIONS_PER_IP: int(0, 100_000).optional(),
  MAX_CONNECTIONS: int(0, 1_000_000).default(DEFAULT_MAX_CONNECTIONS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  LOGIN_MAX_FAILURES_PER_IP: int(1, 10_000).default(10),
  LOGIN_MAX_FAILURES_PER_USER_IP: int(1, 10_000).default(5),
  LOGIN_MAX_FAILURES_PER_USER: int(1, 100_000).default(30),
  LOGIN_FAILURE_WINDOW: int(1, 86_400).default(60),
  SHARE_RATE_LIMIT: int(0, 1_000_000).default(300),
  REDIS_URL: z
    .string()
    .trim()
    .refine((url) => /^rediss?:\/\/[^/?#]/i.test(url) && URL.canParse(url), 'expected redis://host[:port][/db] or rediss://...')
    .optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  REVISIONS_KEPT: int(1, 10_000).default(20),
  SHUTDOWN_GRACE: int(0, 24 * 3600).default(25),
  SMTP_URL: z
    .string()
    .trim()
    .refine((url) => /^smtps?:\/\/[^/?#]/i.test(url) && URL.canParse(url), 'expected smtp://[user:password@]host[:port] or smtps://...')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).default('Cabinet Viewer <no-reply@localhost>'),
  MAIL_BATCH_SECONDS: int(0, 86_400).default(600),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

interface ConfigDefaults {
  /** Folder relative paths are resolved against. */
  cwd?: string;
  /** Cores available; conversion threads default to one less, at least one. */
  cores?: number;
}

export function loadConfig(env: Record<string, string | undefined>, defaults: ConfigDefaults = {}): Config {
  const cwd = defaults.cwd ?? process.cwd();
  const cores = defaults.cores ?? availableParallelism();
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const database = parseDatabaseUrl(e.DATABASE_URL, dataDir, cwd, problems);
  const blobStore = parseBlobStore(e, dataDir, problems);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  const convertQueue = database ? parseConvertQueue(e, database, problems) : false;
  if (problems.length > 0 || !database) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    blobStore,
    accountSiteUrl: e.ACCOUNT_SITE_URL,
    publicUrl: e.PUBLIC_URL,
    demoUsername: e.DEMO_USERNAME,
    demoPassword: e.DEMO_PASSWORD,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    secureTokenTtl: e.SECURE_TOKEN_TTL,
    tokenSecret: e.TOKEN_SECRET,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    convertThreads: e.CONVERT_THREADS ?? Math.max(1, cores - 1),
    convertPartThreads: e.CONVERT_PART_THREADS ?? cores,
    convertQueue,
    convertTimeoutSeconds: e.CONVERT_TIMEOUT,
    convertMemoryMb: e.CONVERT_MEMORY_MB,
    // Behind a trusted proxy every connection comes from the proxy: the cap is then the proxy's job.
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP ?? (trustProxy === false ? DEFAULT_MAX_CONNECTIONS_PER_IP : 0),
    maxConnections: e.MAX_CONNECTIONS,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    login: {
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      maxFailuresPerUserIp: e.LOGIN_MAX_FAILURES_PER_USER_IP,
      maxFailuresPerUser: e.LOGIN_MAX_FAILURES_PER_USER,
      windowSeconds: e.LOGIN_FAILURE_WINDOW,
    },
    shareRateLimitPerMinute: e.SHARE_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    staticDir: path.resolve(cwd, e.STATIC_DIR),
    revisionsKept: e.REVISIONS_KEPT,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailBatchSeconds: e.MAIL_BATCH_SECONDS,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** `auto`: the queue when the database is PostgreSQL and this process converts nothing itself. */
function parseConvertQueue(e: z.infer<typeof envSchema>, database: DatabaseConfig, problems: string[]): boolean {
  const postgres = database.kind === 'postgres';
  const queue = postgres && (e.CONVERT_QUEUE === 'postgres' || (e.CONVERT_QUEUE === 'auto' && e.CONVERT_THREADS === 0));
  if (e.CONVERT_QUEUE === 'postgres' && !postgres) problems.push('CONVERT_QUEUE: postgres needs a postgres:// DATABASE_URL');
  else if (e.CONVERT_THREADS === 0 && !queue) problems.push('CONVERT_THREADS: 0 converts nothing here; it needs the job queue (a postgres:// DATABASE_URL)');
  return queue;
}

/** `true`/`false`, a hop count, or a comma-separated list of proxy addresses or CIDR ranges. */
function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.every((item) => /^[0-9a-fA-F.:/]+$/.test(item) || /^(loopback|linklocal|uniquelocal)$/.test(item))) {
    return list;
  }
  problems.push('TRUST_PROXY: expected true, false, a hop count, or a list of addresses/CIDR ranges');
  return false;
}

/** The origin printed to users and used for links: PUBLIC_URL, else localhost on the bound port. */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'host'>, boundPort: number): string {
  if (config.publicUrl) return config.publicUrl;
  const anyHost = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host);
  const host = anyHost ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${boundPort}`;
}
