/**
 * Reads a STEP assembly part by part (stepParts.ts): each group of distinct parts goes through
 * OpenCascade on its own, progress is reported after every group, and the assembly is built from
 * the file's placements with one mesh per distinct part.
 */
import { activityText } from '../../../src/api/conversionActivity.js';
import { conversionErrors } from '../errors.js';
import type { ProgressCallback } from '../importModel.js';
import { IDENTITY, multiply, Z_UP_TO_Y_UP, type SceneMesh, type SceneModel, type SceneNode } from '../scene.js';
import { MaterialTable, mergeMeshes, meshToScene, OCCT_TESSELLATION } from './occtImporter.js';
import { loadOcct, type OcctMesh, type OcctNode } from './occtTypes.js';
import { isIdentifierName } from './stepProducts.js';
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

/**
 * As the whole-file reader's tidyParts (occtStructure.ts): wrappers that carry only an identifier
 * give way to their children, a part named by an identifier takes its assembly's name, and an
 * assembly holding one part named as itself or `<name>_part` (CadQuery) is that part.
 */
export function tidyScene(nodes: SceneNode[], parentName = ''): SceneNode[] {
  return nodes.flatMap((node) => {
    const named = !isIdentifierName(node.name);
    node.children = tidyScene(node.children, named ? node.name : parentName);
    if (node.mesh === undefined && node.children.length === 0) return [];
    if (!named && node.mesh === undefined) {
      return node.children.map((child) => ({ ...child, matrix: placeIn(node.matrix, child.matrix) }));
    }
    if (!named) node.name = parentName || node.name;
    const only = node.children[0];
    if (node.mesh === undefined && node.children.length === 1 && only.children.length === 0 && (only.name === node.name || only.name === `${node.name}_part`)) {
      return [{ ...only, name: node.name, matrix: placeIn(node.matrix, only.matrix) }];
    }
    return [node];
  });
}

function placeIn(parent: number[] | undefined, child: number[] | undefined): number[] | undefined {
  if (!parent) return child;
  return child ? multiply(parent, child) : parent;
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
  options.onProgress?.(from, activityText({ step: 'readingParts', done: 0, total }));
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
    options.onProgress?.(from + ((to - from) * done) / total, activityText({ step: 'readingParts', done, total }));
  }
  const roots = tidyScene(plan.roots.map((r) => toSceneNode(r, meshOfPart))).map((node) => {
    node.matrix = multiply(Z_UP_TO_Y_UP, node.matrix ?? [...IDENTITY]);
    return node;
  });
  return { roots, meshes, materials: table.materials };
}

/** The scene of a STEP assembly read part by part, or undefined when the whole-file reader should read it. */
export async function importStepByParts(fileName: string, bytes: Uint8Array, options: ByPartsOptions = {}): Promise<SceneModel | undefined> {
  const [from, to] = options.range ?? [0.1, 0.75];
  // Planning takes about a fifth of the time on a file of one solid per part.
  const planned = from + (to - from) * 0.2;
  let last = 0;
  const report = (step: 'index' | 'parts', share: number) => {
    const now = performance.now();
    if (now - last < 250) return;
    last = now;
    const at = step === 'index' ? from + (planned - from) * 0.5 * share : from + (planned - from) * (0.5 + 0.5 * share);
    const percent = Math.round(share * 100);
    options.onProgress?.(at, activityText(step === 'index' ? { step: 'reading', format: 'STEP', percent } : { step: 'findingParts', percent }));
  };
  const plan = planStepParts(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), report);
  if (!plan || plan.occurrences < (options.minOccurrences ?? MIN_OCCURRENCES)) return undefined;
  return readPlannedParts(plan, fileName, { ...options, range: [planned, to] });
}
