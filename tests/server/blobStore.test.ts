/**
 * The BlobStore contract, run against both stores: the local folder, and an S3 bucket on a real
 * S3-compatible server (s3rver, started here) through the AWS SDK client built from the config.
 * Then what only the bucket has: keys under the prefix, paged deletes, multipart streaming.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { InvalidBlobKeyError, type BlobStore } from '../../server/storage/blobStore';
import { createLocalBlobStore } from '../../server/storage/localBlobStore';
import { openBlobStore, s3ClientOf } from '../../server/storage/openBlobStore';
import { createS3BlobStore } from '../../server/storage/s3BlobStore';
import { startS3Server, type TestS3 } from './helpers/s3Server';
import { makeTempDir } from './helpers/testServer';

const MiB = 1024 * 1024;
let dir: string;
let s3: TestS3;

beforeAll(async () => {
  dir = await makeTempDir('cv-blobs-');
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The S3 store as the server builds it, from the same variables, with small pages to see paging. */
function s3Store(prefix: string, pageSize = 3): BlobStore {
  const config = loadConfig({ DATA_DIR: dir, ...s3.env(prefix) }).blobStore;
  if (config.kind !== 's3') throw new Error('expected an S3 config');
  return createS3BlobStore({ client: s3ClientOf(config), bucket: config.bucket, prefix: config.prefix, pageSize });
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((item) => item.Key!).sort();
}

interface StoreCase {
  name: string;
  make(): BlobStore;
  /** What a failed streamed write left behind: must be nothing. */
  leftovers(): Promise<string[]>;
}

const stores: StoreCase[] = [
  {
    name: 'local folder',
    make: () => createLocalBlobStore(path.join(dir, 'blobs')),
    leftovers: () => readdir(path.join(dir, 'blobs', '.tmp')),
  },
  {
    name: 'S3 bucket',
    make: () => s3Store('contract'),
    leftovers: async () => [],
  },
];

