/**
 * STEP/STP and IGES/IGS through OpenCascade (occt-import-js).
 *
 * Tessellation for furniture: panels are planar and tessellate exactly whatever the settings;
 * what matters are drilled holes (5 mm shelf pins, 8 mm dowels, 35 mm hinge cups) and rounded
 * edges. An absolute chordal deflection of 0.2 mm and an angular deflection of 0.35 rad (20°)
 * give at least 18 segments per circle, 21+ on a 35 mm cup, without inflating large panels.
 * Lengths are read in the file's unit and returned by OpenCascade in metres.
 *
 * The tree is the one occt-import-js reports: the invisible document root is dropped, its
 * children become the scene roots (rotated from CAD Z up to glTF Y up); a node with one solid
 * carries that solid's mesh; a node with several solids gets one child node per solid, named
 * as the solid.
 */
import { conversionErrors } from '../errors.js';
import type { Rgb, SceneMaterial, SceneMesh, SceneModel, SceneNode, ScenePrimitive } from '../scene.js';
import { Z_UP_TO_Y_UP } from '../scene.js';
import { loadOcct, type OcctMesh, type OcctNode, type OcctParams, type OcctResult } from './occtTypes.js';

export const OCCT_TESSELLATION: OcctParams = {
  linearUnit: 'meter',
  linearDeflectionType: 'absolute_value',
  linearDeflection: 0.0002,
  angularDeflection: 0.35,
};

const DEFAULT_COLOR: Rgb = [0.6, 0.6, 0.6];

export type OcctFormat = 'step' | 'iges';

export async function readWithOcct(format: OcctFormat, bytes: Uint8Array, params: OcctParams = OCCT_TESSELLATION): Promise<OcctResult> {
  const occt = await loadOcct();
  return format === 'step' ? occt.ReadStepFile(bytes, params) : occt.ReadIgesFile(bytes, params);
}

class MaterialTable {
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
function meshToScene(mesh: OcctMesh, table: MaterialTable): SceneMesh {
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

export function occtResultToScene(result: OcctResult, fallbackName: string): SceneModel {
  const table = new MaterialTable();
  const meshes = result.meshes.map((mesh) => meshToScene(mesh, table));
  const toNode = (node: OcctNode): SceneNode => {
    const out: SceneNode = { name: node.name, children: [] };
    if (node.meshes.length === 1 && node.children.length === 0) out.mesh = node.meshes[0];
    else for (const m of node.meshes) out.children.push({ name: result.meshes[m].name, mesh: m, children: [] });
    for (const child of node.children) out.children.push(toNode(child));
    return out;
  };
  const root = result.root;
  const roots = root.meshes.length > 0 ? [toNode({ ...root, name: root.name || fallbackName })] : root.children.map(toNode);
  for (const node of roots) node.matrix = [...Z_UP_TO_Y_UP];
  return { roots, meshes, materials: table.materials };
}

export async function importWithOcct(format: OcctFormat, fileName: string, bytes: Uint8Array): Promise<SceneModel> {
  const result = await readWithOcct(format, bytes);
  const label = format === 'step' ? 'STEP' : 'IGES';
  if (!result.success) throw conversionErrors.brokenFile(fileName, label);
  if (result.meshes.length === 0 && format === 'step' && referencesExternalFiles(bytes)) {
    throw conversionErrors.stepExternalReferences(fileName);
  }
  return occtResultToScene(result, fileName.replace(/\.[^.]+$/, ''));
}

/** An assembly whose parts live in other files (`DOCUMENT_FILE`, external references). */
function referencesExternalFiles(bytes: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(bytes);
  return /DOCUMENT_FILE|EXTERNALLY_DEFINED|APPLIED_EXTERNAL_IDENTIFICATION_ASSIGNMENT/i.test(text);
}
