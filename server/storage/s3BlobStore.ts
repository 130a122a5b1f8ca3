/**
 * Blob store in an S3-compatible bucket, through the AWS SDK. Keys live under an optional prefix.
 * A PutObject (or a completed multipart upload) replaces an object whole, so readers see the old
 * content or the new one, never a part: the same promise as the local store's rename.
 * Byte sources (Buffer, string) go in one PutObject; streams go through lib-storage's `Upload`,
 * which sends parts as they arrive (a few parts in memory, never the whole file) and aborts the
 * multipart upload when the source fails, so no object appears or changes.
 */
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type GetObjectCommandOutput,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertBlobKey, type BlobInfo, type BlobSource, type BlobStore } from './blobStore';

interface S3BlobStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key ('' or ending with '/'). */
  prefix?: string;
  /** Bytes per multipart part for streamed sources (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts of one streamed source uploaded at once. */
  queueSize?: number;
  /** Keys per list and delete request in deleteFolder (S3's maximum, 1000, by default). */
  pageSize?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

interface SdkError {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** NoSuchKey (GET) or a bodiless 404 (HEAD); a missing bucket is an error, not a missing blob. */
function isMissing(error: unknown): boolean {
  const e = error as SdkError;
  if (e?.name === 'NoSuchKey' || e?.name === 'NotFound') return true;
  return e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket';
}

function isUnsatisfiableRange(error: unknown): boolean {
  const e = error as SdkError;
  return e?.name === 'InvalidRange' || e?.$metadata?.httpStatusCode === 416;
}

/** The object's whole size: from `Content-Range: bytes a-b/size` on a range, else Content-Length. */
function sizeOf(output: GetObjectCommandOutput): number {
  const total = /\/(\d+)$/.exec(output.ContentRange ?? '');
  return total ? Number(total[1]) : (output.ContentLength ?? 0);
}

/** Last-Modified has whole seconds on every S3 server; the same value on every read keeps ETags stable. */
function infoOf(size: number | undefined, modified: Date | undefined): BlobInfo {
  return { size: size ?? 0, modifiedAt: modified ?? new Date(0) };
}

export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { client, bucket } = options;
  const prefix = options.prefix ?? '';
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE);
  const queueSize = options.queueSize ?? 2;
  const pageSize = Math.min(1000, Math.max(1, options.pageSize ?? 1000));
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return `${prefix}${key}`;
  };

  const stat = async (key: string): Promise<BlobInfo | undefined> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return infoOf(head.ContentLength, head.LastModified);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  const getObject = async (key: string, range?: { start: number; end: number }) => {
    try {
      return await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  /** Streams through a multipart upload; when the source itself fails, its error is the one reported. */
  const upload = async (Key: string, data: Readable | AsyncIterable<Uint8Array>) => {
    let sourceError: { error: unknown } | undefined;
    async function* watched() {
      try {
        for await (const chunk of data) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      } catch (error) {
        sourceError = { error };
        throw error;
      }
    }
    const body = Readable.from(watched(), { objectMode: false });
    try {
      await new Upload({ client, params: { Bucket: bucket, Key, Body: body }, partSize, queueSize }).done();
    } catch (error) {
      // An abort of the multipart upload that fails too (or a server that has no abort) must not hide the cause.
      throw sourceError ? sourceError.error : error;
    } finally {
      body.destroy();
    }
  };

  return {
    async put(key, data: BlobSource) {
      const Key = objectKey(key);
      if (typeof data === 'string' || data instanceof Uint8Array) {
        const bytes = Buffer.from(data);
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentLength: bytes.length }));
      } else {
        await upload(Key, data);
      }
      const info = await stat(key);
      if (!info) throw new Error(`The blob ${key} was written but cannot be found in bucket ${bucket}`);
      return info;
    },

    async get(key) {
      const output = await getObject(key);
      if (!output?.Body) return undefined;
      const bytes = await output.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async open(key, range) {
      let output;
      try {
        output = await getObject(key, range);
      } catch (error) {
        // Like a file read from past its end: nothing to read, and the blob's size.
        if (!range || !isUnsatisfiableRange(error)) throw error;
        const info = await stat(key);
        return info && { stream: Readable.from([]), info };
      }
      if (!output?.Body) return undefined;
      // Size and bytes come from the same response, even if a writer replaces the object meanwhile.
      return { stream: output.Body as Readable, info: infoOf(sizeOf(output), output.LastModified) };
    },

    stat,

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async deleteFolder(folder) {
      const Prefix = `${objectKey(folder)}/`;
      let StartAfter: string | undefined;
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix, StartAfter, MaxKeys: pageSize }));
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
        if (keys.length > 0) {
          const deleted = await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
          );
          const failed = deleted.Errors ?? [];
          if (failed.length > 0) throw new Error(`Could not delete ${failed.length} blob(s) under ${folder}: ${failed[0].Code} ${failed[0].Message}`);
          StartAfter = keys.at(-1);
        }
        if (!page.IsTruncated || keys.length === 0) return;
      }
    },

    async close() {
      client.destroy();
    },
  };
}

/** Fails when the bucket cannot be reached (wrong endpoint, bucket, region or credentials). */
export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const e = error as SdkError & { message?: string };
    const why = e?.$metadata?.httpStatusCode === 404 ? 'it does not exist' : `${e?.name ?? 'Error'}: ${e?.message ?? String(error)}`;
    throw new Error(`The blob bucket ${bucket} cannot be used: ${why}`, { cause: error });
  }
}