describe.each(stores)('blob store: $name', ({ make, leftovers }) => {
  let store: BlobStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close?.());

  it('writes, reads, stats, streams ranges and deletes', async () => {
    const info = await store.put('projects/1/model-r1.glb', Buffer.from('0123456789'));
    expect(info.size).toBe(10);
    expect((await store.get('projects/1/model-r1.glb'))?.toString()).toBe('0123456789');
    expect((await store.stat('projects/1/model-r1.glb'))?.size).toBe(10);
    const opened = await store.open('projects/1/model-r1.glb', { start: 2, end: 5 });
    expect(opened?.info.size).toBe(10);
    expect(await text(opened!.stream)).toBe('2345');
    const whole = await store.open('projects/1/model-r1.glb');
    expect(await text(whole!.stream)).toBe('0123456789');
    // A range running past the end stops at the end; one starting past it reads nothing.
    expect(await text((await store.open('projects/1/model-r1.glb', { start: 7, end: 99 }))!.stream)).toBe('789');
    const past = await store.open('projects/1/model-r1.glb', { start: 10, end: 20 });
    expect(past?.info.size).toBe(10);
    expect(await text(past!.stream)).toBe('');
    await store.delete('projects/1/model-r1.glb');
    expect(await store.get('projects/1/model-r1.glb')).toBeUndefined();
    expect(await store.stat('projects/1/model-r1.glb')).toBeUndefined();
    expect(await store.open('projects/1/model-r1.glb')).toBeUndefined();
    expect(await store.open('projects/1/model-r1.glb', { start: 0, end: 3 })).toBeUndefined();
    await store.delete('projects/1/never-existed');
  });

  it('gives the same size and modification time on every read (they make the ETag)', async () => {
    const written = await store.put('projects/4/r1/model.glb', 'stable');
    const first = await store.stat('projects/4/r1/model.glb');
    const opened = await store.open('projects/4/r1/model.glb');
    await text(opened!.stream);
    expect(first).toEqual(written);
    expect(await store.stat('projects/4/r1/model.glb')).toEqual(written);
    expect(opened!.info).toEqual(written);
  });

  it('writes streams and replaces existing blobs whole', async () => {
    await store.put('logos/7.png', 'old');
    await store.put('logos/7.png', Readable.from([Buffer.from('new '), Buffer.from('content')]));
    expect((await store.get('logos/7.png'))?.toString()).toBe('new content');
    async function* chunks() {
      yield new TextEncoder().encode('from ');
      yield new TextEncoder().encode('an iterable');
    }
    expect((await store.put('logos/8.png', chunks())).size).toBe(16);
    expect((await store.get('logos/8.png'))?.toString()).toBe('from an iterable');
  });

  it('leaves neither a blob nor a temp file when the source fails midway', async () => {
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('connection lost');
    }
    await store.put('originals/9.step', 'previous version');
    await expect(store.put('originals/9.step', failing())).rejects.toThrow('connection lost');
    expect((await store.get('originals/9.step'))?.toString()).toBe('previous version');
    await expect(store.put('originals/10.step', failing())).rejects.toThrow('connection lost');
    expect(await store.stat('originals/10.step')).toBeUndefined();
    expect(await leftovers()).toEqual([]);
  });

  it('deletes a folder of blobs, and only that folder', async () => {
    for (let i = 0; i < 8; i += 1) await store.put(`projects/2/r${i % 3}/part-${i}.glb`, `blob ${i}`);
    await store.put('projects/3/a.glb', 'c');
    await store.put('projects/20/a.glb', 'd');
    await store.deleteFolder('projects/2');
    for (let i = 0; i < 8; i += 1) expect(await store.stat(`projects/2/r${i % 3}/part-${i}.glb`)).toBeUndefined();
    expect((await store.get('projects/3/a.glb'))?.toString()).toBe('c');
    expect((await store.get('projects/20/a.glb'))?.toString()).toBe('d');
    await store.deleteFolder('projects/never-existed');
  });

  it.each(['', '../escape', 'a/../../b', '/absolute', '.tmp/x', 'a//b', 'a/.hidden', 'a\\b', 'x'.repeat(300), 'ok/'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, 'x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.open(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.deleteFolder(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    },
  );
});

