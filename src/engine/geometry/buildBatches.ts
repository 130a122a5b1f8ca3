/**
 * Merges every part into a few static world-space batches: one per material for triangles (and
 * one per material for line primitives) plus one for all feature edges. Each batch remembers the
 * index and vertex range of every part, so that hiding parts only rewrites index buffers and the
 * draw-call count stays at the number of materials whatever the number of parts.
 */
import type { Batch, BuiltModel, DetailLevel, PartRange } from './batch';
import { featureEdges } from './featureEdges';
import type { ModelSource, PartPiece, PrimitiveKind, SourceGeometry } from './modelSource';
import { indexCountOf, writeEdges, writePiece } from './writePiece';

export type { Batch, BuiltModel, DetailLevel, PartRange } from './batch';

function edgesOf(geometry: SourceGeometry) {
  if (!geometry.edges) geometry.edges = featureEdges(geometry.positions, geometry.indices);
  return geometry.edges;
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
function atLevel(source: ModelSource, level: DetailLevel, fineParts?: ReadonlySet<number>): { source: ModelSource; refinable: boolean } {
  if (level === 'fine') return { source, refinable: false };
  let refinable = false;
  const parts = source.parts.map((part, p) => ({
    id: part.id,
    pieces: part.pieces.map((piece) => {
      if (!piece.coarse) return piece;
      refinable = true;
      if (fineParts?.has(p)) return piece;
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

/** Vertices written between two pauses of buildBatchesInSteps: a few milliseconds of work. */
const VERTICES_PER_STEP = 40_000;

/**
 * buildBatches as steps: the generator pauses every few milliseconds of work, so that a caller
 * can build a large model's fine batches between frames (its last value is the built model).
 */
export function* buildBatchesInSteps(
  model: ModelSource,
  level: DetailLevel = 'fine',
  onPart?: (done: number, total: number) => void,
  /** At the coarse level, the parts batched at their fine level all the same (a model over the fine budget). */
  fineParts?: ReadonlySet<number>,
): Generator<void, BuiltModel, void> {
  const { source, refinable } = atLevel(model, level, fineParts);
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
