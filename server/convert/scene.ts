/**
 * The one intermediate form every importer produces and the GLB writer consumes.
 * Units: metres. Axes: Y up (glTF convention). Matrices: column-major 4x4, local to the parent.
 */
import type { ConversionNote } from '../../src/api/conversionNotes.js';
import type { PanelGeometry } from '../../src/model/machining/panelMachining.js';
import { multiplyMatrices } from '../../src/model/matrix4.js';

export type Rgb = [number, number, number];

export interface SceneTexture {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Uint8Array;
}

export interface SceneMaterial {
  name: string;
  color: Rgb;
  /** 0..1; below 1 the material is blended. */
  opacity: number;
  metallic?: number;
  roughness?: number;
  doubleSided?: boolean;
  baseColorTexture?: SceneTexture;
}

export interface ScenePrimitive {
  mode: 'triangles' | 'lines' | 'points';
  positions: Float32Array;
  normals?: Float32Array;
  uvs?: Float32Array;
  indices?: Uint32Array;
  /** Index into `SceneModel.materials`. */
  material: number;
}

export interface SceneMesh {
  name: string;
  primitives: ScenePrimitive[];
  /** The part's machining, read from its B-rep faces where the importer had them (server/convert/machining). */
  panel?: PanelGeometry | null;
}

export interface SceneNode {
  /** The source's node name, kept byte for byte. */
  name: string;
  /** Local transform, column-major; absent means identity. */
  matrix?: number[];
  /** Index into `SceneModel.meshes`. */
  mesh?: number;
  children: SceneNode[];
}

export interface SceneModel {
  roots: SceneNode[];
  meshes: SceneMesh[];
  materials: SceneMaterial[];
  /** What the importer could not keep or had to assume, told to the user. */
  notes?: ConversionNote[];
  /** Time the importer spent reading machining, summed over its threads (ms). */
  machiningMs?: number;
}

/** Drops nodes that draw nothing and hold nothing that draws (cameras, lights, empty groups). */
export function pruneEmptyNodes(nodes: SceneNode[]): SceneNode[] {
  return nodes.flatMap((node) => {
    node.children = pruneEmptyNodes(node.children);
    return node.mesh !== undefined || node.children.length > 0 ? [node] : [];
  });
}

export function walkNodes(nodes: SceneNode[], visit: (node: SceneNode, depth: number) => void, depth = 0): void {
  for (const node of nodes) {
    visit(node, depth);
    walkNodes(node.children, visit, depth + 1);
  }
}

function primitiveCount(primitive: ScenePrimitive): number {
  const count = primitive.indices ? primitive.indices.length : primitive.positions.length / 3;
  if (primitive.mode === 'triangles') return Math.floor(count / 3);
  if (primitive.mode === 'lines') return Math.floor(count / 2);
  return count;
}

interface SceneStats {
  nodes: number;
  /** Nodes that draw something. */
  parts: number;
  triangles: number;
  lines: number;
}

export function sceneStats(scene: SceneModel): SceneStats {
  const stats: SceneStats = { nodes: 0, parts: 0, triangles: 0, lines: 0 };
  walkNodes(scene.roots, (node) => {
    stats.nodes++;
    if (node.mesh === undefined) return;
    const mesh = scene.meshes[node.mesh];
    let drawn = false;
    for (const primitive of mesh.primitives) {
      const n = primitiveCount(primitive);
      if (n > 0) drawn = true;
      if (primitive.mode === 'triangles') stats.triangles += n;
      if (primitive.mode === 'lines') stats.lines += n;
    }
    if (drawn) stats.parts++;
  });
  return stats;
}

export const IDENTITY: readonly number[] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

export function translation(x: number, y: number, z: number): number[] {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
}

/** Column-major product a * b. */
export function multiply(a: readonly number[], b: readonly number[]): number[] {
  return multiplyMatrices(a, b, new Array<number>(16).fill(0));
}

/** Rotation taking a Z-up source (CAD, DXF) into Y-up: (x, y, z) -> (x, z, -y). */
export const Z_UP_TO_Y_UP: readonly number[] = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];

export function scaling(s: number): number[] {
  return [s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1];
}
