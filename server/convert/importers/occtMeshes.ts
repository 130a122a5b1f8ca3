/**
 * OpenCascade's meshes as scene meshes: the tessellation settings, one material per colour, and
 * the meshes of one part merged (shared by the whole-file and the part-by-part readers).
 */
import type { Rgb, SceneMaterial, SceneMesh, ScenePrimitive } from '../scene.js';
import type { OcctMesh, OcctParams } from './occtTypes.js';

export const OCCT_TESSELLATION: OcctParams = {
  linearUnit: 'meter',
  linearDeflectionType: 'absolute_value',
  linearDeflection: 0.0002,
  angularDeflection: 0.35,
};

const DEFAULT_COLOR: Rgb = [0.6, 0.6, 0.6];

export class MaterialTable {
  readonly materials: SceneMaterial[] = [];
  private readonly byKey = new Map<string, number>();

  indexOf(color: Rgb): number {
    const hex = color.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('');
    let index = this.byKey.get(hex);
    if (index === undefined) {
      index = this.materials.push({ name: `Color ${hex}`, color: [...color] as Rgb, opacity: 1, roughness: 0.6 }) - 1;
      this.byKey.set(hex, index);
    }
    return index;
  }
}

/** One primitive per colour; triangles of a face keep its colour, else the solid's. */
export function meshToScene(mesh: OcctMesh, table: MaterialTable): SceneMesh {
  const positions = Float32Array.from(mesh.attributes.position.array);
  const normals = mesh.attributes.normal ? Float32Array.from(mesh.attributes.normal.array) : undefined;
  const index = mesh.index.array;
  const meshColor = mesh.color ?? DEFAULT_COLOR;
  const triangleMaterial = new Int32Array(index.length / 3).fill(table.indexOf(meshColor));
  for (const face of mesh.brep_faces ?? []) {
    if (!face.color) continue;
    const material = table.indexOf(face.color);
    for (let t = face.first; t <= face.last; t++) triangleMaterial[t] = material;
  }
  const groups = new Map<number, number[]>();
  triangleMaterial.forEach((material, t) => {
    let list = groups.get(material);
    if (!list) groups.set(material, (list = []));
    list.push(index[t * 3], index[t * 3 + 1], index[t * 3 + 2]);
  });
  const primitives: ScenePrimitive[] = [];
  for (const [material, list] of groups) {
    primitives.push({ mode: 'triangles', positions, normals, indices: Uint32Array.from(list), material });
  }
  return { name: mesh.name, primitives };
}

/** Several meshes (the solids, shells and faces of one part) as one. */
export function mergeMeshes(parts: OcctMesh[], name: string): OcctMesh {
  if (parts.length === 1) return parts[0];
  const merged: OcctMesh = { name, brep_faces: [], attributes: { position: { array: [] }, normal: { array: [] } }, index: { array: [] } };
  let vertices = 0;
  let triangles = 0;
  for (const mesh of parts) {
    const positions = mesh.attributes.position.array;
    for (const v of positions) merged.attributes.position.array.push(v);
    const normals = mesh.attributes.normal?.array ?? new Array<number>(positions.length).fill(0);
    for (const v of normals) merged.attributes.normal!.array.push(v);
    for (const i of mesh.index.array) merged.index.array.push(i + vertices);
    const count = mesh.index.array.length / 3;
    const faces = mesh.brep_faces?.length ? mesh.brep_faces : [{ first: 0, last: count - 1, color: null }];
    for (const face of faces) {
      merged.brep_faces.push({ first: face.first + triangles, last: face.last + triangles, color: face.color ?? mesh.color ?? DEFAULT_COLOR });
    }
    vertices += positions.length / 3;
    triangles += count;
  }
  return merged;
}
