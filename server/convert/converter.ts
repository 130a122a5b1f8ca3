/**
 * The conversion service the upload sockets call: a pool of worker threads (one per core by
 * default) so that a large STEP never blocks the API's event loop.
 *
 *   const converter = createConverter({ threads: 2 });
 *   const { glb, stats } = await converter.convert({ fileName, bytes, onProgress, signal });
 *   await converter.close();
 *
 * Failures reject with a ConversionError whose `message` is meant for the user.
 *
 * Every conversion has a time and a memory budget. Past its time the task is aborted, which
 * terminates its thread (piscina replaces it). Its thread's JavaScript heap is capped by the
 * worker's `resourceLimits` (going past it ends the thread, ERR_WORKER_OUT_OF_MEMORY) and each
 * WebAssembly memory of the importers by memoryBudget.ts; either way the user reads out_of_memory.
 *
 * A WebAssembly memory never shrinks, and one of a dropped module stays until its thread ends: a
 * thread whose memories grew past `recycleAboveMb` (a pathological file, a conversion stopped at
 * the budget) would keep that peak for the life of the server. After such a conversion the pool
 * is renewed: new conversions go to a new pool, and the old one is closed once the conversions it
 * still runs are over (never cut short), which ends its threads and gives their memory back.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { ConvertOutput } from './convertFile.js';
import type { ArFiles, RevisionAssets } from './revisionAssets.js';
import { DEFAULT_MAX_FILE_BYTES } from './detect.js';
import { ConversionError, conversionErrors } from './errors.js';
import type { ProgressCallback } from './importModel.js';
import type { WorkerProgress, WorkerResult, WorkerTask } from './worker.js';
import type { CapturedOutput } from './workerConsole.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zipArchive.js';

interface ConverterOptions {
  /** Worker threads; default: the number of cores. */
  threads?: number;
  /** Threads one conversion reads a STEP assembly's parts on (helper threads); default: the number of cores. */
  partThreads?: number;
  /** Largest accepted upload; default 200 MB. */
  maxFileBytes?: number;
  zipLimits?: ZipLimits;
  /** A conversion running longer is stopped; default 10 minutes. */
  timeoutMs?: number;
  /** Memory one conversion may use: its thread's JavaScript heap, and each WebAssembly memory; default 2,048 MB. */
  memoryLimitMb?: number;
  /** A thread whose WebAssembly memories grew past this is ended after its conversion (the pool renewed); default 512 MB. */
  recycleAboveMb?: number;
}

export const DEFAULT_CONVERT_TIMEOUT_MS = 10 * 60 * 1000;
const DEFAULT_CONVERT_MEMORY_MB = 2048;
const DEFAULT_RECYCLE_ABOVE_MB = 512;

export interface ConvertRequest {
  fileName: string;
  bytes: Uint8Array;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  /** What the parsers printed (the first lines, and how many more there were), for a debug log. */
  onOutput?: (output: CapturedOutput) => void;
}

export interface Converter {
  /** The GLB with its precompressed copies and poster, made in the worker thread. */
  convert(request: ConvertRequest): Promise<Omit<ConvertOutput, 'machining'> & { assets: RevisionAssets }>;
  /** The AR files of a converted GLB, made in a worker thread (null: none for this model). */
  arFiles?(glb: Uint8Array, node?: number): Promise<ArFiles | null>;
  close(): Promise<void>;
  /** How many times the pool was renewed after a conversion whose thread's memory grew past the threshold. */
  readonly renewals?: number;
}

// From the sources (tsx, vitest) the thread's code is the file beside this one; in the built server
// (scripts/build-server.mjs) every entry point is a file of one folder, the thread's is convert-worker.js.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./worker.ts', import.meta.url)
  : new URL('./convert-worker.js', import.meta.url);

/** A pool of conversion threads, how many tasks it runs, and whether it takes no new ones (closed once idle). */
interface PoolInUse {
  pool: Piscina;
  running: number;
  retired: boolean;
}

