/**
 * The exploded view's positions: the cabinets move apart from the assembly's centre over the first
 * half of the factor (each cabinet's parts together, as one block), then the parts of each cabinet
 * move apart from their cabinet's centre over the second half; factor 0 is the assembly as built.
 * Cabinets are the children of the top of the tree (below a chain of single roots, such as the
 * kitchen itself); a part directly under the top is its own cabinet.
 */
import type { PartTree } from '../types';
import type { BuiltModel } from './buildBatches';

/** Per part: the centre of its own bounds, of its cabinet's, and the assembly's (world, metres). */
export interface ExplodePlan {
  partCentres: Float64Array;
  cabinetCentres: Float64Array;
  centre: [number, number, number];
  parts: number;
}

function centreOf(bounds: Float32Array | Float64Array, o: number): [number, number, number] {
  return [(bounds[o] + bounds[o + 3]) / 2, (bounds[o + 1] + bounds[o + 4]) / 2, (bounds[o + 2] + bounds[o + 5]) / 2];
}

/** The node whose children are the cabinets: the root, or the first node below a chain of single children. */
function topOf(tree: PartTree): string | null {
  if (tree.roots.length !== 1) return null;
  let top = tree.roots[0]!;
  while (tree.nodes[top]?.children.length === 1) top = tree.nodes[top]!.children[0]!;
  return top;
}

export function planExplode(tree: PartTree, partIds: readonly string[], partBounds: Float32Array, modelBounds: { min: readonly number[]; max: readonly number[] }): ExplodePlan {
  const top = topOf(tree);
  const cabinetOf = (id: string): string => {
    let node = id;
    for (;;) {
      const parent = tree.nodes[node]?.parent ?? null;
      if (parent === null || parent === top) return node;
      node = parent;
    }
  };
  const parts = partIds.length;
  const cabinetBounds = new Map<string, number[]>();
  const cabinets: string[] = [];
  partIds.forEach((id, p) => {
    const cabinet = cabinetOf(id);
    cabinets.push(cabinet);
    if (!(partBounds[p * 6] <= partBounds[p * 6 + 3])) return; // no geometry
    const b = cabinetBounds.get(cabinet) ?? [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (let k = 0; k < 3; k++) {
      b[k] = Math.min(b[k]!, partBounds[p * 6 + k]!);
      b[k + 3] = Math.max(b[k + 3]!, partBounds[p * 6 + 3 + k]!);
    }
    cabinetBounds.set(cabinet, b);
  });
  const centre: [number, number, number] = [0, 1, 2].map((k) => (modelBounds.min[k]! + modelBounds.max[k]!) / 2) as [number, number, number];
  const partCentres = new Float64Array(parts * 3);
  const cabinetCentres = new Float64Array(parts * 3);
  for (let p = 0; p < parts; p++) {
    const hasGeometry = partBounds[p * 6] <= partBounds[p * 6 + 3];
    const own = hasGeometry ? centreOf(partBounds, p * 6) : centre;
    const box = cabinetBounds.get(cabinets[p]!);
    const cabinet = box ? centreOf(Float64Array.from(box), 0) : own;
    partCentres.set(own, p * 3);
    cabinetCentres.set(cabinet, p * 3);
  }
  return { partCentres, cabinetCentres, centre, parts };
}

/** How far cabinets and parts go at factor 1, as a share of their distance from their centre. */
const CABINETS_APART = 0.6;
const PARTS_APART = 0.8;

/** Each part's translation at `factor` (0..1): xyz per part. */
export function explodeOffsets(plan: ExplodePlan, factor: number): Float64Array {
  const f = Math.min(1, Math.max(0, factor));
  const apart = CABINETS_APART * Math.min(1, 2 * f);
  const within = PARTS_APART * Math.max(0, 2 * f - 1);
  const out = new Float64Array(plan.parts * 3);
  for (let p = 0; p < plan.parts; p++) {
    for (let k = 0; k < 3; k++) {
      const cabinet = plan.cabinetCentres[p * 3 + k]!;
      out[p * 3 + k] = apart * (cabinet - plan.centre[k]!) + within * (plan.partCentres[p * 3 + k]! - cabinet);
    }
  }
  return out;
}

/** The built model's positions and part bounds as they were before any explosion. */
export interface RestPose {
  positions: Float32Array[];
  partBounds: Float32Array;
}

export function restPoseOf(model: BuiltModel): RestPose {
  return { positions: [...model.batches, model.edges].map((b) => b.positions.slice()), partBounds: model.partBounds.slice() };
}

/** Moves every part of `model` (positions and bounds, in place) to its rest pose plus `offsets`. */
export function applyOffsets(model: BuiltModel, rest: RestPose, offsets: Float64Array): void {
  [...model.batches, model.edges].forEach((batch, i) => {
    const from = rest.positions[i]!;
    for (const range of batch.ranges) {
      const ox = offsets[range.part * 3]!, oy = offsets[range.part * 3 + 1]!, oz = offsets[range.part * 3 + 2]!;
      const end = (range.vertexStart + range.vertexCount) * 3;
      for (let v = range.vertexStart * 3; v < end; v += 3) {
        batch.positions[v] = from[v]! + ox;
        batch.positions[v + 1] = from[v + 1]! + oy;
        batch.positions[v + 2] = from[v + 2]! + oz;
      }
    }
  });
  const b = model.partBounds;
  for (let p = 0; p < b.length / 6; p++) {
    for (let k = 0; k < 3; k++) {
      b[p * 6 + k] = rest.partBounds[p * 6 + k]! + offsets[p * 3 + k]!;
      b[p * 6 + 3 + k] = rest.partBounds[p * 6 + 3 + k]! + offsets[p * 3 + k]!;
    }
  }
}
