/** The part of s3rver's programmatic API the tests and the local cluster use (the package ships no types). */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    configureBuckets(): Promise<void>;
    /** Listens on its address and port (and configures its buckets). */
    run(): Promise<unknown>;
    close(): Promise<unknown>;
    /** The request listener of the server (Koa's callback). */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    logger: { close(): void };
    /** Its file system store (the tests serialise its deletes). */
    store: { deleteObject(bucket: string, key: string): Promise<void> };
  }

  export default S3rver;
}
