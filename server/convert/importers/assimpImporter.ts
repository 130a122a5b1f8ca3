/**
 * COLLADA (.dae) through assimp (assimpjs). assimp applies the file's `<unit>` and `<up_axis>`
 * to its root node; that root (the visual scene) is dropped and its transform moved onto its
 * children, which become the scene roots. Node names come from the document (see daeNames.ts):
 * a node without a name of its own is named after its geometry, else after its parent. Nodes
 * that draw nothing and hold nothing that draws (cameras, lights, bones) are dropped. A picture
 * the model names that is not in the upload is reported as a note.
 */
import { addNote, type ConversionNote } from '../../../src/api/conversionNotes.js';
import { conversionErrors } from '../errors.js';
import type { SceneMaterial, SceneMesh, SceneModel, SceneNode, ScenePrimitive, SceneTexture } from '../scene.js';
import { multiply, pruneEmptyNodes } from '../scene.js';
import { prepareColladaNames } from './daeNames.js';
import { colladaForAssimp, decodeXml } from '../xmlText.js';

interface AssimpNode { name: string; transformation?: number[]; meshes?: number[]; children?: AssimpNode[] }
interface AssimpMesh {
  name: string;
  materialindex: number;
  primitivetypes: number;
  vertices: number[];
  normals?: number[];
  texturecoords?: number[][];
  faces: number[][];
}
interface AssimpMaterial { properties: Array<{ key: string; semantic: number; value: unknown }> }
interface AssimpScene { rootnode: AssimpNode; meshes?: AssimpMesh[]; materials?: AssimpMaterial[] }

interface AssimpModule {
  FileList: new () => { AddFile(name: string, content: Uint8Array): void };
  ConvertFileList(list: unknown, format: string): {
    IsSuccess(): boolean;
    FileCount(): number;
    GetFile(i: number): { GetContent(): Uint8Array };
  };
}

let assimp: Promise<AssimpModule> | undefined;
function loadAssimp(): Promise<AssimpModule> {
  assimp ??= import('assimpjs').then((m) => {
    const factory = (m.default ?? m) as (options?: object) => Promise<AssimpModule>;
    return factory({ print: () => {}, printErr: () => {} });
  });
  return assimp;
}

/** Drops the module (after it ran out of memory): the next conversion gets a fresh instance. */
export function forgetAssimp(): void {
  assimp = undefined;
}

/** assimp's matrices are row-major; ours are column-major. */
const transpose = (m: number[]) => [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15].map((i) => m[i]);

const MIME: Record<string, SceneTexture['mimeType']> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

function toMaterial(source: AssimpMaterial, resources: Map<string, Uint8Array>, notes: ConversionNote[]): SceneMaterial {
  const get = (key: string, semantic = 0) => source.properties.find((p) => p.key === key && p.semantic === semantic)?.value;
  const diffuse = (get('$clr.diffuse') as number[] | undefined) ?? [0.7, 0.7, 0.7, 1];
  const opacity = (get('$mat.opacity') as number | undefined) ?? diffuse[3] ?? 1;
  const material: SceneMaterial = {
    name: (get('?mat.name') as string | undefined) ?? '',
    color: [diffuse[0], diffuse[1], diffuse[2]],
    opacity,
    roughness: 0.7,
    doubleSided: get('$mat.twosided') === 1,
  };
  const texturePath = get('$tex.file', 1) as string | undefined;
  if (texturePath) {
    const base = texturePath.split(/[\\/]/).pop()!.toLowerCase();
    const bytes = resources.get(base);
    const mimeType = MIME[base.split('.').pop() ?? ''];
    if (bytes && mimeType) {
      material.baseColorTexture = { mimeType, bytes };
      material.color = [1, 1, 1];
    } else if (!bytes) {
      addNote(notes, 'texture_missing', { file: texturePath.split(/[\\/]/).pop()! });
    }
  }
  return material;
}

function toPrimitive(mesh: AssimpMesh): ScenePrimitive | undefined {
  const mode = mesh.primitivetypes & 4 ? 'triangles' : mesh.primitivetypes & 2 ? 'lines' : mesh.primitivetypes & 1 ? 'points' : undefined;
  if (!mode || !mesh.vertices?.length) return undefined;
  const size = mode === 'triangles' ? 3 : mode === 'lines' ? 2 : 1;
  const indices = mesh.faces.filter((f) => f.length === size).flat();
  const uv = mesh.texturecoords?.[0];
  return {
    mode,
    positions: Float32Array.from(mesh.vertices),
    normals: mesh.normals?.length === mesh.vertices.length ? Float32Array.from(mesh.normals) : undefined,
    // assimp's UV origin is bottom-left; glTF's is top-left.
    uvs: uv?.length ? Float32Array.from(uv, (v, i) => (i % 2 ? 1 - v : v)) : undefined,
    indices: Uint32Array.from(indices),
    material: mesh.materialindex,
  };
}

export async function importDae(fileName: string, bytes: Uint8Array, resources = new Map<string, Uint8Array>()): Promise<SceneModel> {
  const ajs = await loadAssimp();
  const names = prepareColladaNames(decodeXml(bytes));
  const list = new ajs.FileList();
  list.AddFile(fileName.split(/[\\/]/).pop() || 'model.dae', colladaForAssimp(names.text));
  for (const [name, content] of resources) list.AddFile(name, content);
  const result = ajs.ConvertFileList(list, 'assjson');
  if (!result.IsSuccess() || result.FileCount() === 0) throw conversionErrors.brokenFile(fileName, 'COLLADA (.dae)');
  const scene = JSON.parse(new TextDecoder().decode(result.GetFile(0).GetContent())) as AssimpScene;

  const notes: ConversionNote[] = [];
  const materials = (scene.materials ?? []).map((m) => toMaterial(m, resources, notes));
  const meshes: SceneMesh[] = [];
  const meshFor = new Map<string, number>();
  const meshOf = (indices: number[]): number | undefined => {
    const key = indices.join(',');
    if (!meshFor.has(key)) {
      const sources = indices.map((i) => scene.meshes![i]);
      const primitives = sources.map(toPrimitive).filter((p): p is ScenePrimitive => !!p);
      // Named only after the designer's geometry name (assimp's is the geometry id).
      const name = names.geometries.get(sources[0].name) ?? '';
      meshFor.set(key, primitives.length ? meshes.push({ name, primitives }) - 1 : -1);
    }
    const index = meshFor.get(key)!;
    return index >= 0 ? index : undefined;
  };
  const toNode = (node: AssimpNode, parentName: string, parent?: number[]): SceneNode => {
    const local = node.transformation ? transpose(node.transformation) : undefined;
    const matrix = parent ? multiply(parent, local ?? parent.map((_, i) => (i % 5 === 0 ? 1 : 0))) : local;
    const mesh = node.meshes?.length ? meshOf(node.meshes) : undefined;
    const name = names.nodes.get(node.name) || (mesh !== undefined ? meshes[mesh].name : '') || parentName || node.name;
    const out: SceneNode = { name, children: (node.children ?? []).map((c) => toNode(c, name)) };
    if (matrix) out.matrix = matrix;
    if (mesh !== undefined) out.mesh = mesh;
    return out;
  };
  const root = scene.rootnode;
  const rootMatrix = root.transformation ? transpose(root.transformation) : undefined;
  const baseName = fileName.split(/[\\/]/).pop()!.replace(/\.[^.]+$/, '');
  const roots = root.meshes?.length ? [toNode(root, baseName)] : (root.children ?? []).map((c) => toNode(c, baseName, rootMatrix));
  return { roots: pruneEmptyNodes(roots), meshes, materials, notes };
}