/**
 * What a model's batches are (buildBatches.ts makes them): per-material world-space buffers with
 * the index and vertex range of every part, and the model's bounds.
 */
import type { Bounds } from '../types';
import type { PrimitiveKind } from './modelSource';

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
