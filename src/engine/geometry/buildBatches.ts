/**
 * Merges every part into a few static world-space batches: one per material for triangles (and
 * one per material for line primitives) plus one for all feature edges. Each batch remembers the
 * index and vertex range of every part, so that hiding parts only rewrites index buffers and the
 * draw-call count stays at the number of materials whatever the number of parts.
 */
import type { Bounds } from '../types';
import { featureEdges, type EdgeSet } from './featureEdges';
import type { ModelSource, PartPiece, PrimitiveKind, SourceGeometry } from './modelSource';
import { determinant3, normalMatrix, type Matrix16 } from './transform';

export interface PartRange {
  part: number;
  indexStart: number;
  indexCount: number;
  vertexStart: number;
  vertexCount: number;
}

export interface Batch {
  kind: PrimitiveKind;
  /** Material index, or -1 for the edges batch. */
  material: number;
  positions: Float32Array;
  normals: Float32Array | null;
  uvs: Float32Array | null;
  indices: Uint32Array;
  /** Ranges in part order; a part has at most one range per batch. */
  ranges: PartRange[];
}

/** Which geometry of each piece is batched: the fine one, or its coarse level where it has one. */
export type DetailLevel = 'fine' | 'coarse';

export interface BuiltModel {
  /** Whether a finer level than these batches exists (a coarse build of a model with coarse levels). */
  refinable: boolean;
  batches: Batch[];
  edges: Batch;
  /** World AABB per part: minX minY minZ maxX maxY maxZ (Infinity when the part has no geometry). */
  partBounds: Float32Array;
  bounds: Bounds;
}

function edgesOf(geometry: SourceGeometry) {
  if (!geometry.edges) geometry.edges = featureEdges(geometry.positions, geometry.indices);
  return geometry.edges;
}

function indexCountOf(geometry: SourceGeometry): number {
  return geometry.indices ? geometry.indices.length : geometry.positions.length / 3;
}

interface Builder {
  kind: PrimitiveKind;
  material: number;
  vertices: number;
  indices: number;
  normals: boolean;
  uvs: boolean;
  pieces: Array<{ part: number; piece: PartPiece }>;
}

/** The pieces of `source` at `level`: each piece's coarse geometry in place of its own, where it has one. */
function atLevel(source: ModelSource, level: DetailLevel): { source: ModelSource; refinable: boolean } {
  if (level === 'fine') return { source, refinable: false };
  let refinable = false;
  const parts = source.parts.map((part) => ({
    id: part.id,
    pieces: part.pieces.map((piece) => {
      if (!piece.coarse) return piece;
      refinable = true;
      return { geometry: piece.coarse, material: piece.material, matrix: piece.matrix };
    }),
  }));
  return { source: refinable ? { parts, materials: source.materials } : source, refinable };
}

/**
 * Part and batch order are deterministic: parts in model order, batches by first use. At the
 * coarse level, each piece that has a coarse geometry is batched with it instead of its own.
 */
/** The pieces grouped by primitive kind and material, in first-seen order, with each group's sizes. */
function groupPieces(source: ModelSource): Builder[] {
  const builders = new Map<string, Builder>();
  const order: Builder[] = [];
  source.parts.forEach((part, p) => {
    for (const piece of part.pieces) {
      const key = `${piece.geometry.kind}:${piece.material}`;
      let b = builders.get(key);
      if (!b) {
        b = { kind: piece.geometry.kind, material: piece.material, vertices: 0, indices: 0, normals: false, uvs: false, pieces: [] };
        builders.set(key, b);
        order.push(b);
      }
      b.vertices += piece.geometry.positions.length / 3;
      b.indices += indexCountOf(piece.geometry);
      b.normals ||= piece.geometry.normals !== null;
      b.uvs ||= piece.geometry.uvs !== null;
      b.pieces.push({ part: p, piece });
    }
  });
  return order;
}

