/**
 * The loaded model reduced to plain data: each part's geometry pieces with their world matrices
 * and materials. The GLB loader produces it; batching, edges and picking consume it.
 */
import type { EdgeSet } from './featureEdges';
import type { Matrix16 } from './transform';

export type PrimitiveKind = 'triangles' | 'lines';

export interface SourceGeometry {
  /** Unique per geometry; pieces that share a geometry share this object. */
  id: number;
  kind: PrimitiveKind;
  positions: Float32Array;
  normals: Float32Array | null;
  uvs: Float32Array | null;
  /** Null for non-indexed geometry. */
  indices: Uint32Array | null;
  /** Feature edges in the geometry's own space, computed once on first use. */
  edges?: EdgeSet;
}

export interface SourceMaterial {
  /** Index in the model's material list. */
  index: number;
  name: string;
  /** Linear RGB colour drawn: the base colour, lifted when too dark to show on the background (src/model/parts/partColour.ts). */
  color: [number, number, number];
  alpha: number;
  doubleSided: boolean;
}

export interface PartPiece {
  geometry: SourceGeometry;
  /** The geometry's coarse level (fewer triangles, same place and material), when the model has one. */
  coarse?: SourceGeometry;
  /** Index into the model's materials. */
  material: number;
  /** World matrix (Babylon layout). */
  matrix: Matrix16;
}

export interface SourcePart {
  /** The part's node id (see PartNode.id). */
  id: string;
  pieces: PartPiece[];
}

export interface ModelSource {
  parts: SourcePart[];
  materials: SourceMaterial[];
}
