/**
 * A helper thread of a conversion (stepByParts.ts): reads one group file of distinct parts with
 * its own OpenCascade module and sends back each part's merged mesh as transferable arrays.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { budgetExceeded, startBudget } from '../memoryBudget.js';
import { loadOcct } from './occtTypes.js';
import { readPartGroup, type PartGroupResult } from './stepGroupRead.js';

export interface PartReaderRequest {
  id: number;
  text: string;
  tags: string[];
}

export type PartReaderReply = { id: number; ok: true; result: PartGroupResult } | { id: number; ok: false; outOfMemory: boolean; message: string };

startBudget((workerData as { memoryLimitMb?: number } | undefined)?.memoryLimitMb);
// Compiled before the first group arrives.
void loadOcct();

parentPort!.on('message', async (request: PartReaderRequest) => {
  try {
    const result = await readPartGroup(request.text, request.tags);
    const transfer = result.parts.flatMap((p) => (p ? [p.positions.buffer, p.normals.buffer, p.index.buffer] : []));
    parentPort!.postMessage({ id: request.id, ok: true, result } satisfies PartReaderReply, transfer as ArrayBuffer[]);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, ok: false, outOfMemory: budgetExceeded(), message: String(error) } satisfies PartReaderReply);
  }
});
