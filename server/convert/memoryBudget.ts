/**
 * The memory budget of a conversion thread. Its JavaScript heap is capped by the worker's
 * `resourceLimits` (converter.ts); the importers' WebAssembly memories (OpenCascade, assimp) live
 * outside that heap, so their growth is checked here: both grow their memory through
 * `WebAssembly.Memory.prototype.grow`, which refuses to go past the budget. The module then fails
 * its allocation and stops; `budgetExceeded()` tells the worker why, and the worker drops the
 * module (a fresh instance serves the next conversion).
 */
const PAGE_BYTES = 64 * 1024;

let budgetBytes = Number.POSITIVE_INFINITY;
let exceeded = false;
/** Bytes the WebAssembly memories of this thread grew by, all conversions together. */
let grownBytes = 0;

const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function growWithinBudget(this: WebAssembly.Memory, delta: number): number {
  if (this.buffer.byteLength + delta * PAGE_BYTES > budgetBytes) {
    exceeded = true;
    throw new RangeError('WebAssembly.Memory.grow(): over the conversion memory budget');
  }
  const pages = grow.call(this, delta);
  grownBytes += delta * PAGE_BYTES;
  return pages;
};

/** Starts a conversion: this budget for each WebAssembly memory, nothing exceeded yet. */
export function startBudget(megabytes: number | undefined): void {
  budgetBytes = megabytes === undefined ? Number.POSITIVE_INFINITY : megabytes * 1024 * 1024;
  exceeded = false;
}

export function budgetExceeded(): boolean {
  return exceeded;
}

/**
 * How much the thread's WebAssembly memories grew, in all: a memory never shrinks, and one of a
 * dropped module is freed only when its thread ends, so this is what the thread keeps.
 */
export function grownMemoryBytes(): number {
  return grownBytes;
}
