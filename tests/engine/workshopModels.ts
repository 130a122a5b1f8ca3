/** Generated cabinets and kitchens read through the engine's own GLB reader, batching and picker. */
import { MeshoptDecoder } from 'meshoptimizer/decoder';
import type { Assembly, AssemblyNode } from '../../samples/assembly';
import { buildCabinet, type CabinetSpec } from '../../samples/cabinet';
import { countParts } from '../../samples/generate';
import { sampleMaterials } from '../../samples/materials';
import { assemblyToGlb } from '../../samples/toGlb';
import { type BuiltModel, buildBatches } from '../../src/engine/geometry/buildBatches';
import { PartPicker } from '../../src/engine/geometry/partPicker';
import { parseGlbChunks, readGlb } from '../../src/engine/load/glbReader';
import { partTreeOfGltf } from '../../src/model/parts/gltfPartTree';
import type { FacePlane } from '../../src/engine/measure/facePlane';
import type { PartTree, Vec3 } from '../../src/engine/types';

export interface LoadedModel {
  built: BuiltModel;
  picker: PartPicker;
  tree: PartTree;
  /** Part index by node id. */
  partOf: Map<string, number>;
  partCount: number;
}

export function assemblyOf(cabinets: AssemblyNode[]): Assembly {
  const root: AssemblyNode = { name: 'Test kitchen', children: cabinets };
  const materials: Record<string, [number, number, number]> = {};
  for (const [key, color] of Object.entries(sampleMaterials)) materials[key] = [...color];
  return { name: 'Test kitchen', root, partCount: countParts(root), materials };
}

export function cabinet(spec: Partial<CabinetSpec> & Pick<CabinetSpec, 'kind' | 'width' | 'unit'>): AssemblyNode {
  return buildCabinet({ displayName: 'Base cabinet 1', run: 'Kitchen run A', frontMaterial: 'Oak veneer 19', offset: [0, 100, 0], ...spec });
}

export async function load(assembly: Assembly): Promise<LoadedModel> {
  const glb = await assemblyToGlb(assembly);
  await MeshoptDecoder.ready;
  const chunks = parseGlbChunks(glb);
  const source = readGlb(chunks, MeshoptDecoder.decodeGltfBuffer);
  const built = buildBatches(source);
  const partOf = new Map(source.parts.map((p, i) => [p.id, i]));
  return { built, picker: new PartPicker(built, source.parts.length), tree: partTreeOfGltf(chunks.json), partOf, partCount: source.parts.length };
}

/** The part index of the node at this path of display names (`Base cabinet 1`, `Left side`). */
export function partNamed(model: LoadedModel, ...path: string[]): number {
  let ids = model.tree.roots.flatMap((r) => model.tree.nodes[r].children);
  let id: string | undefined;
  for (const name of path) {
    id = ids.find((i) => model.tree.nodes[i].name === name);
    if (!id) throw new Error(`no ${name} in ${ids.map((i) => model.tree.nodes[i].name).join(', ')}`);
    ids = model.tree.nodes[id].children;
  }
  const part = model.partOf.get(id!);
  if (part === undefined) throw new Error(`${path.join(' / ')} has no geometry`);
  return part;
}

/** The face of `part` a ray from `origin` along `dir` hits, seeing only that part. */
export function faceHit(model: LoadedModel, part: number, origin: Vec3, dir: Vec3): { face: FacePlane; point: Vec3 } {
  const visible = new Uint8Array(model.partCount);
  visible[part] = 1;
  const hit = model.picker.pick(origin, dir, visible);
  if (!hit) throw new Error('the ray missed the part');
  const face = model.picker.faceAt(hit);
  if (!face) throw new Error('no face under the hit');
  return { face, point: hit.point };
}

/** Millimetres to metres. */
export const m = (mm: number) => mm / 1000;
