/**
 * How much of a model the viewer draws at its fine level. A model's coarse level (drawn first) is a
 * few hundred thousand triangles even for a whole building; its fine level grows with the job (a
 * 600-cabinet block of flats: about 10 million triangles, a gigabyte of the page's and the GPU's
 * memory once batched). So the fine level is drawn within a budget of triangles: the whole model
 * when it fits, else the parts shown (a cabinet isolated, a room with the rest hidden) when they
 * fit, else none; the rest stays at the coarse level, which the view of a whole building is seen
 * at anyway. The limits are written down in docs/performance.md.
 */
import type { ModelSource } from '../geometry/modelSource';

/** Fine triangles drawn at most (about a 150-cabinet drilled kitchen's; a phone draws it at rest). */
export const FINE_TRIANGLE_BUDGET = 3_000_000;

/** Each part's triangles at its fine level (lines not counted). */
export function fineTrianglesPerPart(source: ModelSource): Float64Array {
  const out = new Float64Array(source.parts.length);
  source.parts.forEach((part, p) => {
    for (const piece of part.pieces) {
      const g = piece.geometry;
      if (g.kind === 'triangles') out[p] += (g.indices?.length ?? g.positions.length / 3) / 3;
    }
  });
  return out;
}

/**
 * The parts to draw at their fine level: `'all'` when the whole model fits the budget; else the
 * shown parts when they fit; else none.
 */
export function partsToRefine(perPart: Float64Array, visible: ArrayLike<number>, budget: number): 'all' | Set<number> {
  let total = 0;
  let shown = 0;
  for (let p = 0; p < perPart.length; p++) {
    total += perPart[p];
    if (visible[p]) shown += perPart[p];
  }
  if (total <= budget) return 'all';
  const parts = new Set<number>();
  if (shown > budget) return parts;
  for (let p = 0; p < perPart.length; p++) if (visible[p] && perPart[p] > 0) parts.add(p);
  return parts;
}

/** Whether two sets of parts hold the same parts. */
export function sameParts(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const p of a) if (!b.has(p)) return false;
  return true;
}
