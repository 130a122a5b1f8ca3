/**
 * The conversion worker (one per thread of the pool): runs convertFile and reports progress
 * through a MessagePort. Errors come back as data so that their code survives the thread hop.
 */
import type { MessagePort } from 'node:worker_threads';
import { convertFile, type ConversionStats } from './convertFile.js';
import { ConversionError, conversionErrors } from './errors.js';
import { deriveRevisionAssets, type RevisionAssets } from './revisionAssets.js';
import type { ZipLimits } from './zipArchive.js';

export interface WorkerTask {
  fileName: string;
  bytes: Uint8Array;
  maxBytes?: number;
  zipLimits?: ZipLimits;
  port: MessagePort;
}

export interface WorkerProgress {
  progress: number;
  activity: string;
}

export type WorkerResult =
  | { ok: true; glb: Uint8Array; stats: ConversionStats; assets: RevisionAssets }
  | { ok: false; code: ConversionError['code']; message: string };

export default async function runConversion(task: WorkerTask): Promise<WorkerResult> {
  try {
    const { glb, stats } = await convertFile({
      fileName: task.fileName,
      bytes: task.bytes,
      maxBytes: task.maxBytes,
      zipLimits: task.zipLimits,
      onProgress: (progress, activity) => task.port.postMessage({ progress, activity } satisfies WorkerProgress),
    });
    const assets = await deriveRevisionAssets(glb);
    return { ok: true, glb, stats, assets };
  } catch (error) {
    if (error instanceof ConversionError) return { ok: false, code: error.code, message: error.message };
    console.error(`conversion of ${task.fileName} failed:`, error);
    return { ok: false, code: 'internal', message: conversionErrors.internal(task.fileName).message };
  } finally {
    task.port.close();
  }
}
