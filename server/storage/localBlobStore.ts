/** Blob store on the local disk (DATA_DIR/blobs): temp file in the same folder tree, fsync, rename. */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobInfo, type BlobSource, type BlobStore } from './blobStore';

const TEMP_DIR = '.tmp';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };

  const info = async (file: string): Promise<BlobInfo | undefined> => {
    try {
      const s = await stat(file);
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    async put(key, data: BlobSource) {
      const target = fileOf(key);
      const tempDir = path.join(root, TEMP_DIR);
      await mkdir(tempDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      const out = createWriteStream(temp, { flags: 'wx' });
      try {
        const source = typeof data === 'string' || data instanceof Uint8Array ? Readable.from([Buffer.from(data)]) : data;
        await pipeline(source, out);
        const handle = await open(temp, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        // A failed source destroys the file stream, which may still be opening the file: remove it
        // once the stream has closed, or the late open would leave it behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(temp, { force: true });
        throw error;
      }
      return (await info(target))!;
    },

    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async open(key, range) {
      // Size and bytes come from the same open file, even if a writer renames a new version in meanwhile.
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return undefined;
      }
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, info: { size: s.size, modifiedAt: s.mtime } };
    },

    stat: (key) => info(fileOf(key)),

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async deleteFolder(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true });
    },
  };
}
