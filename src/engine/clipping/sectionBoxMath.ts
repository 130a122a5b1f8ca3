/**
 * Section-box maths as pure functions: six axis-aligned planes that keep what is inside the box,
 * combined with SPEC's one clipping plane (an axis-aligned half-space, so it only tightens one
 * face of the box), and face moves clamped so that the box never turns inside out.
 */
import type { Bounds, SectionFace, Vec3 } from '../types';
import { AXIS_INDEX, type PlaneCoefficients } from './clipMath';

export const SECTION_FACES: readonly SectionFace[] = ['minX', 'maxX', 'minY', 'maxY', 'minZ', 'maxZ'];
/** A box around parts is this much larger than them on each side (metres), so their faces are not cut. */
export const SECTION_MARGIN = 0.002;
/** The thinnest a box may be pulled (metres). */
const MIN_SECTION = 0.001;

export function faceAxis(face: SectionFace): 0 | 1 | 2 {
  return AXIS_INDEX[face[3].toLowerCase() as 'x' | 'y' | 'z'];
}

function isMaxFace(face: SectionFace): boolean {
  return face.startsWith('max');
}

/** The outward unit normal of a face of the box. */
function faceNormal(face: SectionFace): Vec3 {
  const n: [number, number, number] = [0, 0, 0];
  n[faceAxis(face)] = isMaxFace(face) ? 1 : -1;
  return n;
}

/** The box around `bounds`, `margin` larger on every side. */
export function boxAround(bounds: Bounds, margin = SECTION_MARGIN): Bounds {
  return { min: bounds.min.map((v) => v - margin) as unknown as Vec3, max: bounds.max.map((v) => v + margin) as unknown as Vec3 };
}

/** The intersection of the box with a half-space plane along an axis (as clipPlaneOf makes), when there is one. */
export function intersectWithPlane(box: Bounds, plane: PlaneCoefficients | null): Bounds {
  if (!plane) return box;
  const axis = plane.normal.findIndex((v) => v !== 0);
  if (axis < 0) return box;
  const min = [...box.min];
  const max = [...box.max];
  // clipPlaneOf: normal +1 discards above the cut (keeps min..cut), -1 discards below it.
  if (plane.normal[axis] > 0) max[axis] = Math.min(max[axis], -plane.d);
  else min[axis] = Math.max(min[axis], plane.d);
  return { min: min as unknown as Vec3, max: max as unknown as Vec3 };
}

/** The six planes of the box for Babylon's clip planes (a point is discarded where dot(normal, p) + d > 0). */
export function sectionPlanes(box: Bounds): PlaneCoefficients[] {
  return SECTION_FACES.map((face) => {
    const i = faceAxis(face);
    const normal = faceNormal(face);
    const at = isMaxFace(face) ? box.max[i] : box.min[i];
    return { normal, d: isMaxFace(face) ? -at : at };
  });
}

/** The box with one face moved to `at` along its axis, kept within `limits` and at least MIN_SECTION thick. */
export function moveFace(box: Bounds, face: SectionFace, at: number, limits: Bounds): Bounds {
  const i = faceAxis(face);
  const min = [...box.min];
  const max = [...box.max];
  if (!Number.isFinite(at)) return box;
  if (isMaxFace(face)) max[i] = Math.min(limits.max[i], Math.max(at, min[i] + MIN_SECTION));
  else min[i] = Math.max(limits.min[i], Math.min(at, max[i] - MIN_SECTION));
  return { min: min as unknown as Vec3, max: max as unknown as Vec3 };
}

/** The centre of a face of the box (where its drag handle sits). */
export function faceCentre(box: Bounds, face: SectionFace): Vec3 {
  const i = faceAxis(face);
  const c = [0, 1, 2].map((k) => (box.min[k] + box.max[k]) / 2);
  c[i] = isMaxFace(face) ? box.max[i] : box.min[i];
  return c as unknown as Vec3;
}

/**
 * Where a face dragged along its axis goes: the point of the axis line through `anchor` closest to
 * the pointer's ray (origin, dir). Returns the coordinate along the axis, or null when the ray runs
 * along the axis.
 */
export function dragAlongAxis(anchor: Vec3, axis: 0 | 1 | 2, origin: Vec3, dir: Vec3): number | null {
  const u: Vec3 = [0, 0, 0].map((_, k) => (k === axis ? 1 : 0)) as unknown as Vec3;
  const w = [anchor[0] - origin[0], anchor[1] - origin[1], anchor[2] - origin[2]];
  const b = u[0] * dir[0] + u[1] * dir[1] + u[2] * dir[2];
  const c = dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2];
  const d = u[0] * w[0] + u[1] * w[1] + u[2] * w[2];
  const e = dir[0] * w[0] + dir[1] * w[1] + dir[2] * w[2];
  const denom = c - b * b; // |u| = 1
  if (Math.abs(denom) < 1e-9) return null;
  const s = (b * e - c * d) / denom;
  return anchor[axis] + s;
}
