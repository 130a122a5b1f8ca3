/**
 * A helper thread of a conversion (stepByParts.ts): reads one group file of distinct parts with
 * its own OpenCascade module and sends back each part's merged mesh as transferable arrays. Once
 * the parts are read, it can also make the revision's AR files while the conversion's thread draws
 * the posters (revisionAssets.ts), with progress on the way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { budgetExceeded, startBudget } from '../memoryBudget.js';
import { loadOcct } from './occtTypes.js';
import { readPartGroup, type PartGroupResult } from './stepGroupRead.js';
import type { ArFiles } from '../ar/arFiles.js';

export type PartReaderRequest = { id: number; kind?: 'parts'; text: string; tags: string[] } | { id: number; kind: 'ar'; glb: Uint8Array };

export type PartReaderReply =
  | { id: number; ok: true; result: PartGroupResult }
  | { id: number; ok: true; ar: ArFiles | null }
  | { id: number; progress: number }
  | { id: number; ok: false; outOfMemory: boolean; message: string };

startBudget((workerData as { memoryLimitMb?: number } | undefined)?.memoryLimitMb);
// Compiled before the first group arrives.
void loadOcct();

parentPort!.on('message', async (request: PartReaderRequest) => {
  try {
    if (request.kind === 'ar') {
      // Loaded on the first request: a reader that only reads parts never loads the AR code.
      const { arFiles } = await import('../ar/arFiles.js');
      const ar = await arFiles(request.glb, undefined, (progress) => parentPort!.postMessage({ id: request.id, progress } satisfies PartReaderReply));
      parentPort!.postMessage({ id: request.id, ok: true, ar } satisfies PartReaderReply, ar ? [ar.glb.buffer, ar.usdz.buffer] as ArrayBuffer[] : []);
      return;
    }
    const result = await readPartGroup(request.text, request.tags);
    const transfer = result.parts.flatMap((p) => (p ? [p.positions.buffer, p.normals.buffer, p.index.buffer] : []));
    parentPort!.postMessage({ id: request.id, ok: true, result } satisfies PartReaderReply, transfer as ArrayBuffer[]);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, ok: false, outOfMemory: budgetExceeded(), message: String(error) } satisfies PartReaderReply);
  }
});
