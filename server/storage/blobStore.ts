/**
 * Where originals, converted models and logos live. Keys are slash-separated names of letters,
 * digits, '.', '_' and '-' (no segment starts with '.', so no key escapes the store).
 * The local folder store is the default (localBlobStore.ts); an S3-compatible bucket holds the same
 * keys behind the same interface (s3BlobStore.ts). openBlobStore.ts picks one from the config.
 */
import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  modifiedAt: Date;
}

export type BlobSource = Uint8Array | string | Readable | AsyncIterable<Uint8Array>;

export interface BlobStore {
  /** Writes a blob atomically: readers see the old content or the whole new one, never a part. */
  put(key: string, data: BlobSource): Promise<BlobInfo>;
  get(key: string): Promise<Buffer | undefined>;
  /** A stream of the content (optionally a byte range, inclusive end) with its size, or undefined. */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; info: BlobInfo } | undefined>;
  stat(key: string): Promise<BlobInfo | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix/`. */
  deleteFolder(prefix: string): Promise<void>;
  /** Releases connections (the S3 client's); the local store holds none. */
  close?(): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;

export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`Invalid blob key: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = 'InvalidBlobKeyError';
  }
}

export function assertBlobKey(key: string): void {
  if (typeof key !== 'string' || !KEY.test(key)) throw new InvalidBlobKeyError(key);
}
