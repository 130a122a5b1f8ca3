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
  meshes: number;
  /** Bounds of every mesh's points. */
  bounds: Box;
  /** Every mesh's face indices point at its own points. */
  indicesInRange: boolean;
}

export function readUsda(text: string): UsdaFacts {
  const header = /^#usda 1\.0\s*\(([^)]*)\)/.exec(text)?.[1] ?? '';
  const defaultPrim = /defaultPrim\s*=\s*"([^"]+)"/.exec(header)?.[1];
  const meters = /metersPerUnit\s*=\s*([0-9.eE+-]+)/.exec(header)?.[1];
  const upAxis = /upAxis\s*=\s*"([^"]+)"/.exec(header)?.[1];
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let meshes = 0;
  let indicesInRange = true;
  for (const block of text.split(/def Mesh "/).slice(1)) {
    meshes++;
    const points = /point3f\[\] points = \[([^\]]*)\]/.exec(block)?.[1] ?? '';
    const tuples = [...points.matchAll(/\(([^)]*)\)/g)].map((m) => m[1].split(',').map(Number));
    for (const p of tuples) {
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k], p[k]);
        max[k] = Math.max(max[k], p[k]);
      }
    }
    const indices = (/int\[\] faceVertexIndices = \[([^\]]*)\]/.exec(block)?.[1] ?? '').split(',').map(Number);
    if (indices.some((i) => !(Number.isInteger(i) && i >= 0 && i < tuples.length))) indicesInRange = false;
  }
  return {
    defaultPrim,
    metersPerUnit: meters === undefined ? undefined : Number(meters),
    upAxis,
    rootDefined: defaultPrim !== undefined && new RegExp(`^def Xform "${defaultPrim}"`, 'm').test(text),
    meshes,
    bounds: { min, max },
    indicesInRange,
  };
}