describe('S3 bucket store', () => {
  it('keeps its keys under the prefix of BLOB_STORE_URL, and pages through large folders', async () => {
    const store = s3Store('team/one', 2);
    const other = s3Store('team/two');
    for (let i = 0; i < 7; i += 1) await store.put(`projects/5/r1/file-${i}`, String(i));
    await other.put('projects/5/r1/file-0', 'other');
    expect(await bucketKeys('team/one/')).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `team/one/projects/5/r1/file-${i}`));
    const before = s3.requests.length;
    await store.deleteFolder('projects/5');
    const lists = s3.requests.slice(before).filter((r) => r.method === 'GET' && r.url.includes('list-type=2'));
    expect(lists.length).toBeGreaterThanOrEqual(4);
    expect(lists.every((r) => r.url.includes('max-keys=2'))).toBe(true);
    expect(await bucketKeys('team/one/')).toEqual([]);
    expect((await other.get('projects/5/r1/file-0'))?.toString()).toBe('other');
    await other.deleteFolder('projects');
    await Promise.all([store.close?.(), other.close?.()]);
  });

  it('streams a 20 MB source in parts without holding the whole file, ranges across parts', async () => {
    const store = s3Store('stream');
    const size = 20 * MiB;
    const chunk = 256 * 1024;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
    const partsStored = () => s3.requests.filter((r) => r.url.includes('x-id=UploadPart') && r.status === 200).length;
    let produced = 0;
    let mostAhead = 0;
    async function* source() {
      for (let offset = 0; offset < size; offset += chunk) {
        mostAhead = Math.max(mostAhead, produced - partsStored() * 5 * MiB);
        produced += chunk;
        yield bytes.subarray(offset, offset + chunk);
      }
    }
    const before = s3.requests.length;
    const info = await store.put('projects/6/r1/original.step', source());
    expect(info.size).toBe(size);
    const sent = s3.requests.slice(before);
    expect(sent.filter((r) => r.url.includes('x-id=UploadPart')).length).toBe(4);
    expect(sent.some((r) => r.url.includes('x-id=PutObject'))).toBe(false);
    // Two parts in flight and the next one filling: never the whole file ahead of the server.
    expect(mostAhead).toBeLessThanOrEqual(15 * MiB);

    const read = await store.get('projects/6/r1/original.step');
    expect(createHash('sha256').update(read!).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    const across = await store.open('projects/6/r1/original.step', { start: 5 * MiB - 10, end: 5 * MiB + 9 });
    expect(across!.info.size).toBe(size);
    expect((await buffer(across!.stream)).equals(bytes.subarray(5 * MiB - 10, 5 * MiB + 10))).toBe(true);
    await store.deleteFolder('projects');
    await store.close?.();
  });

  it('keeps the previous object when a multipart source fails, and asks the server to drop the parts', async () => {
    const store = s3Store('failing');
    await store.put('originals/11.step', 'previous version');
    async function* failing() {
      yield Buffer.alloc(6 * MiB, 1);
      yield Buffer.alloc(6 * MiB, 2);
      throw new Error('connection lost');
    }
    const before = s3.requests.length;
    await expect(store.put('originals/11.step', failing())).rejects.toThrow('connection lost');
    expect((await store.get('originals/11.step'))?.toString()).toBe('previous version');
    const sent = s3.requests.slice(before);
    expect(sent.some((r) => r.url.includes('x-id=UploadPart'))).toBe(true);
    expect(sent.some((r) => r.method === 'DELETE' && r.url.includes('x-id=AbortMultipartUpload'))).toBe(true);
    await store.close?.();
  });

  it('refuses to open a bucket that does not exist, saying so', async () => {
    const config = loadConfig({ DATA_DIR: dir, ...s3.env(), BLOB_STORE_URL: 's3://no-such-bucket' }).blobStore;
    await expect(openBlobStore(config)).rejects.toThrow('The blob bucket no-such-bucket cannot be used: it does not exist');
  });
});

describe('the local folder store', () => {
  it('keeps its folders (0700) and files (0600) to the server\'s user, whatever the umask; an older root left 0755 is made 0700 when opened', async () => {
    const root = path.join(dir, 'private-blobs');
    await mkdir(root, { mode: 0o755 });
    await chmod(root, 0o755);
    const umask = process.umask(0o002);
    try {
      const store = await openBlobStore({ kind: 'local', root });
      await store.put('projects/7/r1/model.glb', 'glb');
      await store.put('projects/7/r1/ar/n3.glb', Readable.from([Buffer.from('streamed')]));
      const mode = async (...parts: string[]) => (await stat(path.join(root, ...parts))).mode & 0o777;
      expect(await mode()).toBe(0o700);
      for (const folder of [['projects'], ['projects', '7'], ['projects', '7', 'r1'], ['projects', '7', 'r1', 'ar'], ['.tmp']]) expect(await mode(...folder), folder.join('/')).toBe(0o700);
      expect(await mode('projects', '7', 'r1', 'model.glb')).toBe(0o600);
      expect(await mode('projects', '7', 'r1', 'ar', 'n3.glb')).toBe(0o600);
      // A root that does not exist yet is made by the first write, 0700 too.
      const fresh = path.join(dir, 'fresh-blobs');
      await (await openBlobStore({ kind: 'local', root: fresh })).put('branding/1/logo-a.png', 'png');
      expect((await stat(fresh)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(fresh, 'branding', '1', 'logo-a.png'))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });
});
