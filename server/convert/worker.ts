/**
 * The conversion worker (one per thread of the pool): runs convertFile and reports progress
 * through a MessagePort. Errors come back as data so that their code survives the thread hop, and
 * so does what the parsers printed (kept out of the server's stdout, see workerConsole.ts).
 */
import { activityText } from '../../src/api/conversionActivity.js';
import { takeCapturedOutput, type CapturedOutput } from './workerConsole.js';
import type { MessagePort } from 'node:worker_threads';
import type { ConversionNote } from '../../src/api/conversionNotes.js';
import { convertFile, type ConversionStats } from './convertFile.js';
import { ConversionError, conversionErrors } from './errors.js';
import { forgetAssimp } from './importers/assimpImporter.js';
import { forgetOcct } from './importers/occtTypes.js';
import { budgetExceeded, grownMemoryBytes, startBudget } from './memoryBudget.js';
import { releasePartReaders, takeIdlePartReader } from './importers/partReaders.js';
import { arFiles, deriveRevisionAssets, type ArFiles, type RevisionAssets } from './revisionAssets.js';
import type { ZipLimits } from './zipArchive.js';

export interface WorkerTask {
  fileName: string;
  bytes: Uint8Array;
  maxBytes?: number;
  zipLimits?: ZipLimits;
  /** Largest WebAssembly memory an importer may grow to, MB; unset: no limit. */
  memoryLimitMb?: number;
  /** Threads the conversion may use, its own included. */
  threads?: number;
  port: MessagePort;
}

export interface WorkerProgress {
  progress: number;
  activity: string;
}

export type WorkerResult = (
  | { ok: true; glb: Uint8Array; stats: ConversionStats; notes: ConversionNote[]; assets: RevisionAssets }
  | { ok: false; code: ConversionError['code']; message: string }
) & {
  output: CapturedOutput;
  /** What this thread's WebAssembly memories grew by so far (it keeps that much until it ends). */
  grownMemoryBytes: number;
};

function failure(task: WorkerTask, error: unknown): { ok: false; code: ConversionError['code']; message: string } {
  if (budgetExceeded()) {
    // The module that hit the budget may be left half-way: the next conversion loads a fresh one.
    forgetAssimp();
    forgetOcct();
    const { code, message } = conversionErrors.outOfMemory(task.fileName, task.memoryLimitMb ?? 0);
    return { ok: false, code, message };
  }
  if (error instanceof ConversionError) return { ok: false, code: error.code, message: error.message };
  console.error(`conversion of ${task.fileName} failed:`, error);
  return { ok: false, code: 'internal', message: conversionErrors.internal(task.fileName).message };
}

const DONE = activityText({ step: 'done' });

export default async function runConversion(task: WorkerTask): Promise<WorkerResult> {
  const post = (progress: number, activity: string) => task.port.postMessage({ progress, activity } satisfies WorkerProgress);
  takeCapturedOutput();
  startBudget(task.memoryLimitMb);
  try {
    const { glb, stats, notes, machining } = await convertFile({
      fileName: task.fileName,
      bytes: task.bytes,
      maxBytes: task.maxBytes,
      zipLimits: task.zipLimits,
      threads: task.threads,
      memoryLimitMb: task.memoryLimitMb,
      // The conversion's own end comes after the posters.
      onProgress: (progress, activity) => activity !== DONE && post(progress * 0.9, activity),
    });
    // A helper thread left warm by the parts' read makes the AR files beside the posters.
    const helper = (task.threads ?? 1) > 1 ? takeIdlePartReader(task.memoryLimitMb) : undefined;
    const derived = await deriveRevisionAssets(
      glb,
      (share) => post(0.9 + 0.099 * share, activityText({ step: 'poster' })),
      helper && ((bytes, onProgress) => helper.makeArFiles(bytes, onProgress)),
    ).finally(() => helper && releasePartReaders([helper]));
    const assets: RevisionAssets = { ...derived, machining };
    post(1, DONE);
    return { ok: true, glb, stats, notes, assets, output: takeCapturedOutput(), grownMemoryBytes: grownMemoryBytes() };
  } catch (error) {
    const result = failure(task, error);
    return { ...result, output: takeCapturedOutput(), grownMemoryBytes: grownMemoryBytes() };
  } finally {
    startBudget(undefined);
    task.port.close();
  }
}

/**
 * The AR files of a revision converted before they existed, or of one cabinet of it (`node`), made
 * on first request, off the API's thread.
 */
export async function makeArFiles(task: { glb: Uint8Array; node?: number }): Promise<ArFiles | null> {
  return arFiles(task.glb, task.node);
}
