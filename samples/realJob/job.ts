/**
 * Whole jobs as a cabinet maker's software exports them: kitchens of an apartment building, each a
 * run of base and wall cabinets, every part a real solid. Side panels are drilled with two rows of
 * 5 mm system holes at 32 mm pitch and grooved for the back, carcass tops and bottoms with 8 mm dowel holes, doors and
 * drawer fronts have 2 mm rounded edges and doors two 35 mm hinge cups; hinges, bar handles, legs
 * and shelf pins are modelled, runners have their screw holes. Names follow the product's
 * part-name encoding (`Display name+Dimensions|Extra info`).
 *
 *   const job = generateJob({ cabinets: 60 });
 *   const step = jobToStep(job, { shared: true });   // identical parts are one product
 *   const flat = jobToStep(job, { shared: false });  // every part its own solid
 *   const custom = generateJob({ cabinets: 12, custom: true }); // made to measure: no panel repeats
 */
import type { Assembly, AssemblyNode } from '../assembly.js';
import { buildCabinet, type CabinetKind } from '../cabinet.js';
import { encodeName, formatDimensions } from '../dimensionText.js';
import { boundsOf, countParts, random } from '../generate.js';
import { sampleMaterials, type SampleMaterial } from '../materials.js';
import { assemblyToStep } from '../writers/step.js';
import type { StepEntities } from '../writers/stepEntities.js';
import { BrepWriter, type Groove, type Hole, type Vec3 } from './brep.js';

export interface JobOptions {
  cabinets: number;
  seed?: number;
  /**
   * Made to measure: every column its own width and height in whole millimetres (300 to 1,000
   * wide, each cabinet 600 to 800 high), so that no panel, door or back repeats from one column to the next.
   */
  custom?: boolean;
}

const WIDTHS = [300, 400, 450, 500, 600, 800, 900];
const CABINETS_PER_KITCHEN = 10;
const KITCHEN_SPACING_MM = 6000;
const WALL_CABINET_Y_MM = 1450;
const LEG_HEIGHT_MM = 100;
const SYSTEM_HOLE = { diameter: 5, depth: 12, pitch: 32, inset: 37, margin: 96 };
/** The groove that holds the back in a carcass side: 16 mm from the back edge, 8 wide, 8 deep, stopped 20 mm from the ends. */
const BACK_GROOVE = { from: 16, width: 8, depth: 8, stop: 20 };

/** `cabinets` cabinets in kitchens of ten: base and wall cabinets in turn, metric widths. */
export function generateJob(options: JobOptions): Assembly {
  const count = Math.floor(options.cabinets);
  if (!(count >= 1 && count <= 2000)) throw new RangeError(`cabinets must be 1..2000, got ${options.cabinets}`);
  const seed = options.seed ?? 1;
  const rand = random(seed);
  const kitchens: AssemblyNode[] = [];
  const counters = { base: 0, wall: 0 };
  const usedWidths = new Set<number>();
  const usedHeights = new Set<number>();
  for (let k = 0; k * CABINETS_PER_KITCHEN < count; k++) {
    const frontMaterial: SampleMaterial = rand() < 0.5 ? 'Oak veneer 19' : 'Lacquer grey 19';
    const cabinets: AssemblyNode[] = [];
    let x = 0;
    for (let i = 0; i < CABINETS_PER_KITCHEN && k * CABINETS_PER_KITCHEN + i < count; i += 2) {
      const width = options.custom ? uniqueSize(usedWidths, 300, 1000, rand) : WIDTHS[Math.floor(rand() * WIDTHS.length)];
      const add = (kind: CabinetKind, y: number) => {
        const height = options.custom ? uniqueSize(usedHeights, 600, 800, rand) : undefined;
        const type = kind === 'wall' ? 'wall' : 'base';
        counters[type]++;
        const displayName = `${type === 'wall' ? 'Wall' : 'Base'} cabinet ${counters[type]}`;
        cabinets.push(buildCabinet({ kind, displayName, width, height, unit: 'mm', run: `Apartment ${k + 1}`, frontMaterial, offset: [x, y, 0] }));
      };
      add(rand() < 0.35 ? 'base-drawers' : 'base-doors', LEG_HEIGHT_MM);
      if (k * CABINETS_PER_KITCHEN + i + 1 < count) add('wall', WALL_CABINET_Y_MM);
      x += width;
    }
    const [min, max] = boundsOf(cabinets);
    const size = [max[1] - min[1], max[2] - min[2], max[0] - min[0]].map(Math.round);
    kitchens.push({
      name: encodeName(`Kitchen ${k + 1}`, formatDimensions(size, 'mm'), `Apartment ${k + 1}`),
      offset: [(k % 5) * KITCHEN_SPACING_MM, 0, -Math.floor(k / 5) * KITCHEN_SPACING_MM],
      children: cabinets,
    });
  }
  const [min, max] = boundsOf(kitchens);
  const size = [max[1] - min[1], max[2] - min[2], max[0] - min[0]].map(Math.round);
  const what = `${count} ${options.custom ? 'custom ' : ''}cabinets, seed ${seed}`;
  const root: AssemblyNode = { name: encodeName('Job', formatDimensions(size, 'mm'), what), children: kitchens };
  const materials: Record<string, [number, number, number]> = {};
  for (const [key, color] of Object.entries(sampleMaterials)) materials[key] = [...color];
  return { name: `Job ${count} cabinets`, root, partCount: countParts(root), materials };
}

/** A whole number of millimetres in [min, max] not used yet (any, once all are used). */
function uniqueSize(used: Set<number>, min: number, max: number, rand: () => number): number {
  for (let tries = 0; tries < 1000; tries++) {
    const size = min + Math.floor(rand() * (max - min + 1));
    if (!used.has(size)) {
      used.add(size);
      return size;
    }
  }
  return min + Math.floor(rand() * (max - min + 1));
}

