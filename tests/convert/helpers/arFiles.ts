/**
 * Independent readers of the AR files for the tests: the bounds of a GLB's drawn triangles in
 * metres (glTF-Transform, world matrices), and a USDZ read by hand (zip headers, stored entries,
 * offsets) with the points of its USDA meshes parsed from the text.
 */
import { crc32 } from 'node:zlib';
import { NodeIO } from '@gltf-transform/core';
import { getBounds } from '@gltf-transform/functions';

export interface Box {
  min: number[];
  max: number[];
}

export async function glbBounds(glb: Uint8Array): Promise<Box> {
  const doc = await new NodeIO().readBinary(glb);
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  const { min, max } = getBounds(scene);
  return { min: [...min], max: [...max] };
}

export interface UsdzEntry {
  name: string;
  method: number;
  dataOffset: number;
  data: Uint8Array;
  crcMatches: boolean;
}

/** The entries of a zip, from its central directory, each checked against its local header. */
export function readZip(bytes: Uint8Array): UsdzEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: UsdzEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('bad central header');
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataOffset = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataOffset, dataOffset + size);
    entries.push({ name, method, dataOffset, data, crcMatches: crc32(data) === crc });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export interface UsdaFacts {
  defaultPrim?: string;
  metersPerUnit?: number;
  upAxis?: string;
  rootDefined: boolean;
  /** Meshes drawn: written in the scene layer, or placed by a reference to a geometry layer. */
  meshes: number;
  /** Occurrences placed by a reference, and the geometry layers they name. */
  references: number;
  referencedLayers: number;
  /** Bounds of every drawn mesh's points, moved by their occurrence's matrix. */
  bounds: Box;
  /** Every mesh's face indices point at its own points. */
  indicesInRange: boolean;
}

interface MeshFacts {
  points: number[][];
  indicesInRange: boolean;
}

function meshFacts(block: string): MeshFacts {
  const points = /point3f\[\] points = \[([^\]]*)\]/.exec(block)?.[1] ?? '';
  const tuples = [...points.matchAll(/\(([^)]*)\)/g)].map((m) => m[1].split(',').map(Number));
  const indices = (/int\[\] faceVertexIndices = \[([^\]]*)\]/.exec(block)?.[1] ?? '').split(',').map(Number);
  return { points: tuples, indicesInRange: !indices.some((i) => !(Number.isInteger(i) && i >= 0 && i < tuples.length)) };
}

/**
 * The scene layer `text` of a USDZ read by hand; `layers` (package path to text) resolves its
 * references (`prepend references = @./path@</Prim>`), whose points are moved by the referencing
 * prim's `matrix4d xformOp:transform` (rows of USD's row-vector convention).
 */
export function readUsda(text: string, layers: Map<string, string> = new Map()): UsdaFacts {
  const header = /^#usda 1\.0\s*\(([^)]*)\)/.exec(text)?.[1] ?? '';
  const defaultPrim = /defaultPrim\s*=\s*"([^"]+)"/.exec(header)?.[1];
  const meters = /metersPerUnit\s*=\s*([0-9.eE+-]+)/.exec(header)?.[1];
  const upAxis = /upAxis\s*=\s*"([^"]+)"/.exec(header)?.[1];
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let meshes = 0;
  let references = 0;
  let indicesInRange = true;
  const add = (facts: MeshFacts, m?: number[]) => {
    meshes++;
    if (!facts.indicesInRange) indicesInRange = false;
    for (const [x, y, z] of facts.points) {
      const p = m ? [0, 1, 2].map((k) => x * m[k] + y * m[4 + k] + z * m[8 + k] + m[12 + k]) : [x, y, z];
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k], p[k]);
        max[k] = Math.max(max[k], p[k]);
      }
    }
  };
  for (const block of text.split(/def Mesh "/).slice(1)) add(meshFacts(block));
  const named = new Set<string>();
  for (const block of text.split(/def Xform "/).slice(1)) {
    const reference = /prepend references = @\.\/([^@]+)@<\/(\w+)>/.exec(block);
    if (!reference) continue;
    references++;
    named.add(reference[1]);
    const layer = layers.get(reference[1]);
    if (layer === undefined) throw new Error(`no layer ${reference[1]} in the package`);
    const prim = layer.indexOf(`def "${reference[2]}"`);
    if (prim < 0) throw new Error(`no prim ${reference[2]} in ${reference[1]}`);
    const matrix = /matrix4d xformOp:transform = (.*)/.exec(block)?.[1];
    if (!matrix) throw new Error('a referencing prim without its matrix');
    const m = matrix.replace(/[()\s]/g, '').split(',').map(Number);
    for (const mesh of layer.slice(prim).split(/def Mesh "/).slice(1)) add(meshFacts(mesh), m);
  }
  return {
    defaultPrim,
    metersPerUnit: meters === undefined ? undefined : Number(meters),
    upAxis,
    rootDefined: defaultPrim !== undefined && new RegExp(`^def Xform "${defaultPrim}"`, 'm').test(text),
    meshes,
    references,
    referencedLayers: named.size,
    bounds: { min, max },
    indicesInRange,
  };
}

/** The scene layer of a USDZ read by hand, with its referenced layers resolved. */
export function readUsdz(usdz: Uint8Array): UsdaFacts & { text: string } {
  const [scene, ...rest] = readZip(usdz);
  const decode = (data: Uint8Array) => new TextDecoder().decode(data);
  const layers = new Map(rest.filter((e) => e.name.endsWith('.usda')).map((e) => [e.name, decode(e.data)]));
  const text = decode(scene.data);
  return { ...readUsda(text, layers), text };
}
