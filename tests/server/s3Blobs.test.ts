/**
 * The whole server on an S3 bucket: a server configured only through its environment
 * (BLOB_STORE_URL=s3://bucket/prefix, the AWS SDK's endpoint, region and key variables,
 * S3_FORCE_PATH_STYLE) against a real S3-compatible server (s3rver) started here. A model uploaded
 * over the socket lands in the bucket (nothing in DATA_DIR), and is served through the API as a
 * browser gets it: brotli or plain, byte ranges, revalidation, the poster, a link that stops at
 * unpublish; deleting the project empties its folder in the bucket. And `server/main.ts` itself
 * on a bucket: the demo project lands there, and a bucket it cannot use stops the start.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { call } from './helpers/http';
import { addUser, type TestUser } from './helpers/projectFixtures';
import { startS3Server, type TestS3 } from './helpers/s3Server';
import { exitCode, firstLine, spawnTsx } from './helpers/spawnTsx';
import { makeTempDir } from './helpers/testServer';
import { lastMessage, secureToken, startUploadServer, upload, type UploadServer } from './helpers/uploads';

const PREFIX = 'tenant-a/blobs';
let s3: TestS3;
let server: UploadServer;
let owner: TestUser;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startUploadServer({ env: s3.env(PREFIX) });
  owner = await addUser(server, 'Olivia Owner');
});
afterAll(async () => {
  await server?.close();
  await s3?.stop();
});

async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((item) => item.Key!).sort();
}

/** A GET over a real connection, the body as sent (no decoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${server.baseUrl}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function uploadKitchen(): Promise<Project> {
  const file = await writeSample(generateAssembly({ parts: 12, seed: 5 }), 'dae');
  const outcome = await upload(server, { kind: 'create', secureToken: await secureToken(server, owner.token), projectName: 'Bucket kitchen', fileName: 'kitchen.dae', file });
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)} / ${outcome.failure}`);
  return last.project;
}

describe('blobs in an S3 bucket', () => {
  it('stores an uploaded revision in the bucket under the prefix, and serves it through the API', async () => {
    const project = await uploadKitchen();
    const folder = `${PREFIX}/projects/${project.id}/r1/`;
    expect(await bucketKeys(folder)).toEqual(
      ['ar.glb', 'ar.usdz', 'model.glb', 'model.glb.br', 'model.glb.gz', 'original.dae', 'poster-small.webp', 'poster.webp'].map((name) => `${folder}${name}`),
    );
    expect(existsSync(path.join(server.dir, 'blobs'))).toBe(false);

    const plain = await get(project.modelUrl, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const glb = plain.body;
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(Number(plain.headers['content-length'])).toBe(glb.length);
    expect(Number(plain.headers['x-decoded-length'])).toBe(glb.length);
    const etag = String(plain.headers.etag);

    // The brotli copy made at conversion, read from the bucket: fewer bytes, the same model.
    const br = await get(project.modelUrl, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(glb.length);
    expect(brotliDecompressSync(br.body).equals(glb)).toBe(true);
    expect(br.headers.etag).not.toBe(etag);

    const part = await get(project.modelUrl, { range: 'bytes=100-299' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${glb.length}`);
    expect(part.body.equals(glb.subarray(100, 300))).toBe(true);
    expect((await get(project.modelUrl, { range: `bytes=${glb.length}-` })).status).toBe(416);

    // The ETag comes from the object's size and Last-Modified: the same on every read, so 304.
    const again = await get(project.modelUrl, { 'accept-encoding': 'identity' });
    expect(again.headers.etag).toBe(etag);
    const revalidated = await get(project.modelUrl, { 'accept-encoding': 'identity', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);

    const poster = await get(project.modelUrl.replace(/\.glb$/, '.webp'));
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    const webp = poster.body;
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it("a link's model streams from the bucket while published and stops at once when unpublished; deleting empties the folder", async () => {
    const project = await uploadKitchen();
    const patch = (body: object) => call(server.baseUrl, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body });
    expect((await patch({ isPublished: true })).status).toBe(204);
    const read = await call(server.baseUrl, `/api/v1/projects/${project.id}`, { token: owner.token });
    const link = `/api/v1/projects/accessKeys/${(read.json as { accessKey: string }).accessKey}/models/1`;
    const shared = await get(`${link}.glb`, { 'accept-encoding': 'br' });
    expect(shared.status).toBe(200);
    expect(shared.headers['content-encoding']).toBe('br');
    const etag = String(shared.headers.etag);
    expect((await get(`${link}.glb`, { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);

    expect((await patch({ isPublished: false })).status).toBe(204);
    expect((await get(`${link}.glb`, { 'if-none-match': etag })).status).toBe(404);
    expect((await get(`${link}.webp`)).status).toBe(404);

    expect((await call(server.baseUrl, `/api/v1/projects/${project.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await bucketKeys(`${PREFIX}/projects/${project.id}/`)).toEqual([]);
    expect((await get(project.modelUrl)).status).toBe(404);
  });
});

describe('npm run server on a bucket', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir('cv-main-s3-');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const mainEnv = (extra: Record<string, string>) => ({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', STATIC_DIR: `${dir}/dist`, CONVERT_THREADS: '1', ...extra });

  it('refuses to start on a bucket it cannot use, with exit code 2 and a message naming BLOB_STORE_URL', async () => {
    const child = spawnTsx('server/main.ts', mainEnv({ ...s3.env(), BLOB_STORE_URL: 's3://no-such-bucket' }));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(stderr).toContain('BLOB_STORE_URL: The blob bucket no-such-bucket cannot be used: it does not exist');
  });

  it('starts, converts the demo project into the bucket, and stops cleanly', async () => {
    const child = spawnTsx('server/main.ts', mainEnv(s3.env('main-start')));
    try {
      expect(await firstLine(child)).toMatch(/^Log in at http:\/\/localhost:\d+\/ with /);
      const deadline = Date.now() + 30_000;
      let keys: string[] = [];
      while (!keys.includes('main-start/projects/1/r1/poster.webp') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        keys = await bucketKeys('main-start/projects/');
      }
      expect(keys).toEqual(expect.arrayContaining(['main-start/projects/1/r1/model.glb', 'main-start/projects/1/r1/poster.webp']));
      expect(existsSync(path.join(dir, 'blobs'))).toBe(false);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitCode(child)).toBe(0);
  }, 60_000);
});