export function buildBatches(model: ModelSource, onPart?: (done: number, total: number) => void, level: DetailLevel = 'fine'): BuiltModel {
  const steps = buildBatchesInSteps(model, level, onPart);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The normal matrix of the piece being written (writePiece), reused. */
const NORMAL_SCRATCH = new Float64Array(9);

/** Vertices written between two pauses of buildBatchesInSteps: a few milliseconds of work. */
const VERTICES_PER_STEP = 40_000;

/**
 * buildBatches as steps: the generator pauses every few milliseconds of work, so that a caller
 * can build a large model's fine batches between frames (its last value is the built model).
 */
export function* buildBatchesInSteps(model: ModelSource, level: DetailLevel = 'fine', onPart?: (done: number, total: number) => void): Generator<void, BuiltModel, void> {
  const { source, refinable } = atLevel(model, level);
  const order = groupPieces(source);

  const partBounds = new Float32Array(source.parts.length * 6);
  for (let o = 0; o < partBounds.length; o += 6) {
    partBounds[o] = partBounds[o + 1] = partBounds[o + 2] = Infinity;
    partBounds[o + 3] = partBounds[o + 4] = partBounds[o + 5] = -Infinity;
  }
  const grow = (p: number, x: number, y: number, z: number) => {
    const o = p * 6;
    if (x < partBounds[o]) partBounds[o] = x;
    if (y < partBounds[o + 1]) partBounds[o + 1] = y;
    if (z < partBounds[o + 2]) partBounds[o + 2] = z;
    if (x > partBounds[o + 3]) partBounds[o + 3] = x;
    if (y > partBounds[o + 4]) partBounds[o + 4] = y;
    if (z > partBounds[o + 5]) partBounds[o + 5] = z;
  };

  const batches: Batch[] = [];
  for (const b of order) batches.push(yield* fillBatch(b, grow));

  // Edges of triangle pieces, all parts in one batch.
  let edgeVertices = 0;
  let edgeIndices = 0;
  let work = 0;
  for (const part of source.parts) {
    for (const piece of part.pieces) {
      if (piece.geometry.kind !== 'triangles') continue;
      const fresh = !piece.geometry.edges;
      const e = edgesOf(piece.geometry);
      if (fresh) work += piece.geometry.positions.length / 3;
      edgeVertices += e.positions.length / 3;
      edgeIndices += e.indices.length;
    }
    if (work > VERTICES_PER_STEP) {
      work = 0;
      yield;
    }
  }
  const edges: Batch = {
    kind: 'lines',
    material: -1,
    positions: new Float32Array(edgeVertices * 3),
    normals: null,
    uvs: null,
    indices: new Uint32Array(edgeIndices),
    ranges: [],
  };
  let v = 0;
  let i = 0;
  for (let p = 0; p < source.parts.length; p++) {
    const part = source.parts[p];
    const range: { part: number; indexStart: number; indexCount: number; vertexStart: number; vertexCount: number } = { part: p, indexStart: i, indexCount: 0, vertexStart: v, vertexCount: 0 };
    for (const piece of part.pieces) {
      if (piece.geometry.kind !== 'triangles') continue;
      const e = edgesOf(piece.geometry);
      i = writeEdges(edges, e, piece.matrix, v, i);
      v += e.positions.length / 3;
      work += e.positions.length / 3;
    }
    range.indexCount = i - range.indexStart;
    range.vertexCount = v - range.vertexStart;
    if (range.indexCount > 0) edges.ranges.push(range);
    onPart?.(p + 1, source.parts.length);
    if (work > VERTICES_PER_STEP) {
      work = 0;
      yield;
    }
  }

  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let p = 0; p < source.parts.length; p++) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], partBounds[p * 6 + k]);
      max[k] = Math.max(max[k], partBounds[p * 6 + 3 + k]);
    }
  }
  const empty = !Number.isFinite(min[0]);
  return {
    refinable,
    batches,
    edges,
    partBounds,
    bounds: empty ? { min: [0, 0, 0], max: [0, 0, 0] } : { min, max },
  };
}

function* fillBatch(b: Builder, grow: (p: number, x: number, y: number, z: number) => void): Generator<void, Batch, void> {
  const batch: Batch = {
    kind: b.kind,
    material: b.material,
    positions: new Float32Array(b.vertices * 3),
    normals: b.normals && b.kind === 'triangles' ? new Float32Array(b.vertices * 3) : null,
    uvs: b.uvs ? new Float32Array(b.vertices * 2) : null,
    indices: new Uint32Array(b.indices),
    ranges: [],
  };
  let v = 0;
  let i = 0;
  let work = 0;
  let current: PartRange | null = null;
  for (const { part, piece } of b.pieces) {
    if (!current || current.part !== part) {
      current = { part, indexStart: i, indexCount: 0, vertexStart: v, vertexCount: 0 };
      batch.ranges.push(current);
    }
    const count = piece.geometry.positions.length / 3;
    i = writePiece(batch, piece, part, v, i, grow);
    v += count;
    current.indexCount = i - current.indexStart;
    current.vertexCount = v - current.vertexStart;
    work += count;
    if (work > VERTICES_PER_STEP) {
      work = 0;
      yield;
    }
  }
  return batch;
}

/**
 * Writes one piece into `batch` at vertex `base` and index `at`, grows its part's bounds, and
 * returns the next index. A plain function, not a step of the generators: the engine that runs a
 * link's first frame optimises a function called for every piece, where the loops of a generator
 * stay in the slower tiers for the whole of one call.
 */
function writePiece(batch: Batch, piece: PartPiece, part: number, base: number, at: number, grow: (p: number, x: number, y: number, z: number) => void): number {
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
function writeEdges(edges: Batch, e: EdgeSet, m: Matrix16, base: number, at: number): number {
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
