/**
 * Where the server keeps its data, as the settings (config.ts) say: the database, and the blob
 * store of models and originals, local or on S3.
 */
import path from 'node:path';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
/**
 * Where blobs live. For S3, endpoint, region and credentials are the AWS SDK's own variables read
 * from the same environment; whichever is unset is left to the SDK's own lookup (profiles, roles).
 */
export type BlobStoreConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      /** '' or a key prefix ending with '/'. */
      prefix: string;
      forcePathStyle: boolean;
      endpoint: string | undefined;
      region: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

/** The settings the blob store is read from (parsed, see config.ts). */
export interface BlobStoreEnv {
  BLOB_STORE_URL?: string;
  S3_FORCE_PATH_STYLE: boolean;
  AWS_ENDPOINT_URL_S3?: string;
  AWS_ENDPOINT_URL?: string;
  AWS_REGION?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  AWS_SESSION_TOKEN?: string;
}

/** `postgres://` or `postgresql://` selects PostgreSQL; `sqlite:<file>` or a bare path selects SQLite. */
export function parseDatabaseUrl(
  url: string | undefined,
  dataDir: string,
  cwd: string,
  problems: string[],
): DatabaseConfig | undefined {
  if (url === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'app.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (/^sqlite:/i.test(url)) {
    const file = url.replace(/^sqlite:(\/\/)?/i, '');
    if (file) return { kind: 'sqlite', file: path.resolve(cwd, file) };
  } else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    return { kind: 'sqlite', file: path.resolve(cwd, url) };
  }
  problems.push('DATABASE_URL: expected postgres://..., sqlite:<file> or a file path');
  return undefined;
}

/** Unset: DATA_DIR/blobs; `s3://bucket[/prefix]`: that bucket, keys under the prefix. */
export function parseBlobStore(e: BlobStoreEnv, dataDir: string, problems: string[]): BlobStoreConfig {
  const local: BlobStoreConfig = { kind: 'local', root: path.join(dataDir, 'blobs') };
  if (!e.BLOB_STORE_URL) return local;
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[A-Za-z0-9._\/-]*)?$/.exec(e.BLOB_STORE_URL);
  const segments = (match?.[2] ?? '').split('/').filter(Boolean);
  if (!match || segments.some((segment) => segment === '.' || segment === '..')) {
    problems.push('BLOB_STORE_URL: expected s3://bucket or s3://bucket/prefix (unset: the blobs folder in DATA_DIR)');
    return local;
  }
  const endpoint = e.AWS_ENDPOINT_URL_S3 || e.AWS_ENDPOINT_URL || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]/i.test(endpoint)) {
    problems.push(`${e.AWS_ENDPOINT_URL_S3 ? 'AWS_ENDPOINT_URL_S3' : 'AWS_ENDPOINT_URL'}: expected an http:// or https:// URL`);
  }
  const keyId = e.AWS_ACCESS_KEY_ID || undefined;
  const secret = e.AWS_SECRET_ACCESS_KEY || undefined;
  if ((keyId === undefined) !== (secret === undefined)) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither');
  }
  return {
    kind: 's3',
    bucket: match[1],
    prefix: segments.map((segment) => `${segment}/`).join(''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    endpoint,
    region: e.AWS_REGION || undefined,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret, ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}) } : undefined,
  };
}
