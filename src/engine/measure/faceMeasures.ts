/**
 * The workshop measures as pure functions (no Babylon): the perpendicular gap between two
 * parallel faces, the angle between two faces or two edges, and overall dimensions. Lengths in
 * metres, angles in degrees.
 */
import type { Bounds, Vec3 } from '../types';
import { dot, type FacePlane, normalize } from './facePlane';

/** Faces whose planes differ by less than this (degrees) are parallel for a gap measure. */
const PARALLEL_DEGREES = 1;

const DEG = 180 / Math.PI;

function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function acosDeg(c: number): number {
  return Math.acos(Math.min(1, Math.max(-1, c))) * DEG;
}

interface FaceGap {
  /** The perpendicular distance between the two planes (metres). */
  distance: number;
  /** The dimension line: from `from` on the first face, square to it, to `to` on the second's plane. */
  from: Vec3;
  to: Vec3;
}

/**
 * The gap between two parallel faces (facing each other, back to back or the same way), measured
 * square to the first face from `at` (a point on it, e.g. where it was picked); null when the
 * faces are not parallel within PARALLEL_DEGREES.
 */
export function faceGap(a: FacePlane, b: FacePlane, at: Vec3 = a.point): FaceGap | null {
  const c = Math.abs(dot(a.normal, b.normal));
  if (acosDeg(c) > PARALLEL_DEGREES) return null;
  // Average the two normals (turned to agree) so that neither face is privileged.
  const sign = dot(a.normal, b.normal) < 0 ? -1 : 1;
  const n = normalize([a.normal[0] + sign * b.normal[0], a.normal[1] + sign * b.normal[1], a.normal[2] + sign * b.normal[2]]);
  const from: Vec3 = projectOnPlane(at, a.point, n);
  const along = dot(sub(b.point, from), n);
  const to: Vec3 = [from[0] + n[0] * along, from[1] + n[1] * along, from[2] + n[2] * along];
  return { distance: Math.abs(along), from, to };
}

function projectOnPlane(p: Vec3, point: Vec3, n: Vec3): Vec3 {
  const d = dot(sub(p, point), n);
  return [p[0] - n[0] * d, p[1] - n[1] * d, p[2] - n[2] * d];
}

/**
 * The angle between two faces as a joiner reads it: the angle inside the solid or corner the
 * faces bound, 180 minus the angle between their outward normals. A carcass's inside corner
 * (side's inner face, bottom's top face) is 90; a 45 degree mitre's cut face and the board's
 * face meet at 45; two faces of one plane read 180, two faces facing each other 0.
 */
export function faceAngle(a: FacePlane, b: FacePlane): number {
  return 180 - acosDeg(dot(a.normal, b.normal));
}

/**
 * The angle between two edges (segments). Edges that share an end are measured from that corner
 * (0..180); edges that do not touch read the acute angle between their lines (0..90).
 */
export function edgeAngle(a: readonly [Vec3, Vec3], b: readonly [Vec3, Vec3], weld = 1e-6): number {
  for (const [i, j] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
    if (Math.hypot(...sub(a[i], b[j])) <= weld) {
      const u = normalize(sub(a[1 - i], a[i]));
      const v = normalize(sub(b[1 - j], b[j]));
      return acosDeg(dot(u, v));
    }
  }
  return acosDeg(Math.abs(dot(normalize(sub(a[1], a[0])), normalize(sub(b[1], b[0])))));
}

/** Width (X), height (Y) and depth (Z) of a box, metres. */
export function boxSize(bounds: Bounds): Vec3 {
  return [0, 1, 2].map((i) => Math.max(0, bounds.max[i] - bounds.min[i])) as unknown as Vec3;
}

/**
 * The axis-aligned box of some parts from the model's per-part boxes (six floats a part:
 * min xyz, max xyz); null when none of them has geometry.
 */
export function boundsOfParts(partBounds: ArrayLike<number>, parts: Iterable<number>): Bounds | null {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of parts) {
    for (let k = 0; k < 3; k++) {
      const lo = partBounds[p * 6 + k];
      const hi = partBounds[p * 6 + 3 + k];
      if (!(lo <= hi)) continue;
      min[k] = Math.min(min[k], lo);
      max[k] = Math.max(max[k], hi);
    }
  }
  if (!(min[0] <= max[0])) return null;
  return { min: min as unknown as Vec3, max: max as unknown as Vec3 };
}
