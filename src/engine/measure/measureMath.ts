/**
 * Measurement geometry as pure functions (no Babylon): distances, unit rounding, snapping and the
 * two-click sequence. Positions are world positions in metres.
 */
import { metresTo, roundForUnit } from '../../model/units/units';
import type { DistanceUnit, Measurement, MeasurePoint, SnapKind, Vec3 } from '../types';

/**
 * Snap distance to vertices and edges (SPEC §9: 0.02), as a share of the view: 0.02 of the height
 * the view shows at the clicked point, so that snapping reaches as many pixels at every zoom (about
 * 17 px on a phone, 18 on a 900 px window). `snapPoint` takes the distance in metres.
 */
export const SNAP_DISTANCE = 0.02;
/** The hover point is recomputed only after the pointer moved more than this many pixels (SPEC §9). */
export const POINTER_MOVE_THRESHOLD_PX = 5;

function subtract(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function length(v: Vec3): number {
  return Math.hypot(v[0], v[1], v[2]);
}

export function distance(a: Vec3, b: Vec3): number {
  return length(subtract(b, a));
}

/** A distance in metres expressed in `unit`, rounded (mm to 1 decimal, in to 3). */
export function toUnit(metres: number, unit: DistanceUnit): number {
  const value = roundForUnit(unit, metresTo(unit, metres));
  return Object.is(value, -0) ? 0 : value;
}

/** The vector from a to b in `unit`, each component rounded. */
export function vectorInUnit(a: Vec3, b: Vec3, unit: DistanceUnit): Vec3 {
  const d = subtract(b, a);
  return [toUnit(d[0], unit), toUnit(d[1], unit), toUnit(d[2], unit)];
}

/** The measurement report for the current points. */
export function measurementOf(points: readonly MeasurePoint[], unit: DistanceUnit): Measurement {
  if (points.length < 2) return { points, unit, vector: null, length: null };
  const [a, b] = points;
  return {
    points,
    unit,
    vector: vectorInUnit(a.position, b.position, unit),
    length: toUnit(distance(a.position, b.position), unit),
  };
}

/** Two clicks make a measurement; a third click starts a new one. */
export function nextPoints(points: readonly MeasurePoint[], point: MeasurePoint): MeasurePoint[] {
  return points.length >= 2 ? [point] : [...points, point];
}

/** True when the pointer moved more than `threshold` pixels from (x0, y0). */
export function movedBeyond(x0: number, y0: number, x1: number, y1: number, threshold = POINTER_MOVE_THRESHOLD_PX): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  return dx * dx + dy * dy > threshold * threshold;
}

/** The point of segment [a, b] closest to p. */
export function closestPointOnSegment(p: Vec3, a: Vec3, b: Vec3): Vec3 {
  const ab = subtract(b, a);
  const lengthSquared = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
  if (lengthSquared === 0) return a;
  const ap = subtract(p, a);
  const t = Math.min(1, Math.max(0, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / lengthSquared));
  return [a[0] + ab[0] * t, a[1] + ab[1] * t, a[2] + ab[2] * t];
}

interface SnapCandidates {
  /** Vertex positions, xyz triplets. */
  vertices: ArrayLike<number>;
  /** Edge segments, six numbers each (ax ay az bx by bz). */
  edges: ArrayLike<number>;
}

interface SnapResult {
  position: Vec3;
  snap: SnapKind;
}

/**
 * Snaps `point` to the nearest vertex within `threshold`; failing that, to the nearest point on an
 * edge within `threshold`; otherwise it stays on the surface.
 */
export function snapPoint(point: Vec3, candidates: SnapCandidates, threshold = SNAP_DISTANCE): SnapResult {
  let best: Vec3 | null = null;
  let bestDistance = threshold;
  const { vertices, edges } = candidates;
  for (let i = 0; i + 2 < vertices.length; i += 3) {
    const v: Vec3 = [vertices[i], vertices[i + 1], vertices[i + 2]];
    const d = distance(point, v);
    if (d <= bestDistance) {
      best = v;
      bestDistance = d;
    }
  }
  if (best) return { position: best, snap: 'vertex' };
  for (let i = 0; i + 5 < edges.length; i += 6) {
    const q = closestPointOnSegment(point, [edges[i], edges[i + 1], edges[i + 2]], [edges[i + 3], edges[i + 4], edges[i + 5]]);
    const d = distance(point, q);
    if (d <= bestDistance) {
      best = q;
      bestDistance = d;
    }
  }
  if (best) return { position: best, snap: 'edge' };
  return { position: point, snap: 'surface' };
}
