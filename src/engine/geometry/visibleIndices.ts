/** The index list of a batch's visible parts, for drawing a model with some parts hidden. */
import type { Batch } from './batch';

/**
 * Writes the indices of the visible parts of `batch` to the front of `out` and returns how many
 * were written. `out` must be at least as long as `batch.indices`.
 */
export function visibleIndices(batch: Batch, visible: Uint8Array, out: Uint32Array): number {
  let n = 0;
  for (const r of batch.ranges) {
    if (!visible[r.part]) continue;
    out.set(batch.indices.subarray(r.indexStart, r.indexStart + r.indexCount), n);
    n += r.indexCount;
  }
  return n;
}
