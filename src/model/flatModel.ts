/**
 * A flat model (a DXF drawing, a single sheet) is shown facing its plane: the viewer's opening and
 * free views, and the poster, look along its thin axis rather than edge-on. Shared by the viewer
 * and the poster renderer.
 */

/** A model is flat when one extent is at most this share of its largest. */
const FLAT_SHARE = 0.01;

/** The thin axis (0 x, 1 y, 2 z) of a flat model's bounds, or null when it is not flat. */
export function flatAxis(min: readonly number[], max: readonly number[]): 0 | 1 | 2 | null {
  const extents = [0, 1, 2].map((k) => max[k] - min[k]);
  if (!extents.every((e) => Number.isFinite(e) && e >= 0)) return null;
  const largest = Math.max(...extents);
  if (largest <= 0) return null;
  const thinnest = Math.min(...extents);
  if (thinnest > largest * FLAT_SHARE) return null;
  return extents.indexOf(thinnest) as 0 | 1 | 2;
}
