/**
 * Merges every part into a few static world-space batches: one per material for triangles (and
 * one per material for line primitives) plus one for all feature edges. Each batch remembers the
 * index and vertex range of every part, so that hiding parts only rewrites index buffers and the
 * draw-call count stays at the number of materials whatever the number of parts.
 */
import type { Bounds } from '../types';
import { featureEdges } from './featureEdges';
import type { ModelSource, PartPiece, PrimitiveKind, SourceGeometry } from './modelSource';
import { determinant3, normalMatrix, transformNormal, transformPoint } from './transform';

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
export function buildBatches(model: ModelSource, onPart?: (done: number, total: number) => void, level: DetailLevel = 'fine'): BuiltModel {
  const steps = buildBatchesInSteps(model, level, onPart);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Vertices written between two pauses of buildBatchesInSteps: a few milliseconds of work. */
const VERTICES_PER_STEP = 40_000;

/**
 * buildBatches as steps: the generator pauses every few milliseconds of work, so that a caller
 * can build a large model's fine batches between frames (its last value is the built model).
 */
export function* buildBatchesInSteps(model: ModelSource, level: DetailLevel = 'fine', onPart?: (done: number, total: number) => void): Generator<void, BuiltModel, void> {
  const { source, refinable } = atLevel(model, level);
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

  const partBounds = new Float32Array(source.parts.length * 6);
  for (let p = 0; p < source.parts.length; p++) partBounds.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], p * 6);
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
      const base = v;
      for (let k = 0; k < e.positions.length; k += 3) transformPoint(piece.matrix, e.positions, k, edges.positions, (v++) * 3);
      for (let k = 0; k < e.indices.length; k++) edges.indices[i++] = base + e.indices[k];
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
    const g = piece.geometry;
    const m = piece.matrix;
    const base = v;
    const count = g.positions.length / 3;
    const nm = batch.normals && g.normals ? normalMatrix(m) : null;
    for (let k = 0; k < count; k++) {
      transformPoint(m, g.positions, k * 3, batch.positions, (base + k) * 3);
      const o = (base + k) * 3;
      grow(part, batch.positions[o], batch.positions[o + 1], batch.positions[o + 2]);
      if (nm && g.normals && batch.normals) transformNormal(nm, g.normals, k * 3, batch.normals, o);
      if (batch.uvs && g.uvs) {
        batch.uvs[(base + k) * 2] = g.uvs[k * 2];
        batch.uvs[(base + k) * 2 + 1] = g.uvs[k * 2 + 1];
      }
    }
    v += count;
    const mirrored = g.kind === 'triangles' && determinant3(m) < 0;
    const n = indexCountOf(g);
    for (let k = 0; k < n; k++) {
      // Mirroring transforms flip the winding; swap two corners to keep faces outward.
      const local = mirrored ? k - (k % 3) + [0, 2, 1][k % 3] : k;
      batch.indices[i++] = base + (g.indices ? g.indices[local] : local);
    }
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
