/**
 * Reads a STEP assembly part by part (stepParts.ts): each group of distinct parts goes through
 * OpenCascade on its own, progress is reported after every group, and the assembly is built from
 * the file's placements with one mesh per distinct part.
 */
import { activityText } from '../../../src/api/conversionActivity.js';
import { conversionErrors } from '../errors.js';
import type { ProgressCallback } from '../progress.js';
import { IDENTITY, multiply, Z_UP_TO_Y_UP, type SceneMesh, type SceneModel, type SceneNode } from '../scene.js';
import { MaterialTable, meshToScene } from './occtMeshes.js';
import { loadOcct } from './occtTypes.js';
import { releasePartReaders, takePartReaders, type PartReader } from './partReaders.js';
import { asOcctMesh, readPartGroup, type PartGroupResult } from './stepGroupRead.js';
import { tidyTree } from './occtStructure.js';
import { groupParts, partsFile, partTag, planStepParts, type StepOccurrenceNode, type StepPlan } from './stepParts.js';

/** Below this many part occurrences the whole-file reader is as quick. */
const MIN_OCCURRENCES = 20;
/** Records per group file: a group of drilled panels reads in about a second. */
const GROUP_BYTES = 150_000;

interface ByPartsOptions {
  onProgress?: ProgressCallback;
  /** Progress range of the reading: [from, to]. */
  range?: [number, number];
  minOccurrences?: number;
  groupBytes?: number;
  /**
   * Threads this conversion may use. With two or more, helper threads read every group and this
   * one only plans, writes the group files and relays progress (a read here would hold the relay).
   */
  threads?: number;
  /** Helpers already started (while the file was planned). */
  readers?: PartReader[];
  memoryLimitMb?: number;
}

/** From this size on, helper threads start while the file is planned. */
const LARGE_FILE_BYTES = 256_000;

/** Fewer groups than this are read on the conversion's own thread: starting a helper costs about a second. */
const MIN_GROUPS_FOR_HELPERS = 4;

function toSceneNode(node: StepOccurrenceNode, meshOfPart: Map<number, number>): SceneNode {
  const out: SceneNode = { name: node.name, children: node.children.map((c) => toSceneNode(c, meshOfPart)) };
  if (node.matrix) out.matrix = node.matrix;
  if (node.part !== undefined && meshOfPart.has(node.part)) out.mesh = meshOfPart.get(node.part);
  return out;
}

/** The whole-file reader's tidying (occtStructure.ts), a parent's placement carried into a child taking its place. */
function tidyScene(nodes: SceneNode[]): SceneNode[] {
  return tidyTree(nodes, (node) => node.mesh !== undefined, (parent, child) => ({ ...child, matrix: placeIn(parent.matrix, child.matrix) }));
}

function placeIn(parent: number[] | undefined, child: number[] | undefined): number[] | undefined {
  if (!parent) return child;
  return child ? multiply(parent, child) : parent;
}

async function readPlannedParts(plan: StepPlan, fileName: string, options: ByPartsOptions = {}): Promise<SceneModel> {
  const [from, to] = options.range ?? [0.1, 0.75];
  const groups = groupParts(plan.parts, options.groupBytes ?? GROUP_BYTES);
  const total = plan.parts.length;
  const results: PartGroupResult[] = new Array(groups.length);
  let done = 0;
  let next = 0;
  let stopped = false;
  options.onProgress?.(from, activityText({ step: 'readingParts', done: 0, total }));
  const finish = (g: number, result: PartGroupResult) => {
    if (!result.success) throw conversionErrors.brokenFile(fileName, 'STEP');
    results[g] = result;
    done += groups[g].length;
    options.onProgress?.(from + ((to - from) * done) / total, activityText({ step: 'readingParts', done, total }));
  };
  const job = (g: number) => [partsFile(plan, groups[g]), groups[g].map(partTag)] as const;
  // Without helpers, this thread reads the groups in turn.
  const local = async () => {
    while (next < groups.length && !stopped) {
      const g = next++;
      finish(g, await readPartGroup(...job(g)));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const threads = options.threads ?? 1;
  const helpers = threads > 1 && groups.length >= MIN_GROUPS_FOR_HELPERS ? threads : 0;
  const given = options.readers ?? [];
  releasePartReaders(given.slice(helpers));
  const readers = [...given.slice(0, helpers), ...takePartReaders(helpers - given.length, options.memoryLimitMb)];
  const helper = async (reader: PartReader) => {
    while (next < groups.length && !stopped) {
      const g = next++;
      finish(g, await reader.read(...job(g), fileName));
    }
  };
  try {
    await Promise.all(helpers > 0 ? readers.map(helper) : [local()]);
  } catch (error) {
    stopped = true;
    throw error;
  } finally {
    releasePartReaders(readers);
  }
  // Meshes in group order, whichever thread read them: the same file gives the same GLB.
  const table = new MaterialTable();
  const meshes: SceneMesh[] = [];
  const meshOfPart = new Map<number, number>();
  groups.forEach((group, g) =>
    group.forEach((part, i) => {
      const found = results[g].parts[i];
      if (!found) return;
      const mesh = meshToScene(asOcctMesh(found, partTag(part)), table);
      mesh.name = plan.names[part.index];
      mesh.panel = found.panel;
      meshOfPart.set(part.index, meshes.push(mesh) - 1);
    }),
  );
  // The plan found solids: none drawn means the reader could not tessellate them, not an empty file.
  if (meshes.every((m) => m.primitives.every((p) => (p.indices?.length ?? 0) === 0))) throw conversionErrors.unreadableGeometry(fileName);
  const roots = tidyScene(plan.roots.map((r) => toSceneNode(r, meshOfPart))).map((node) => {
    node.matrix = multiply(Z_UP_TO_Y_UP, node.matrix ?? [...IDENTITY]);
    return node;
  });
  const machiningMs = results.reduce((sum, r) => sum + (r?.machiningMs ?? 0), 0);
  return { roots, meshes, materials: table.materials, machiningMs };
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
  // The helpers start (or this thread's OpenCascade compiles) while the file is planned.
  const large = bytes.byteLength >= LARGE_FILE_BYTES;
  const threads = options.threads ?? 1;
  const readers = large && threads > 1 ? takePartReaders(threads, options.memoryLimitMb) : [];
  if (readers.length === 0) void loadOcct();
  const plan = planStepParts(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), report);
  if (!plan || plan.occurrences < (options.minOccurrences ?? MIN_OCCURRENCES)) {
    releasePartReaders(readers);
    return undefined;
  }
  return readPlannedParts(plan, fileName, { ...options, readers, range: [planned, to] });
}
