/**
 * Writing one piece of a model into its batch: its vertices and normals moved into place (the hot
 * loop of a model's load, written out by hand), and its feature edges into the edge batch.
 */
import type { EdgeSet } from './featureEdges';
import type { PartPiece, SourceGeometry } from './modelSource';
import { determinant3, normalMatrix, type Matrix16 } from './transform';
import type { Batch } from './batch';

/** How many indices a geometry draws (its index list, or its vertices in order). */
export function indexCountOf(geometry: SourceGeometry): number {
  return geometry.indices ? geometry.indices.length : geometry.positions.length / 3;
}

/** The normal matrix of the piece being written (writePiece), reused. */
const NORMAL_SCRATCH = new Float64Array(9);

/**
 * Writes one piece into `batch` at vertex `base` and index `at`, grows its part's bounds, and
 * returns the next index. A plain function, not a step of the generators: the engine that runs a
 * link's first frame optimises a function called for every piece, where the loops of a generator
 * stay in the slower tiers for the whole of one call.
 */
export function writePiece(batch: Batch, piece: PartPiece, part: number, base: number, at: number, grow: (p: number, x: number, y: number, z: number) => void): number {
  let i = at;
  const g = piece.geometry;
  const m = piece.matrix;
  const count = g.positions.length / 3;
  // The transforms written out (no call per vertex): this loop runs for every
  // vertex of the model on a page whose JavaScript has not been optimised yet, where each call
  // and each closure costs.
  const m0 = m[0], m1 = m[1], m2 = m[2], m4 = m[4], m5 = m[5], m6 = m[6], m8 = m[8], m9 = m[9], m10 = m[10], m12 = m[12], m13 = m[13], m14 = m[14];
  const src = g.positions;
  const out = batch.positions;
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let k = 0, o = base * 3; k < count * 3; k += 3, o += 3) {
    const x = src[k], y = src[k + 1], z = src[k + 2];
    const wx = x * m0 + y * m4 + z * m8 + m12;
    const wy = x * m1 + y * m5 + z * m9 + m13;
    const wz = x * m2 + y * m6 + z * m10 + m14;
    out[o] = wx;
    out[o + 1] = wy;
    out[o + 2] = wz;
    // The bounds of what was written (float32), as a reader of the batch sees them.
    const fx = out[o], fy = out[o + 1], fz = out[o + 2];
    if (fx < minX) minX = fx;
    if (fy < minY) minY = fy;
    if (fz < minZ) minZ = fz;
    if (fx > maxX) maxX = fx;
    if (fy > maxY) maxY = fy;
    if (fz > maxZ) maxZ = fz;
  }
  if (count > 0) {
    grow(part, minX, minY, minZ);
    grow(part, maxX, maxY, maxZ);
  }
  const normals = batch.normals;
  const srcNormals = g.normals;
  if (normals && srcNormals) {
    const nm = normalMatrix(m, NORMAL_SCRATCH);
    const n0 = nm[0], n1 = nm[1], n2 = nm[2], n3 = nm[3], n4 = nm[4], n5 = nm[5], n6 = nm[6], n7 = nm[7], n8 = nm[8];
    for (let k = 0, o = base * 3; k < count * 3; k += 3, o += 3) {
      const x = srcNormals[k], y = srcNormals[k + 1], z = srcNormals[k + 2];
      const nx = x * n0 + y * n3 + z * n6;
      const ny = x * n1 + y * n4 + z * n7;
      const nz = x * n2 + y * n5 + z * n8;
      const l = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      normals[o] = nx / l;
      normals[o + 1] = ny / l;
      normals[o + 2] = nz / l;
    }
  }
  const uvs = batch.uvs;
  if (uvs && g.uvs) uvs.set(g.uvs.subarray(0, count * 2), base * 2);
  const mirrored = g.kind === 'triangles' && determinant3(m) < 0;
  const n = indexCountOf(g);
  const indices = g.indices;
  if (!mirrored) {
    if (indices) for (let k = 0; k < n; k++) batch.indices[i++] = base + indices[k];
    else for (let k = 0; k < n; k++) batch.indices[i++] = base + k;
  } else {
    // Mirroring transforms flip the winding; swap two corners to keep faces outward.
    for (let k = 0; k < n; k += 3) {
      batch.indices[i++] = base + (indices ? indices[k] : k);
      batch.indices[i++] = base + (indices ? indices[k + 2] : k + 2);
      batch.indices[i++] = base + (indices ? indices[k + 1] : k + 1);
    }
  }
  return i;
}

/** Writes one piece's feature edges into the edge batch at vertex `base` and index `at`; returns the next index. */
export function writeEdges(edges: Batch, e: EdgeSet, m: Matrix16, base: number, at: number): number {
  const m0 = m[0], m1 = m[1], m2 = m[2], m4 = m[4], m5 = m[5], m6 = m[6], m8 = m[8], m9 = m[9], m10 = m[10], m12 = m[12], m13 = m[13], m14 = m[14];
  const src = e.positions;
  const out = edges.positions;
  for (let k = 0, o = base * 3; k < src.length; k += 3, o += 3) {
    const x = src[k], y = src[k + 1], z = src[k + 2];
    out[o] = x * m0 + y * m4 + z * m8 + m12;
    out[o + 1] = x * m1 + y * m5 + z * m9 + m13;
    out[o + 2] = x * m2 + y * m6 + z * m10 + m14;
  }
  let i = at;
  for (let k = 0; k < e.indices.length; k++) edges.indices[i++] = base + e.indices[k];
  return i;
}
