/**
 * Deterministic generator of kitchen assemblies with encoded part names, used by tests,
 * benches and the bundled sample. The same `{ parts, seed }` always gives the same assembly.
 *
 * Layout: runs of columns; each column holds a base cabinet (doors or drawers) and a wall
 * cabinet above it. Every fifth column (starting with the second) is drawn in inches.
 */
import type { Assembly, AssemblyNode } from './assembly.js';
import { buildCabinet, type CabinetKind } from './cabinet.js';
import { encodeName, formatDimensions, MM_PER_INCH, type DimensionUnit } from './dimensionText.js';
import { sampleMaterials, type SampleMaterial } from './materials.js';

export interface GenerateOptions {
  /** Exact number of leaf parts, 1..100000 (10..10,000 is the supported range for tests and benches). */
  parts: number;
  seed?: number;
}

const METRIC_WIDTHS = [300, 400, 450, 500, 600, 800, 900];
const IMPERIAL_WIDTHS = [12, 15, 18, 21, 23.5, 24, 30, 36];
const RUN_LENGTH_MM = 4800;
const RUN_SPACING_MM = 1500;
const WALL_CABINET_Y_MM = 1450;
const LEG_HEIGHT_MM = 100;

/** mulberry32: a small deterministic PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function runName(index: number): string {
  let label = '';
  let n = index;
  do {
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `Kitchen run ${label}`;
}

export function countParts(node: AssemblyNode): number {
  if (node.box) return 1;
  return node.children.reduce((sum, child) => sum + countParts(child), 0);
}

/** Removes leaves from the end of `node` until `excess` are gone; empty groups go too. */
function trimFromEnd(node: AssemblyNode, excess: number): number {
  let left = excess;
  for (let i = node.children.length - 1; i >= 0 && left > 0; i--) {
    const child = node.children[i];
    if (child.box) {
      node.children.splice(i, 1);
      left--;
    } else {
      left = trimFromEnd(child, left);
      if (child.children.length === 0) node.children.splice(i, 1);
    }
  }
  return left;
}

/** Bounds in millimetres of nodes placed in one space: [min xyz, max xyz]. */
export function boundsOf(nodes: AssemblyNode[], at: number[] = [0, 0, 0]): [number[], number[]] {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const visit = (node: AssemblyNode, base: number[]) => {
    if (node.box) {
      for (let i = 0; i < 3; i++) {
        min[i] = Math.min(min[i], base[i] + node.box.origin[i]);
        max[i] = Math.max(max[i], base[i] + node.box.origin[i] + node.box.size[i]);
      }
    }
    const next = node.offset ? base.map((v, i) => v + node.offset![i]) : base;
    for (const child of node.children) visit(child, next);
  };
  for (const node of nodes) visit(node, at);
  return [min, max];
}

export function generateAssembly(options: GenerateOptions): Assembly {
  const parts = Math.floor(options.parts);
  if (!(parts >= 1 && parts <= 100_000)) throw new RangeError(`parts must be 1..100000, got ${options.parts}`);
  const seed = options.seed ?? 1;
  const rand = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const frontMaterial: SampleMaterial = rand() < 0.5 ? 'Oak veneer 19' : 'Lacquer grey 19';

  const cabinets: AssemblyNode[] = [];
  const counters = { base: 0, wall: 0 };
  let total = 0;
  let column = 0;
  let run = 0;
  let x = 0;
  const add = (kind: CabinetKind, width: number, unit: DimensionUnit, offset: [number, number, number]) => {
    const type = kind === 'wall' ? 'wall' : 'base';
    counters[type]++;
    const displayName = `${type === 'wall' ? 'Wall' : 'Base'} cabinet ${counters[type]}`;
    const cabinet = buildCabinet({ kind, displayName, width, unit, run: runName(run), frontMaterial, offset });
    cabinets.push(cabinet);
    total += countParts(cabinet);
  };

  while (total < parts) {
    const unit: DimensionUnit = column % 5 === 1 ? 'in' : 'mm';
    const width = unit === 'mm' ? pick(METRIC_WIDTHS) : pick(IMPERIAL_WIDTHS);
    const widthMm = unit === 'mm' ? width : width * MM_PER_INCH;
    if (x > 0 && x + widthMm > RUN_LENGTH_MM) {
      run++;
      x = 0;
    }
    const z = -run * RUN_SPACING_MM;
    add(rand() < 0.35 ? 'base-drawers' : 'base-doors', width, unit, [x, LEG_HEIGHT_MM, z]);
    // Wall cabinets hang against the same back wall as the base cabinets (z = 0 is the back).
    if (total < parts) add('wall', width, unit, [x, WALL_CABINET_Y_MM, z]);
    x += widthMm;
    column++;
  }
  trimFromEnd(cabinets[cabinets.length - 1], total - parts);

  const [min, max] = boundsOf(cabinets);
  const size = [max[1] - min[1], max[2] - min[2], max[0] - min[0]].map(Math.round);
  const root: AssemblyNode = {
    name: encodeName('Kitchen', formatDimensions(size, 'mm'), `Sample seed ${seed}`),
    children: cabinets,
  };
  const materials: Record<string, [number, number, number]> = {};
  for (const [key, color] of Object.entries(sampleMaterials)) materials[key] = [...color];
  return { name: `Kitchen ${parts} parts`, root, partCount: countParts(root), materials };
}
