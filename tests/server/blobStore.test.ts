import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, type BlobStore } from '../../server/storage/blobStore';
import { createLocalBlobStore } from '../../server/storage/localBlobStore';
import { makeTempDir } from './helpers/testServer';

let dir: string;
let store: BlobStore;

beforeAll(async () => {
  dir = await makeTempDir('cv-blobs-');
  store = createLocalBlobStore(path.join(dir, 'blobs'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('local blob store', () => {
  it('writes, reads, stats, streams ranges and deletes', async () => {
    const info = await store.put('projects/1/model-r1.glb', Buffer.from('0123456789'));
    expect(info.size).toBe(10);
    expect((await store.get('projects/1/model-r1.glb'))?.toString()).toBe('0123456789');
    expect((await store.stat('projects/1/model-r1.glb'))?.size).toBe(10);
    const opened = await store.open('projects/1/model-r1.glb', { start: 2, end: 5 });
    expect(opened?.info.size).toBe(10);
    expect(await text(opened!.stream)).toBe('2345');
    await store.delete('projects/1/model-r1.glb');
    expect(await store.get('projects/1/model-r1.glb')).toBeUndefined();
    expect(await store.stat('projects/1/model-r1.glb')).toBeUndefined();
    expect(await store.open('projects/1/model-r1.glb')).toBeUndefined();
    await store.delete('projects/1/never-existed');
  });

  it('writes streams and replaces existing blobs whole', async () => {
    await store.put('logos/7.png', 'old');
    await store.put('logos/7.png', Readable.from([Buffer.from('new '), Buffer.from('content')]));
    expect((await store.get('logos/7.png'))?.toString()).toBe('new content');
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
    expect(await readdir(path.join(dir, 'blobs', '.tmp'))).toEqual([]);
  });

  it('deletes a folder of blobs', async () => {
    await store.put('projects/2/a.glb', 'a');
    await store.put('projects/2/b.glb', 'b');
    await store.put('projects/3/a.glb', 'c');
    await store.deleteFolder('projects/2');
    expect(await store.get('projects/2/a.glb')).toBeUndefined();
    expect(await store.get('projects/2/b.glb')).toBeUndefined();
    expect((await store.get('projects/3/a.glb'))?.toString()).toBe('c');
  });

  it.each(['', '../escape', 'a/../../b', '/absolute', '.tmp/x', 'a//b', 'a/.hidden', 'a\\b', 'x'.repeat(300), 'ok/'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, 'x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    },
  );
});
