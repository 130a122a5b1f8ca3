/**
 * Blob store on the local disk (DATA_DIR/blobs): temp file in the same folder tree, fsync, rename.
 * Models and originals are the owners' files: folders are 0700 and files 0600 (the server's user
 * only), whatever the umask, and a root an older version left open is closed when the store opens.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobInfo, type BlobSource, type BlobStore } from './blobStore';

const TEMP_DIR = '.tmp';
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

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
      await mkdir(tempDir, { recursive: true, mode: FOLDER_MODE });
      await mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      const out = createWriteStream(temp, { flags: 'wx', mode: FILE_MODE });
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

/**
 * The store at `root`, its folder (when it exists; the first write makes it 0700) made readable by
 * the server's user only: files an older version wrote 0644 in folders 0755 are out of other
 * users' reach behind it.
 */
export async function openLocalBlobStore(root: string): Promise<BlobStore> {
  try {
    await chmod(root, FOLDER_MODE);
  } catch (error) {
    // Not made yet, or another user's folder (an admin command run by someone else): left as it is.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
  return createLocalBlobStore(root);
}
