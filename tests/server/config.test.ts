import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicOrigin } from '../../server/config';

const cwd = '/srv/app';
const load = (env: Record<string, string | undefined>) => loadConfig(env, { cwd, cores: 4 });

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('serves one machine with no environment at all', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(cwd, 'data'),
      database: { kind: 'sqlite', file: path.join(cwd, 'data', 'app.sqlite') },
      accountSiteUrl: 'https://account.example.com',
      publicUrl: undefined,
      demoUsername: 'demo@example.com',
      demoPassword: undefined,
      accessTokenTtl: 900,
      refreshTokenTtl: 30 * 86_400,
      secureTokenTtl: 60,
      tokenSecret: undefined,
      convertThreads: 3,
      convertPartThreads: 4,
      logLevel: 'info',
      trustProxy: false,
      login: { maxFailuresPerIp: 10, maxFailuresPerUserIp: 5, maxFailuresPerUser: 30, windowSeconds: 60 },
      redisUrl: undefined,
      staticDir: path.join(cwd, 'dist'),
    });
    expect(config.maxUploadBytes).toBeGreaterThan(0);
  });

  it('reads every setting from the environment', () => {
    const config = load({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/viewer',
      ACCOUNT_SITE_URL: 'https://my.example.org/',
      PUBLIC_URL: 'https://viewer.example.org/',
      DEMO_USERNAME: 'try@example.org',
      DEMO_PASSWORD: 'let-me-in-please',
      ACCESS_TOKEN_TTL: '300',
      REFRESH_TOKEN_TTL: '86400',
      TOKEN_SECRET: 'x'.repeat(40),
      MAX_UPLOAD_BYTES: '1048576',
      CONVERT_THREADS: '2',
      CONVERT_PART_THREADS: '3',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/viewer',
      database: { kind: 'sqlite', file: '/var/lib/viewer/app.sqlite' },
      accountSiteUrl: 'https://my.example.org',
      publicUrl: 'https://viewer.example.org',
      demoUsername: 'try@example.org',
      demoPassword: 'let-me-in-please',
      accessTokenTtl: 300,
      refreshTokenTtl: 86_400,
      tokenSecret: 'x'.repeat(40),
      maxUploadBytes: 1_048_576,
      convertThreads: 2,
      convertPartThreads: 3,
      logLevel: 'warn',
      trustProxy: 1,
    });
  });

  it('treats empty values as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: ' ', DEMO_PASSWORD: '' })).toMatchObject({ port: 8080, demoPassword: undefined });
  });

  it.each([
    ['postgres://u@db:5432/app', { kind: 'postgres', url: 'postgres://u@db:5432/app' }],
    ['postgresql://u@db/app', { kind: 'postgres', url: 'postgresql://u@db/app' }],
    ['sqlite:/tmp/x.sqlite', { kind: 'sqlite', file: '/tmp/x.sqlite' }],
    ['sqlite://db/main.sqlite', { kind: 'sqlite', file: path.join(cwd, 'db/main.sqlite') }],
    ['./local.sqlite', { kind: 'sqlite', file: path.join(cwd, 'local.sqlite') }],
  ])('reads DATABASE_URL %s', (url, expected) => {
    expect(load({ DATABASE_URL: url }).database).toEqual(expected);
  });

  it.each([
    'redis://127.0.0.1:6379',
    'redis://:secret@cache.internal:6380/2',
    'rediss://user:secret@cache.example.com',
  ])('reads REDIS_URL %s', (url) => {
    expect(load({ REDIS_URL: url }).redisUrl).toBe(url);
  });

  it.each(['http://127.0.0.1:6379', 'redis://', 'localhost:6379', 'redis:///0'])('refuses REDIS_URL=%s', (url) => {
    expect(problemsOf({ REDIS_URL: url })).toEqual([expect.stringMatching(/^REDIS_URL: expected redis:\/\//)]);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('reads TRUST_PROXY %s', (value, expected) => {
    expect(load({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reports every bad setting by name', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      ACCOUNT_SITE_URL: 'javascript:alert(1)',
      DEMO_PASSWORD: 'short',
      TOKEN_SECRET: 'too-short',
      LOG_LEVEL: 'loud',
    });
    for (const name of ['PORT', 'ACCOUNT_SITE_URL', 'DEMO_PASSWORD', 'TOKEN_SECRET', 'LOG_LEVEL']) {
      expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
    }
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://db/app'],
    ['TRUST_PROXY', 'everyone please'],
    ['ACCESS_TOKEN_TTL', '1.5'],
  ])('refuses %s=%s', (name, value) => {
    expect(problemsOf({ [name]: value }).some((p) => p.startsWith(`${name}:`))).toBe(true);
  });
});

describe('resource limits', () => {
  it('budgets conversions and caps connections per address, except behind a trusted proxy', () => {
    expect(load({})).toMatchObject({ convertTimeoutSeconds: 600, convertMemoryMb: 2048, maxConnectionsPerIp: 32 });
    expect(load({ TRUST_PROXY: 'true' }).maxConnectionsPerIp).toBe(0);
    // Connections in all: capped behind a proxy too; 0 lifts it.
    expect(load({}).maxConnections).toBe(768);
    expect(load({ TRUST_PROXY: 'true' }).maxConnections).toBe(768);
    expect(load({ MAX_CONNECTIONS: '0' }).maxConnections).toBe(0);
    expect(load({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_IP: '100' }).maxConnectionsPerIp).toBe(100);
    expect(load({ CONVERT_TIMEOUT: '60', CONVERT_MEMORY_MB: '512', MAX_CONNECTIONS_PER_IP: '0' })).toMatchObject({
      convertTimeoutSeconds: 60,
      convertMemoryMb: 512,
      maxConnectionsPerIp: 0,
    });
    expect(problemsOf({ CONVERT_TIMEOUT: '0', CONVERT_MEMORY_MB: '8' }).map((p) => p.split(':')[0]).sort()).toEqual([
      'CONVERT_MEMORY_MB',
      'CONVERT_TIMEOUT',
    ]);
  });
});

describe('conversion queue', () => {
  const pg = 'postgres://u@db.example.org/app';
  it('is on with PostgreSQL when this process converts nothing itself, or when asked; never on SQLite', () => {
    expect(load({}).convertQueue).toBe(false);
    expect(load({ DATABASE_URL: pg }).convertQueue).toBe(false);
    expect(load({ DATABASE_URL: pg, CONVERT_THREADS: '0' })).toMatchObject({ convertQueue: true, convertThreads: 0 });
    expect(load({ DATABASE_URL: pg, CONVERT_QUEUE: 'postgres' })).toMatchObject({ convertQueue: true, convertThreads: 3 });
    expect(load({ DATABASE_URL: pg, CONVERT_QUEUE: 'off', CONVERT_THREADS: '2' }).convertQueue).toBe(false);
  });

  it('refuses a queue without PostgreSQL, and no threads without a queue', () => {
    expect(problemsOf({ CONVERT_QUEUE: 'postgres' })).toEqual(['CONVERT_QUEUE: postgres needs a postgres:// DATABASE_URL']);
    expect(problemsOf({ CONVERT_THREADS: '0' }).map((p) => p.split(':')[0])).toEqual(['CONVERT_THREADS']);
    expect(problemsOf({ DATABASE_URL: pg, CONVERT_QUEUE: 'off', CONVERT_THREADS: '0' }).map((p) => p.split(':')[0])).toEqual(['CONVERT_THREADS']);
    expect(problemsOf({ CONVERT_QUEUE: 'redis' }).map((p) => p.split(':')[0])).toEqual(['CONVERT_QUEUE']);
  });
});

describe('publicOrigin', () => {
  it('uses PUBLIC_URL, else localhost on the bound port', () => {
    expect(publicOrigin({ publicUrl: 'https://v.example.org', host: '0.0.0.0' }, 8080)).toBe('https://v.example.org');
    expect(publicOrigin({ publicUrl: undefined, host: '0.0.0.0' }, 41234)).toBe('http://localhost:41234');
    expect(publicOrigin({ publicUrl: undefined, host: '192.168.1.5' }, 8080)).toBe('http://192.168.1.5:8080');
  });
});

describe('blob store settings', () => {
  it('keeps blobs in DATA_DIR/blobs unless BLOB_STORE_URL names a bucket', () => {
    expect(load({}).blobStore).toEqual({ kind: 'local', root: path.join(cwd, 'data', 'blobs') });
    expect(load({ DATA_DIR: '/var/lib/viewer', BLOB_STORE_URL: ' ' }).blobStore).toEqual({ kind: 'local', root: '/var/lib/viewer/blobs' });
    // The SDK's variables alone change nothing: the local folder stays the default.
    expect(load({ AWS_REGION: 'eu-west-3', AWS_ENDPOINT_URL: 'not a url' }).blobStore.kind).toBe('local');
  });

  it('reads the bucket, the prefix and the AWS SDK variables from the same environment', () => {
    expect(
      load({
        BLOB_STORE_URL: 's3://viewer-blobs/prod/eu/',
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ENDPOINT_URL: 'http://global.example:9000',
        AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
        AWS_REGION: 'eu-west-3',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret/key+value',
        AWS_SESSION_TOKEN: 'session',
      }).blobStore,
    ).toEqual({
      kind: 's3',
      bucket: 'viewer-blobs',
      prefix: 'prod/eu/',
      forcePathStyle: true,
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret/key+value', sessionToken: 'session' },
    });
    // Unset: virtual-hosted style, the SDK's own endpoint, region and credential lookup.
    expect(load({ BLOB_STORE_URL: 's3://viewer.blobs', AWS_ENDPOINT_URL: 'https://s3.example.com' }).blobStore).toEqual({
      kind: 's3',
      bucket: 'viewer.blobs',
      prefix: '',
      forcePathStyle: false,
      endpoint: 'https://s3.example.com',
      region: undefined,
      credentials: undefined,
    });
    expect(load({ BLOB_STORE_URL: 's3://b1b', S3_FORCE_PATH_STYLE: 'false' }).blobStore).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    ['BLOB_STORE_URL', { BLOB_STORE_URL: '/var/blobs' }],
    ['BLOB_STORE_URL', { BLOB_STORE_URL: 'gs://bucket' }],
    ['BLOB_STORE_URL', { BLOB_STORE_URL: 's3://' }],
    ['BLOB_STORE_URL', { BLOB_STORE_URL: 's3://Upper_Case' }],
    ['BLOB_STORE_URL', { BLOB_STORE_URL: 's3://bucket/../other' }],
    ['BLOB_STORE_URL', { BLOB_STORE_URL: 's3://bucket?region=x' }],
    ['S3_FORCE_PATH_STYLE', { BLOB_STORE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'maybe' }],
    ['AWS_ENDPOINT_URL_S3', { BLOB_STORE_URL: 's3://bucket', AWS_ENDPOINT_URL_S3: 'localhost:9000' }],
    ['AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY', { BLOB_STORE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' }],
  ])('refuses a bad %s with a message naming it', (name, env) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0].startsWith(`${name}:`)).toBe(true);
  });
});
