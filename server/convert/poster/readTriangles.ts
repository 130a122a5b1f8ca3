/**
 * Reads a GLB (as the converter writes it: meshopt-compressed, quantized) into a flat triangle
 * soup for the poster renderer: world-space vertices, 9 floats per triangle, and one linear RGB
 * colour per triangle from the material's baseColorFactor. Every node of the default scene is
 * walked with its world matrix, so a mesh shared by several nodes is emitted once per node.
 * Only triangle-list primitives (mode 4) are drawn; strips, fans and points are skipped, and so
 * are lines, except in a model that has no triangles at all (a DXF line drawing), whose line
 * segments are read instead.
 */
import { visiblePartColour } from '../../../src/model/parts/partColour.js';
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
  /** Bounds of all vertices; min > max on each axis when there is nothing to draw. */
  min: [number, number, number];
  max: [number, number, number];
  /** A model without triangles: its line segments, world-space, 6 floats each, and one colour each. */
  lines?: { count: number; positions: Float32Array; colors: Float32Array };
}

/** Colour of primitives without a material (linear RGB, a light grey). */
const DEFAULT_COLOR: readonly [number, number, number] = [0.6, 0.6, 0.6];
const TRIANGLES = 4;
const LINES = 1;
const LINE_LOOP = 2;
const LINE_STRIP = 3;

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

/** A primitive's colour as the viewer draws it: a colour too dark for the background lifted towards grey. */
function colourOf(primitive: Primitive): [number, number, number] {
  const factor = primitive.getMaterial()?.getBaseColorFactor();
  return visiblePartColour(factor ? [factor[0], factor[1], factor[2]] : [DEFAULT_COLOR[0], DEFAULT_COLOR[1], DEFAULT_COLOR[2]]);
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
    const [r, g, b] = colourOf(primitive);
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
  if (count > 0) return { count, positions, colors, min, max };
  const lines = readLines(scene);
  for (let i = 0; i < lines.positions.length; i++) {
    const axis = i % 3;
    if (lines.positions[i] < min[axis]) min[axis] = lines.positions[i];
    if (lines.positions[i] > max[axis]) max[axis] = lines.positions[i];
  }
  return { count, positions, colors, min, max, lines };
}

/** The line segments (lists, strips and loops) of every node under `scenes`, world-space. */
function readLines(scene: { traverse(visit: (node: Node) => void): void } | null | undefined): NonNullable<TriangleSoup['lines']> {
  const positions: number[] = [];
  const colors: number[] = [];
  let world = new Float64Array(0);
  scene?.traverse((node) => {
      const mesh = node.getMesh();
      if (!mesh) return;
      for (const primitive of mesh.listPrimitives()) {
        const mode = primitive.getMode();
        const position = primitive.getAttribute('POSITION');
        if ((mode !== LINES && mode !== LINE_STRIP && mode !== LINE_LOOP) || !position || position.getElementSize() !== 3) continue;
        const vertexCount = position.getCount();
        if (world.length < vertexCount * 3) world = new Float64Array(vertexCount * 3);
        worldVertices(position, node.getWorldMatrix(), world);
        const indices = primitive.getIndices()?.getArray();
        const order: number[] = indices ? Array.from(indices as ArrayLike<number>) : Array.from({ length: vertexCount }, (_, i) => i);
        const pairs: Array<[number, number]> = [];
        if (mode === LINES) for (let i = 0; i + 1 < order.length; i += 2) pairs.push([order[i], order[i + 1]]);
        else for (let i = 0; i + 1 < order.length; i++) pairs.push([order[i], order[i + 1]]);
        if (mode === LINE_LOOP && order.length > 2) pairs.push([order[order.length - 1], order[0]]);
        const rgb = colourOf(primitive);
        for (const [a, b] of pairs) {
          if (a >= vertexCount || b >= vertexCount) continue;
          positions.push(world[a * 3], world[a * 3 + 1], world[a * 3 + 2], world[b * 3], world[b * 3 + 1], world[b * 3 + 2]);
          colors.push(...rgb);
        }
      }
  });
  return { count: colors.length / 3, positions: Float32Array.from(positions), colors: Float32Array.from(colors) };
}