/** A worker written in TypeScript needs the tsx loader in its thread. */
function workerExecArgv(): string[] {
  return WORKER_URL.pathname.endsWith('.ts') ? [...process.execArgv.filter((a) => !a.startsWith('--cpu-prof')), '--import', 'tsx'] : process.execArgv;
}

export function createConverter(options: ConverterOptions = {}): Converter {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const partThreads = Math.max(1, options.partThreads ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_CONVERT_TIMEOUT_MS;
  const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_CONVERT_MEMORY_MB;
  const recycleAboveBytes = (options.recycleAboveMb ?? DEFAULT_RECYCLE_ABOVE_MB) * 1024 * 1024;
  const newPool = (): PoolInUse => ({
    pool: new Piscina<WorkerTask, WorkerResult>({
      filename: WORKER_URL.href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 5 * 60 * 1000,
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb },
    }),
    running: 0,
    retired: false,
  });
  let current = newPool();
  const retired = new Set<PoolInUse>();
  let renewals = 0;
  const closeWhenIdle = (slot: PoolInUse) => {
    if (slot.running > 0) return;
    retired.delete(slot);
    void slot.pool.close();
  };
  /** Runs a task on the current pool; a result that says its thread grew too big renews the pool. */
  const onPool = async <R>(run: (pool: Piscina) => Promise<R>, grownBytes: (result: R) => number): Promise<R> => {
    const slot = current;
    slot.running += 1;
    try {
      const result = await run(slot.pool);
      if (!slot.retired && grownBytes(result) > recycleAboveBytes) {
        slot.retired = true;
        retired.add(slot);
        current = newPool();
        renewals += 1;
      }
      return result;
    } finally {
      slot.running -= 1;
      if (slot.retired) closeWhenIdle(slot);
    }
  };

  return {
    get renewals() {
      return renewals;
    },
    async convert({ fileName, bytes, onProgress, signal, onOutput }) {
      if (signal?.aborted) throw conversionErrors.cancelled();
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (message: WorkerProgress) => onProgress?.(message.progress, message.activity));
      const timeout = AbortSignal.timeout(timeoutMs);
      const task: WorkerTask = {
        fileName,
        bytes,
        maxBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
        zipLimits: options.zipLimits ?? DEFAULT_ZIP_LIMITS,
        memoryLimitMb,
        threads: partThreads,
        port: port2,
      };
      try {
        const result = await onPool(
          (pool) =>
            (pool as Piscina<WorkerTask, WorkerResult>).run(task, {
              transferList: [port2],
              signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
            }),
          (done) => done.grownMemoryBytes,
        );
        if (result.output.lines.length > 0 || result.output.dropped > 0) onOutput?.(result.output);
        if (!result.ok) throw new ConversionError(result.code, result.message);
        return { glb: result.glb, stats: result.stats, notes: result.notes, assets: result.assets };
      } catch (error) {
        if (error instanceof ConversionError) throw error;
        if (timeout.aborted) throw conversionErrors.timeout(timeoutMs);
        if (signal?.aborted) throw conversionErrors.cancelled();
        if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw conversionErrors.outOfMemory(fileName, memoryLimitMb);
        throw conversionErrors.internal(fileName);
      } finally {
        port1.close();
      }
    },
    // The worker file's other export (worker.ts `makeArFiles`), on the same threads.
    arFiles: (glb, node) =>
      onPool(
        (pool) => (pool as unknown as Piscina<{ glb: Uint8Array; node?: number }, ArFiles | null>).run({ glb, node }, { name: 'makeArFiles', signal: AbortSignal.timeout(timeoutMs) }),
        () => 0,
      ),
    close: async () => {
      await Promise.all([current, ...retired].map((slot) => slot.pool.close({ force: true })));
      retired.clear();
    },
  };
}
