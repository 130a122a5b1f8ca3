/**
 * The surface of each B-rep face of a part, recovered from OpenCascade's triangles of that face
 * (occt-import-js returns each face's triangle range): a plane, a cylinder (axis, radius, which
 * side the material is on, its extent along the axis), or another surface (spheres, cones, tori,
 * free forms), which machining does not read. Every tessellation vertex lies on the exact surface,
 * so the fits are exact to the coordinates' precision.
 */
import { basisAround, dot, point, scale, smallestEigenvector, sub, unit3, type Vec3 } from './vectors.js';

export interface PartTriangles {
  /** Millimetres, the part's own space. */
  points: Float64Array;
  index: ArrayLike<number>;
  /** Triangle ranges of the B-rep faces, inclusive. */
  faces: ReadonlyArray<{ first: number; last: number }>;
}

interface FaceBase {
  /** The face's triangles, inclusive. */
  first: number;
  last: number;
  area: number;
  /** The face's vertex indices. */
  vertices: number[];
}
export interface PlaneFace extends FaceBase {
  type: 'plane';
  /** Outward (out of the material). */
  normal: Vec3;
  offset: number;
}
export interface CylinderFace extends FaceBase {
  type: 'cylinder';
  axis: Vec3;
  /** The axis point nearest the origin. */
  center: Vec3;
  radius: number;
  /** The material is outside the cylinder (a hole's wall), not inside (a pin, a rounded edge). */
  concave: boolean;
  /** Extent along the axis: dot(point, axis). */
  from: number;
  to: number;
}
export interface OtherFace extends FaceBase {
  type: 'other';
}
export type FaceSurface = PlaneFace | CylinderFace | OtherFace;

const PLANE_ANGLE_COS = Math.cos((0.5 * Math.PI) / 180);
const PLANE_TOLERANCE_MM = 0.02;
const CYLINDER_TOLERANCE_MM = 0.02;

/** The circle through 2D points in the least-squares sense (Kåsa's fit): centre and radius, or undefined. */
function fitCircle(xs: number[], ys: number[]): { cx: number; cy: number; r: number } | undefined {
  const n = xs.length;
  if (n < 3) return undefined;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let suu = 0, suv = 0, svv = 0, suuu = 0, svvv = 0, suvv = 0, svuu = 0;
  for (let i = 0; i < n; i++) {
    const u = xs[i] - mx;
    const v = ys[i] - my;
    suu += u * u;
    suv += u * v;
    svv += v * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-12) return undefined;
  const b1 = 0.5 * (suuu + suvv);
  const b2 = 0.5 * (svvv + svuu);
  const uc = (b1 * svv - b2 * suv) / det;
  const vc = (suu * b2 - suv * b1) / det;
  return { cx: uc + mx, cy: vc + my, r: Math.sqrt(uc * uc + vc * vc + (suu + svv) / n) };
}