const displayName = (node: AssemblyNode) => node.name.slice(0, node.name.indexOf('+'));

/** Rows of holes `pitch` apart between `from` and `to` on a face, at each of `rows` (the face's first coordinate). */
function holeRows(face: Hole['face'], rows: number[], from: number, to: number, diameter: number, depth: number, pitch: number): Hole[] {
  const holes: Hole[] = [];
  for (const row of rows) for (let at = from; at <= to + 1e-6; at += pitch) holes.push({ face, at: [row, at], diameter, depth });
  return holes;
}

/**
 * The holes, cups and grooves the job's panels are made with, by display name, in the part's Z-up
 * space (X width, Y depth, Z height; `size` in mm): the machining a reader of the model must find.
 * Drawer sides (not 18 mm thick) and every other part have none.
 */
export function jobPanelOperations(name: string, size: Vec3): { holes: Hole[]; grooves: Groove[] } {
  const [sx, sy, sz] = size;
  switch (name) {
    case 'Left side':
    case 'Right side': {
      if (Math.abs(sx - 18) > 0.01) break;
      // System holes on the inner face (the right side's inner face looks to -X).
      const face: Hole['face'] = [0, name === 'Left side' ? 1 : 0];
      const { diameter, depth, pitch, inset, margin } = SYSTEM_HOLE;
      const { from, width, depth: grooveDepth, stop } = BACK_GROOVE;
      // The back's groove, stopped short of the top and bottom.
      const groove: Groove = { face, min: [sy - from - width, stop], max: [sy - from, sz - stop], depth: grooveDepth };
      return { holes: holeRows(face, [inset, sy - inset], margin, sz - margin, diameter, depth, pitch), grooves: [groove] };
    }
    case 'Top':
    case 'Bottom':
      return { holes: [0, 1].flatMap((side) => holeRows([0, side as 0 | 1], [37, sy - 37], sz / 2, sz / 2, 8, 30, 1)), grooves: [] };
    case 'Door':
    case 'Left door':
    case 'Right door': {
      // Hinge cups on the back face (Y = depth), 22.5 mm from the hinge edge.
      const hingeX = name === 'Right door' ? sx - 22.5 : 22.5;
      return { holes: [124, sz - 124].map((z) => ({ face: [1, 1], at: [z, hingeX], diameter: 35, depth: 12.5 })), grooves: [] };
    }
  }
  return { holes: [], grooves: [] };
}

/**
 * The solids of one part in its Z-up space: X width, Y depth (0 at the front), Z height. What a
 * part is comes from its display name, as a cabinet program's part library would.
 */
export function jobSolids(e: StepEntities, node: AssemblyNode, size: number[]): number[] {
  const w = new BrepWriter(e);
  const s = size as Vec3;
  const [sx, sy, sz] = s;
  const name = displayName(node);
  switch (name) {
    case 'Left side':
    case 'Right side':
    case 'Top':
    case 'Bottom': {
      const { holes, grooves } = jobPanelOperations(name, s);
      return [w.box(node.name, s, holes, [0, 0, 0], grooves)];
    }
    case 'Door':
    case 'Left door':
    case 'Right door':
      return [w.roundedBox(node.name, s, 2, jobPanelOperations(name, s).holes)];
    case 'Front':
      return [w.roundedBox(node.name, s, 2)];
    case 'Shelf pin':
      return [w.cylinder(node.name, [0, sy / 2, sz / 2], [1, 0, 0], 5, sx)];
    case 'Leg':
      return [w.cylinder(node.name, [sx / 2, sy / 2, 0], [0, 0, 1], Math.min(sx, sy), sz)];
    case 'Handle': {
      // A bar along the long side and two posts back to the door.
      const along = sx > sz ? 0 : 2;
      const length = s[along];
      const bar: Vec3 = along === 0 ? [0, 6, sz / 2] : [sx / 2, 6, 0];
      const post = (t: number): Vec3 => (along === 0 ? [t, 12, sz / 2] : [sx / 2, 12, t]);
      const dir: Vec3 = along === 0 ? [1, 0, 0] : [0, 0, 1];
      return [
        w.cylinder(node.name, bar, dir, 12, length),
        w.cylinder(node.name, post(16), [0, 1, 0], 8, sy - 12),
        w.cylinder(node.name, post(length - 16), [0, 1, 0], 8, sy - 12),
      ];
    }
    case 'Hinge': {
      const plateHoles: Hole[] = [sz / 2 - 16, sz / 2 + 16].map((z) => ({ face: [0, 0], at: [sy / 2, z], diameter: 4, depth: 2 }));
      return [
        w.box(node.name, [2, sy, sz], plateHoles),
        w.box(node.name, [sx - 2, sy - 6, 14], [], [2, 3, sz / 2 - 7]),
        w.cylinder(node.name, [sx / 2 + 1, sy - 4, sz / 2 - 7], [0, 0, 1], 6, 14),
      ];
    }
    case 'Runner': {
      const screws = holeRows([0, 0], [sz / 2], 37, sy - 37, 4, 5, 64).map((h) => ({ ...h, at: [h.at[1], h.at[0]] as [number, number] }));
      return [w.box(node.name, s, screws)];
    }
  }
  return [w.box(node.name, s)];
}

export function jobToStep(job: Assembly, options: { shared: boolean; fileName?: string }): string {
  return assemblyToStep(job, { solids: jobSolids, shareProducts: options.shared, fileName: options.fileName ?? 'job.stp' });
}
