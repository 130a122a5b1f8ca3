/**
 * A panel's outline: the solid cut by planes parallel to its large faces at four heights, each
 * section's largest loop kept, and the largest of those chosen. A section between the faces sees
 * the board's true outline with its notches and corner fillets, not the rounded-over edges of a
 * face, and one of the heights misses the edge holes and rebates that cut into some sections.
 */
import type { Vec3 } from './vectors.js';

type Point2 = [number, number];

/** Shares of the thickness where the sections are taken (off the usual hole and groove levels). */
const SECTION_SHARES = [0.137, 0.371, 0.618, 0.853];
const KEY_GRID = 1e3;

function shoelace(loop: Point2[]): number {
  let area = 0;
  for (let i = 0; i < loop.length; i++) {
    const [x1, y1] = loop[i];
    const [x2, y2] = loop[(i + 1) % loop.length];
    area += x1 * y2 - x2 * y1;
  }
  return area / 2;
}

/** The closed loops of the section at `at` along `n`, in (u, v) coordinates. */
export function sectionLoops(points: Float64Array, index: ArrayLike<number>, n: Vec3, u: Vec3, v: Vec3, at: number): Point2[][] {
  const count = points.length / 3;
  // Each vertex's height above the section, and its (u, v), once.
  const height = new Float64Array(count);
  const pu = new Float64Array(count);
  const pv = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const x = points[i * 3];
    const y = points[i * 3 + 1];
    const z = points[i * 3 + 2];
    const h = x * n[0] + y * n[1] + z * n[2] - at;
    height[i] = Math.abs(h) < 1e-7 ? 1e-7 : h;
    pu[i] = x * u[0] + y * u[1] + z * u[2];
    pv[i] = x * v[0] + y * v[1] + z * v[2];
  }
  const segments: Array<[Point2, Point2]> = [];
  const cut = (i: number, j: number): Point2 => {
    const t = height[i] / (height[i] - height[j]);
    return [pu[i] + (pu[j] - pu[i]) * t, pv[i] + (pv[j] - pv[i]) * t];
  };
  for (let t = 0; t + 2 < index.length; t += 3) {
    const a = index[t];
    const b = index[t + 1];
    const c = index[t + 2];
    const ha = height[a] > 0;
    const hb = height[b] > 0;
    const hc = height[c] > 0;
    if (ha === hb && hb === hc) continue;
    // The lone vertex on its side, and the two edges from it.
    const [lone, p, q] = ha === hb ? [c, a, b] : ha === hc ? [b, c, a] : [a, b, c];
    segments.push([cut(lone, p), cut(lone, q)]);
  }
  const key = (p: Point2) => `${Math.round(p[0] * KEY_GRID)},${Math.round(p[1] * KEY_GRID)}`;
  const ends = new Map<string, number[]>();
  segments.forEach(([a, b], s) => {
    for (const p of [a, b]) {
      const k = key(p);
      const list = ends.get(k);
      if (list) list.push(s);
      else ends.set(k, [s]);
    }
  });
  const used = new Uint8Array(segments.length);
  const loops: Point2[][] = [];
  for (let start = 0; start < segments.length; start++) {
    if (used[start]) continue;
    used[start] = 1;
    const loop: Point2[] = [segments[start][0]];
    let tip = segments[start][1];
    const first = key(segments[start][0]);
    for (let guard = 0; guard < segments.length; guard++) {
      const k = key(tip);
      if (k === first) break;
      loop.push(tip);
      const next = (ends.get(k) ?? []).find((s) => !used[s]);
      if (next === undefined) break;
      used[next] = 1;
      tip = key(segments[next][0]) === k ? segments[next][1] : segments[next][0];
    }
    if (loop.length >= 3) loops.push(loop);
  }
  return loops;
}

/** Ramer-Douglas-Peucker on an open run: the points that keep it within `tolerance`. */
function simplifyRun(points: Point2[], tolerance: number): Point2[] {
  if (points.length <= 2) return points;
  const [a, b] = [points[0], points[points.length - 1]];
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy);
  let worst = -1;
  let far = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i];
    const d = length < 1e-9 ? Math.hypot(p[0] - a[0], p[1] - a[1]) : Math.abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / length;
    if (d > far) [far, worst] = [d, i];
  }
  if (far <= tolerance) return [a, b];
  return [...simplifyRun(points.slice(0, worst + 1), tolerance).slice(0, -1), ...simplifyRun(points.slice(worst), tolerance)];
}

/** The loop with the points that keep it within 0.01 mm (arcs keep their facets, straight runs their ends). */
function simplify(loop: Point2[]): Point2[] {
  // Split at the point farthest from the first: both are corners of any simplification.
  let far = 0;
  let split = 0;
  loop.forEach((p, i) => {
    const d = Math.hypot(p[0] - loop[0][0], p[1] - loop[0][1]);
    if (d > far) [far, split] = [d, i];
  });
  if (split === 0) return loop;
  const first = simplifyRun(loop.slice(0, split + 1), 0.01);
  const second = simplifyRun([...loop.slice(split), loop[0]], 0.01);
  const kept = [...first.slice(0, -1), ...second.slice(0, -1)];
  // The first point, kept as a split, may lie on a straight run.
  return kept.length > 3 && simplifyRun([kept[kept.length - 1], kept[0], kept[1]], 0.001).length === 2 ? kept.slice(1) : kept;
}

/**
 * The outline in (u, v) coordinates, counter-clockwise about n (u x v = n), or undefined when no
 * section closes.
 */
export function panelOutline(points: Float64Array, index: ArrayLike<number>, n: Vec3, u: Vec3, v: Vec3, from: number, to: number): Point2[] | undefined {
  let best: Point2[] | undefined;
  let bestArea = 0;
  for (const share of SECTION_SHARES) {
    for (const loop of sectionLoops(points, index, n, u, v, from + (to - from) * share)) {
      const area = Math.abs(shoelace(loop));
      if (area > bestArea * (1 + 1e-9)) {
        bestArea = area;
        best = loop;
      }
    }
  }
  if (!best) return undefined;
  const simple = simplify(best);
  return shoelace(simple) < 0 ? simple.reverse() : simple;
}