function classify(part: PartTriangles, first: number, last: number, mark: Int32Array, stamp: number): FaceSurface {
  const range = { first, last };
  const { points: P, index: I } = part;
  const count = last - first + 1;
  // Each facet's unit normal and area, flat.
  const normals = new Float64Array(count * 3);
  const areas = new Float64Array(count);
  const vertices: number[] = [];
  let area = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let f = 0; f < count; f++) {
    const t = first + f;
    const a = I[t * 3];
    const b = I[t * 3 + 1];
    const c = I[t * 3 + 2];
    for (const v of [a, b, c]) {
      if (mark[v] !== stamp) {
        mark[v] = stamp;
        vertices.push(v);
      }
    }
    const ux = P[b * 3] - P[a * 3], uy = P[b * 3 + 1] - P[a * 3 + 1], uz = P[b * 3 + 2] - P[a * 3 + 2];
    const vx = P[c * 3] - P[a * 3], vy = P[c * 3 + 1] - P[a * 3 + 1], vz = P[c * 3 + 2] - P[a * 3 + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const twice = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (twice < 1e-12) continue;
    normals[f * 3] = nx / twice;
    normals[f * 3 + 1] = ny / twice;
    normals[f * 3 + 2] = nz / twice;
    areas[f] = twice / 2;
    area += twice / 2;
    mx += nx / 2;
    my += ny / 2;
    mz += nz / 2;
  }
  if (area === 0) return { type: 'other', ...range, area, vertices };
  const normal = unit3([mx, my, mz]);
  let planar = true;
  for (let f = 0; f < count && planar; f++) {
    if (areas[f] > 0 && normals[f * 3] * normal[0] + normals[f * 3 + 1] * normal[1] + normals[f * 3 + 2] * normal[2] < PLANE_ANGLE_COS) planar = false;
  }
  if (planar) {
    const offsets = vertices.map((v) => P[v * 3] * normal[0] + P[v * 3 + 1] * normal[1] + P[v * 3 + 2] * normal[2]);
    const offset = offsets.reduce((sum, o) => sum + o, 0) / offsets.length;
    if (offsets.every((o) => Math.abs(o - offset) <= PLANE_TOLERANCE_MM)) return { type: 'plane', ...range, area, vertices, normal, offset };
  }
  // A cylinder: its facets' normals are all square to the axis.
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let f = 0; f < count; f++) {
    const w = areas[f];
    if (w === 0) continue;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[r][c] += w * normals[f * 3 + r] * normals[f * 3 + c];
  }
  const axis = smallestEigenvector(m);
  for (let f = 0; f < count; f++) {
    if (areas[f] > 0 && Math.abs(normals[f * 3] * axis[0] + normals[f * 3 + 1] * axis[1] + normals[f * 3 + 2] * axis[2]) >= 0.05) return { type: 'other', ...range, area, vertices };
  }
  const [e1, e2] = basisAround(axis);
  const xs = vertices.map((v) => P[v * 3] * e1[0] + P[v * 3 + 1] * e1[1] + P[v * 3 + 2] * e1[2]);
  const ys = vertices.map((v) => P[v * 3] * e2[0] + P[v * 3 + 1] * e2[1] + P[v * 3 + 2] * e2[2]);
  const circle = fitCircle(xs, ys);
  if (!circle || circle.r > 1e5) return { type: 'other', ...range, area, vertices };
  const tolerance = CYLINDER_TOLERANCE_MM + circle.r * 1e-4;
  if (!xs.every((x, i) => Math.abs(Math.hypot(x - circle.cx, ys[i] - circle.cy) - circle.r) <= tolerance)) return { type: 'other', ...range, area, vertices };
  const center: Vec3 = [0, 1, 2].map((k) => e1[k] * circle.cx + e2[k] * circle.cy) as Vec3;
  // The facet normals point out of the material: towards the axis on a hole's wall.
  let inward = 0;
  for (let f = 0; f < count; f++) {
    const a = point(P, I[(first + f) * 3]);
    const toAxis = sub(center, sub(a, scale(axis, dot(a, axis))));
    inward += areas[f] * (normals[f * 3] * toAxis[0] + normals[f * 3 + 1] * toAxis[1] + normals[f * 3 + 2] * toAxis[2]);
  }
  let from = Infinity;
  let to = -Infinity;
  for (const v of vertices) {
    const t = P[v * 3] * axis[0] + P[v * 3 + 1] * axis[1] + P[v * 3 + 2] * axis[2];
    if (t < from) from = t;
    if (t > to) to = t;
  }
  return { type: 'cylinder', ...range, area, vertices, axis, center, radius: circle.r, concave: inward > 0, from, to };
}

/** The surface of every face (faces without triangles are left out). */
export function faceSurfaces(part: PartTriangles): FaceSurface[] {
  const mark = new Int32Array(part.points.length / 3).fill(-1);
  return part.faces.filter((f) => f.last >= f.first).map((f, i) => classify(part, f.first, f.last, mark, i));
}
