/**
 * Reads a STEP assembly part by part (stepParts.ts): each group of distinct parts goes through
 * OpenCascade on its own, progress is reported after every group, and the assembly is built from
 * the file's placements with one mesh per distinct part.
 */
import { conversionErrors } from '../errors.js';
import type { ProgressCallback } from '../importModel.js';
import { multiply, Z_UP_TO_Y_UP, type SceneMesh, type SceneModel, type SceneNode } from '../scene.js';
import { MaterialTable, mergeMeshes, meshToScene, OCCT_TESSELLATION } from './occtImporter.js';
import { loadOcct, type OcctMesh, type OcctNode } from './occtTypes.js';
import { groupParts, partsFile, partTag, planStepParts, type StepOccurrenceNode, type StepPlan } from './stepParts.js';

/** Below this many part occurrences the whole-file reader is as quick. */
export const MIN_OCCURRENCES = 20;
/** Records per group file: a group of drilled panels reads in about a second. */
export const GROUP_BYTES = 150_000;

export interface ByPartsOptions {
  onProgress?: ProgressCallback;
  /** Progress range of the reading: [from, to]. */
  range?: [number, number];
  minOccurrences?: number;
  groupBytes?: number;
}

function meshesUnder(node: OcctNode): number[] {
  return [...node.meshes, ...node.children.flatMap(meshesUnder)];
}

/** The meshes OpenCascade returned for each part tag of a group file. */
function meshesByTag(root: OcctNode, meshes: OcctMesh[]): Map<string, OcctMesh[]> {
  const out = new Map<string, OcctMesh[]>();
  const visit = (node: OcctNode) => {
    if (node.name.startsWith('cv-part-')) {
      out.set(node.name, [...(out.get(node.name) ?? []), ...meshesUnder(node).map((m) => meshes[m])]);
      return;
    }
    for (const m of node.meshes) {
      if (meshes[m].name.startsWith('cv-part-')) out.set(meshes[m].name, [...(out.get(meshes[m].name) ?? []), meshes[m]]);
    }
    node.children.forEach(visit);
  };
  visit(root);
  return out;
}

function toSceneNode(node: StepOccurrenceNode, meshOfPart: Map<number, number>): SceneNode {
  const out: SceneNode = { name: node.name, children: node.children.map((c) => toSceneNode(c, meshOfPart)) };
  if (node.matrix) out.matrix = node.matrix;
  if (node.part !== undefined && meshOfPart.has(node.part)) out.mesh = meshOfPart.get(node.part);
  return out;
}

export async function readPlannedParts(plan: StepPlan, fileName: string, options: ByPartsOptions = {}): Promise<SceneModel> {
  const occt = await loadOcct();
  const [from, to] = options.range ?? [0.1, 0.75];
  const table = new MaterialTable();
  const meshes: SceneMesh[] = [];
  const meshOfPart = new Map<number, number>();
  const groups = groupParts(plan.parts, options.groupBytes ?? GROUP_BYTES);
  const total = plan.parts.length;
  let done = 0;
  options.onProgress?.(from, `Reading parts: 0 of ${total}`);
  for (const group of groups) {
    const result = occt.ReadStepFile(Buffer.from(partsFile(plan, group), 'latin1'), OCCT_TESSELLATION);
    if (!result.success) throw conversionErrors.brokenFile(fileName, 'STEP');
    const byTag = meshesByTag(result.root, result.meshes);
    for (const part of group) {
      const found = byTag.get(partTag(part));
      if (!found || found.length === 0) continue;
      const mesh = meshToScene(mergeMeshes(found, partTag(part)), table);
      mesh.name = plan.names[part.index];
      meshOfPart.set(part.index, meshes.push(mesh) - 1);
    }
    done += group.length;
    options.onProgress?.(from + ((to - from) * done) / total, `Reading parts: ${done} of ${total}`);
  }
  const roots = plan.roots.map((r) => {
    const node = toSceneNode(r, meshOfPart);
    node.matrix = multiply(Z_UP_TO_Y_UP, node.matrix ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    return node;
  });
  return { roots, meshes, materials: table.materials };
}

/** The scene of a STEP assembly read part by part, or undefined when the whole-file reader should read it. */
export async function importStepByParts(fileName: string, bytes: Uint8Array, options: ByPartsOptions = {}): Promise<SceneModel | undefined> {
  const plan = planStepParts(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  if (!plan || plan.occurrences < (options.minOccurrences ?? MIN_OCCURRENCES)) return undefined;
  return readPlannedParts(plan, fileName, options);
}
