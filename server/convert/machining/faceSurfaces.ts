/**
 * The surface of each B-rep face of a part, recovered from OpenCascade's triangles of that face
 * (occt-import-js returns each face's triangle range): a plane, a cylinder (axis, radius, which
 * side the material is on, its extent along the axis), or another surface (spheres, cones, tori,
 * free forms), which machining does not read. Every tessellation vertex lies on the exact surface,
 * so the fits are exact to the coordinates' precision.
 */
import { basisAround, cross, dot, length3, point, scale, smallestEigenvector, sub, unit3, type Vec3 } from './vectors.js';

export interface PartTriangles {
  /** Millimetres, the part's own space. */
  points: Float64Array;
  index: ArrayLike<number>;
  /** Triangle ranges of the B-rep faces, inclusive. */
  faces: ReadonlyArray<{ first: number; last: number }>;
}

interface FaceBase {
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

function facetNormal(part: PartTriangles, t: number): Vec3 {
  const { points, index } = part;
  const a = point(points, index[t * 3]);
  return cross(sub(point(points, index[t * 3 + 1]), a), sub(point(points, index[t * 3 + 2]), a));
}

function classify(part: PartTriangles, first: number, last: number): FaceSurface {
  const { points, index } = part;
  const seen = new Set<number>();
  let area = 0;
  const mean: Vec3 = [0, 0, 0];
  const normals: Array<[Vec3, number]> = [];
  for (let t = first; t <= last; t++) {
    seen.add(index[t * 3]).add(index[t * 3 + 1]).add(index[t * 3 + 2]);
    const n = facetNormal(part, t);
    const twice = length3(n);
    if (twice < 1e-12) continue;
    area += twice / 2;
    for (let k = 0; k < 3; k++) mean[k] += n[k] / 2;
    normals.push([scale(n, 1 / twice), twice / 2]);
  }
  const vertices = [...seen];
  if (normals.length === 0) return { type: 'other', area, vertices };
  const normal = unit3(mean);
  if (normals.every(([n]) => dot(n, normal) >= PLANE_ANGLE_COS)) {
    const offsets = vertices.map((v) => dot(point(points, v), normal));
    const offset = offsets.reduce((s, o) => s + o, 0) / offsets.length;
    if (offsets.every((o) => Math.abs(o - offset) <= PLANE_TOLERANCE_MM)) return { type: 'plane', area, vertices, normal, offset };
  }
  // A cylinder: its facets' normals are all square to the axis.
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (const [n, w] of normals) for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[r][c] += w * n[r] * n[c];
  const axis = smallestEigenvector(m);
  if (!normals.every(([n]) => Math.abs(dot(n, axis)) < 0.05)) return { type: 'other', area, vertices };
  const [e1, e2] = basisAround(axis);
  const xs = vertices.map((v) => dot(point(points, v), e1));
  const ys = vertices.map((v) => dot(point(points, v), e2));
  const circle = fitCircle(xs, ys);
  if (!circle || circle.r > 1e5) return { type: 'other', area, vertices };
  const tolerance = CYLINDER_TOLERANCE_MM + circle.r * 1e-4;
  if (!xs.every((x, i) => Math.abs(Math.hypot(x - circle.cx, ys[i] - circle.cy) - circle.r) <= tolerance)) return { type: 'other', area, vertices };
  const center: Vec3 = [0, 1, 2].map((k) => e1[k] * circle.cx + e2[k] * circle.cy) as Vec3;
  // The facet normals point out of the material: towards the axis on a hole's wall.
  let inward = 0;
  for (let t = first; t <= last; t++) {
    const a = point(points, index[t * 3]);
    inward += dot(facetNormal(part, t), sub(center, sub(a, scale(axis, dot(a, axis)))));
  }
  const along = vertices.map((v) => dot(point(points, v), axis));
  return { type: 'cylinder', area, vertices, axis, center, radius: circle.r, concave: inward > 0, from: Math.min(...along), to: Math.max(...along) };
}

/** The surface of every face (faces without triangles are left out). */
export function faceSurfaces(part: PartTriangles): FaceSurface[] {
  return part.faces.filter((f) => f.last >= f.first).map((f) => classify(part, f.first, f.last));
}
