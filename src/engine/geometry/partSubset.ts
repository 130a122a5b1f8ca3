/** Copies the triangles of some parts out of the batches (for the highlight overlay). */
import type { BuiltModel } from './buildBatches';

interface TriangleSubset {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
}

export function partSubset(model: BuiltModel, parts: ReadonlySet<number>): TriangleSubset {
  let vertices = 0;
  let indexCount = 0;
  for (const batch of model.batches) {
    if (batch.kind !== 'triangles') continue;
    for (const r of batch.ranges) {
      if (!parts.has(r.part)) continue;
      vertices += r.vertexCount;
      indexCount += r.indexCount;
    }
  }
  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const indices = new Uint32Array(indexCount);
  let v = 0;
  let i = 0;
  for (const batch of model.batches) {
    if (batch.kind !== 'triangles') continue;
    for (const r of batch.ranges) {
      if (!parts.has(r.part)) continue;
      positions.set(batch.positions.subarray(r.vertexStart * 3, (r.vertexStart + r.vertexCount) * 3), v * 3);
      if (batch.normals) normals.set(batch.normals.subarray(r.vertexStart * 3, (r.vertexStart + r.vertexCount) * 3), v * 3);
      for (let k = 0; k < r.indexCount; k++) indices[i++] = batch.indices[r.indexStart + k] - r.vertexStart + v;
      v += r.vertexCount;
    }
  }
  return { positions, normals, indices };
}
