/**
 * Reads a GLB (as the converter writes it: meshopt-compressed, quantized) into a flat triangle
 * soup for the poster renderer: world-space vertices, 9 floats per triangle, and one linear RGB
 * colour per triangle from the material's baseColorFactor. Every node of the default scene is
 * walked with its world matrix, so a mesh shared by several nodes is emitted once per node.
 * Only triangle-list primitives (mode 4) are drawn; lines, points, strips and fans are skipped.
 */
import { visiblePartColour } from '../../../src/api/partColour.js';
import { NodeIO, type Accessor, type mat4, type Node, type Primitive } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';

export interface TriangleSoup {
  /** Number of triangles. */
  count: number;
  /** World-space vertices (metres, Y up), 9 floats per triangle. */
  positions: Float32Array;
  /** Linear RGB base colour, 3 floats per triangle. */
  colors: Float32Array;
  /** Bounds of all vertices; min > max on each axis when there are no triangles. */
  min: [number, number, number];
  max: [number, number, number];
}

/** Colour of primitives without a material (linear RGB, a light grey). */
export const DEFAULT_COLOR: readonly [number, number, number] = [0.6, 0.6, 0.6];
const TRIANGLES = 4;

let io: Promise<NodeIO> | undefined;
function gltfIo(): Promise<NodeIO> {
  io ??= MeshoptDecoder.ready.then(() =>
    new NodeIO().registerExtensions([EXTMeshoptCompression, KHRMeshQuantization]).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }),
  );
  return io;
}

interface Draw {
  matrix: mat4;
  primitive: Primitive;
  position: Accessor;
  triangles: number;
}

function drawsOf(node: Node, draws: Draw[]): void {
  const mesh = node.getMesh();
  if (!mesh) return;
  let matrix: mat4 | undefined;
  for (const primitive of mesh.listPrimitives()) {
    if (primitive.getMode() !== TRIANGLES) continue;
    const position = primitive.getAttribute('POSITION');
    if (!position || position.getElementSize() !== 3) continue;
    const triangles = Math.floor((primitive.getIndices()?.getCount() ?? position.getCount()) / 3);
    if (triangles === 0) continue;
    matrix ??= node.getWorldMatrix();
    draws.push({ matrix, primitive, position, triangles });
  }
}

/**
 * World-space positions of every vertex of `position`, transformed by the column-major `m`.
 * `getElement` decodes normalized (quantized) integers to floats; KHR_mesh_quantization puts
 * the rest of the dequantization (offset and scale) into the node transform, hence `m`.
 */
function worldVertices(position: Accessor, m: mat4, out: Float64Array): Float64Array {
  const count = position.getCount();
  const v: number[] = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    position.getElement(i, v);
    const x = v[0], y = v[1], z = v[2];
    const w = m[3] * x + m[7] * y + m[11] * z + m[15] || 1;
    out[i * 3] = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
    out[i * 3 + 1] = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    out[i * 3 + 2] = (m[2] * x + m[6] * y + m[10] * z + m[14]) / w;
  }
  return out;
}

export async function readTriangles(glb: Uint8Array, onProgress?: (share: number) => void): Promise<TriangleSoup> {
  const doc = await (await gltfIo()).readBinary(glb);
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const draws: Draw[] = [];
  scene?.traverse((node) => drawsOf(node, draws));

  const count = draws.reduce((sum, d) => sum + d.triangles, 0);
  const positions = new Float32Array(count * 9);
  const colors = new Float32Array(count * 3);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let world = new Float64Array(0);
  let t = 0;
  for (const { matrix, primitive, position, triangles } of draws) {
    const vertexCount = position.getCount();
    if (world.length < vertexCount * 3) world = new Float64Array(vertexCount * 3);
    worldVertices(position, matrix, world);
    const factor = primitive.getMaterial()?.getBaseColorFactor();
    // As the viewer draws it: a colour too dark for the background is lifted towards grey.
    const [r, g, b] = visiblePartColour(factor ? [factor[0], factor[1], factor[2]] : [DEFAULT_COLOR[0], DEFAULT_COLOR[1], DEFAULT_COLOR[2]]);
    const indices = primitive.getIndices()?.getArray() ?? null;
    for (let i = 0; i < triangles; i++, t++) {
      if ((t & 0x3ffff) === 0x3ffff) onProgress?.(t / count);
      for (let k = 0; k < 3; k++) {
        const vertex = indices ? indices[i * 3 + k] : i * 3 + k;
        if (vertex >= vertexCount) throw new RangeError(`vertex index ${vertex} out of range (${vertexCount} vertices)`);
        for (let axis = 0; axis < 3; axis++) {
          const value = world[vertex * 3 + axis];
          positions[t * 9 + k * 3 + axis] = value;
          if (value < min[axis]) min[axis] = value;
          if (value > max[axis]) max[axis] = value;
        }
      }
      colors[t * 3] = r;
      colors[t * 3 + 1] = g;
      colors[t * 3 + 2] = b;
    }
  }
  return { count, positions, colors, min, max };
}
