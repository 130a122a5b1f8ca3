/**
 * Helper threads that read group files of distinct parts beside the conversion's own thread
 * (`CONVERT_THREADS`: a conversion uses every thread the pool has). Started for one conversion and
 * stopped after it; each has its own OpenCascade module and the conversion's memory budget.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { conversionErrors } from '../errors.js';
import type { PartReaderReply, PartReaderRequest } from './partReaderThread.js';
import type { PartGroupResult } from './stepGroupRead.js';
import type { ArFiles } from '../ar/arFiles.js';

// From the sources the thread's code is the file beside this one (run through tsx); in the built
// server (scripts/build-server.mjs) it is step-part-reader.js beside the conversion thread's file.
const THREAD_URL = import.meta.url.endsWith('.ts') ? new URL('./partReaderThread.ts', import.meta.url) : new URL('./step-part-reader.js', import.meta.url);

export interface PartReader {
  read(text: string, tags: string[], fileName: string): Promise<PartGroupResult>;
  /** The AR files of a GLB (null when they cannot be made), made on this thread. */
  makeArFiles(glb: Uint8Array, onProgress?: (share: number) => void): Promise<ArFiles | null>;
  /** Still able to read (its thread has not failed). */
  readonly healthy: boolean;
  readonly memoryLimitMb: number | undefined;
  close(): Promise<void>;
}

/** Readers kept between conversions of this thread, and how long an idle one lives. */
const idle: PartReader[] = [];
const IDLE_MS = 60_000;
let idleTimer: NodeJS.Timeout | undefined;

/** `count` readers with this memory budget: idle ones first (their module already compiled). */
export function takePartReaders(count: number, memoryLimitMb?: number): PartReader[] {
  const out: PartReader[] = [];
  while (out.length < count) {
    const i = idle.findIndex((r) => r.memoryLimitMb === memoryLimitMb && r.healthy);
    out.push(i >= 0 ? idle.splice(i, 1)[0] : startPartReader(memoryLimitMb));
  }
  return out;
}

/** An idle reader with this memory budget (its thread warm), or undefined: none is started. */
export function takeIdlePartReader(memoryLimitMb?: number): PartReader | undefined {
  const i = idle.findIndex((r) => r.memoryLimitMb === memoryLimitMb && r.healthy);
  return i >= 0 ? idle.splice(i, 1)[0] : undefined;
}

/** Back to the idle list; all idle readers stop after a minute without work. */
export function releasePartReaders(readers: PartReader[]): void {
  for (const reader of readers) {
    if (reader.healthy) idle.push(reader);
    else void reader.close();
  }
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void Promise.all(idle.splice(0).map((r) => r.close())), IDLE_MS);
  idleTimer.unref();
}

/**
 * From the sources, a thread started by a thread does not get `--import tsx`: it registers tsx's
 * loader itself before importing the TypeScript file.
 */
function threadSource(): URL | string {
  if (!THREAD_URL.pathname.endsWith('.ts')) return THREAD_URL;
  // tsx's ESM entry of its API (the CommonJS one resolves its loader wrongly in a thread).
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_URL.href)}); });`;
}

function startPartReader(memoryLimitMb?: number): PartReader {
  const source = threadSource();
  const worker = new Worker(source, {
    eval: typeof source === 'string',
    workerData: { memoryLimitMb },
    resourceLimits: memoryLimitMb ? { maxOldGenerationSizeMb: memoryLimitMb } : undefined,
  });
  const pending = new Map<number, { fileName: string; resolve: (r: never) => void; reject: (e: Error) => void; onProgress?: (share: number) => void }>();
  let nextId = 0;
  let failure: ((fileName: string) => Error) | undefined;
  const failAll = (error: (fileName: string) => Error) => {
    failure ??= error;
    for (const { reject, fileName } of pending.values()) reject(failure(fileName));
    pending.clear();
  };
  worker.on('message', (reply: PartReaderReply) => {
    const waiting = pending.get(reply.id);
    if ('progress' in reply) return waiting?.onProgress?.(reply.progress);
    pending.delete(reply.id);
    if (!waiting) return;
    if (reply.ok) waiting.resolve(('ar' in reply ? reply.ar : reply.result) as never);
    else waiting.reject(reply.outOfMemory ? conversionErrors.outOfMemory(waiting.fileName, memoryLimitMb ?? 0) : conversionErrors.brokenFile(waiting.fileName, 'STEP'));
  });
  worker.on('error', (error: Error & { code?: string }) => {
    failAll((fileName) => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? conversionErrors.outOfMemory(fileName, memoryLimitMb ?? 0) : conversionErrors.internal(fileName)));
  });
  worker.on('exit', () => failAll((fileName) => conversionErrors.internal(fileName)));
  worker.unref();
  return {
    memoryLimitMb,
    get healthy() {
      return failure === undefined;
    },
    read(text, tags, fileName) {
      if (failure) return Promise.reject(failure(fileName));
      const id = nextId++;
      return new Promise<PartGroupResult>((resolve, reject) => {
        pending.set(id, { fileName, resolve, reject });
        worker.postMessage({ id, text, tags } satisfies PartReaderRequest);
      });
    },
    makeArFiles(glb, onProgress) {
      if (failure) return Promise.reject(failure('AR'));
      const id = nextId++;
      return new Promise<ArFiles | null>((resolve, reject) => {
        pending.set(id, { fileName: 'AR', resolve, reject, onProgress });
        worker.postMessage({ id, kind: 'ar', glb } satisfies PartReaderRequest);
      });
    },
    async close() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
