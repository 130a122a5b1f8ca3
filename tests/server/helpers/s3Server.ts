/**
 * An S3-compatible server for the tests: s3rver (from npm) in this process, on a free port of
 * 127.0.0.1, storing in a temporary folder, with a bucket made at start. It checks request
 * signatures, so clients use its own key pair. Every request it receives is recorded (method and
 * URL, status), so tests can see how the store talks to it.
 */
import crypto from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { makeTempDir } from './testServer';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** What a server started with `BLOB_STORE_URL=s3://bucket/prefix` needs beside it. */
  env(prefix?: string): Record<string, string>;
  /** A client of its own, to look into the bucket. */
  client: S3Client;
  requests: { method: string; url: string; status?: number }[];
  stop(): Promise<void>;
}

export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET_KEY = 'S3RVER';
export const S3_REGION = 'us-east-1';

/**
 * s3rver encrypts the continuation token of a truncated listing with DES, which OpenSSL 3 only
 * offers in its legacy provider: every listing cut into pages fails with InternalError. The token
 * is opaque to clients, so here DES becomes AES (key and IV doubled to its 16 bytes), in both
 * directions; no other code of the tests or the product uses DES.
 */
function letS3rverPageListings(): void {
  const patched = Symbol.for('cv-test.s3rver-des');
  const target = crypto as unknown as Record<PropertyKey, unknown>;
  if (target[patched]) return;
  target[patched] = true;
  const widen = (bytes: crypto.BinaryLike) => Buffer.concat([Buffer.from(bytes as Buffer), Buffer.from(bytes as Buffer)]);
  const { createCipheriv, createDecipheriv } = crypto;
  target.createCipheriv = (algorithm: string, key: Buffer, iv: Buffer, ...rest: never[]) =>
    algorithm === 'des' ? createCipheriv('aes-128-cbc', widen(key), widen(iv)) : createCipheriv(algorithm, key, iv, ...rest);
  target.createDecipheriv = (algorithm: string, key: Buffer, iv: Buffer, ...rest: never[]) =>
    algorithm === 'des' ? createDecipheriv('aes-128-cbc', widen(key), widen(iv)) : createDecipheriv(algorithm, key, iv, ...rest);
}

export async function startS3Server(bucket = 'cv-test-blobs'): Promise<TestS3> {
  letS3rverPageListings();
  const directory = await makeTempDir('cv-s3-');
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  // s3rver deletes the keys of one DeleteObjects request all at once, and each delete removes its
  // folders once empty: two keys of one folder race on the same rmdir and the request fails with
  // InternalError. One delete at a time, as S3 itself behaves for the client.
  const store = s3rver.store;
  const deleteObject = store.deleteObject.bind(store);
  let deleting: Promise<unknown> = Promise.resolve();
  store.deleteObject = (bucketName, key) => {
    const next = deleting.then(() => deleteObject(bucketName, key));
    deleting = next.catch(() => undefined);
    return next;
  };
  const handle = s3rver.callback();
  const requests: TestS3['requests'] = [];
  const server: Server = createServer((request, response) => {
    const entry: TestS3['requests'][number] = { method: request.method ?? '', url: request.url ?? '' };
    requests.push(entry);
    response.on('finish', () => (entry.status = response.statusCode));
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
  });
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      BLOB_STORE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: S3_REGION,
      AWS_ACCESS_KEY_ID: S3_ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: S3_SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    client,
    requests,
    async stop() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      s3rver.logger.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
