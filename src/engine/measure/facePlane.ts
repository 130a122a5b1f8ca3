/**
 * Finding a flat face of a part from its own triangles, as pure functions (no Babylon): from the
 * picked triangle, grow over the connected triangles that lie in the same plane, then fit the
 * plane to all of them (area-weighted normal, area-weighted centroid). A face is exact to the
 * model's precision whatever the number of triangles it was split into.
 */
import type { Vec3 } from '../types';

/** A part's triangles: world positions (xyz triplets) and indices, three per triangle. */
interface TriangleMesh {
  positions: ArrayLike<number>;
  indices: ArrayLike<number>;
}

/** A fitted face: a plane through `point` with the outward unit `normal` (the triangles' winding). */
export interface FacePlane {
  normal: Vec3;
  /** The area-weighted centroid of the face's triangles. */
  point: Vec3;
  /** Area of the face in square metres. */
  area: number;
  /** Triangles of the face, by index in the mesh (three indices each). */
  triangles: number[];
}

/** Two triangles are in one face when their normals differ by less than this (degrees)... */
const COPLANAR_DEGREES = 0.5;
/** ...and every corner of the candidate lies this close to the seed triangle's plane (metres). */
const COPLANAR_DISTANCE = 0.00005;
/** Corners closer than this (metres) are the same vertex when triangles do not share indices. */
const WELD = 1e-6;

function corner(mesh: TriangleMesh, t: number, k: number): Vec3 {
  const v = mesh.indices[t * 3 + k] * 3;
  const p = mesh.positions;
  return [p[v], p[v + 1], p[v + 2]];
}

/** The triangle's (unnormalised) normal: twice its area, along the winding's normal. */
function triangleCross(mesh: TriangleMesh, t: number): Vec3 {
  const a = corner(mesh, t, 0);
  const b = corner(mesh, t, 1);
  const c = corner(mesh, t, 2);
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
}

export function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l === 0 ? [0, 0, 0] : [v[0] / l, v[1] / l, v[2] / l];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function weldKey(mesh: TriangleMesh, v: number): string {
  const p = mesh.positions;
  return `${Math.round(p[v * 3] / WELD)},${Math.round(p[v * 3 + 1] / WELD)},${Math.round(p[v * 3 + 2] / WELD)}`;
}

/** For each welded vertex, the triangles that use it. */
function trianglesByVertex(mesh: TriangleMesh): { keyOf: string[]; byKey: Map<string, number[]> } {
  const count = Math.floor(mesh.indices.length / 3);
  const keyOf: string[] = [];
  const byKey = new Map<string, number[]>();
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const key = weldKey(mesh, mesh.indices[t * 3 + k]);
      keyOf[t * 3 + k] = key;
      const list = byKey.get(key);
      if (list) list.push(t);
      else byKey.set(key, [t]);
    }
  }
  return { keyOf, byKey };
}

/** The face of `mesh` that contains triangle `seed`, or null when that triangle is degenerate. */
export function faceFrom(mesh: TriangleMesh, seed: number): FacePlane | null {
  const seedCross = triangleCross(mesh, seed);
  if (Math.hypot(...seedCross) === 0) return null;
  const seedNormal = normalize(seedCross);
  const seedPoint = corner(mesh, seed, 0);
  const minCos = Math.cos((COPLANAR_DEGREES * Math.PI) / 180);
  const { keyOf, byKey } = trianglesByVertex(mesh);
  const inFace = (t: number) => {
    const cross = triangleCross(mesh, t);
    if (Math.hypot(...cross) === 0 || dot(normalize(cross), seedNormal) < minCos) return false;
    for (let k = 0; k < 3; k++) {
      const c = corner(mesh, t, k);
      const offset: Vec3 = [c[0] - seedPoint[0], c[1] - seedPoint[1], c[2] - seedPoint[2]];
      if (Math.abs(dot(offset, seedNormal)) > COPLANAR_DISTANCE) return false;
    }
    return true;
  };
  const seen = new Set<number>([seed]);
  const queue = [seed];
  const triangles: number[] = [];
  while (queue.length > 0) {
    const t = queue.pop()!;
    triangles.push(t);
    for (let k = 0; k < 3; k++) {
      for (const next of byKey.get(keyOf[t * 3 + k]) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        if (inFace(next)) queue.push(next);
      }
    }
  }
  return fitPlane(mesh, triangles.sort((a, b) => a - b));
}

/** The plane of these triangles: area-weighted normal and centroid. */
function fitPlane(mesh: TriangleMesh, triangles: number[]): FacePlane {
  const sum: [number, number, number] = [0, 0, 0];
  const centroid: [number, number, number] = [0, 0, 0];
  let doubleArea = 0;
  for (const t of triangles) {
    const cross = triangleCross(mesh, t);
    const a = Math.hypot(...cross);
    const c = [0, 1, 2].map((k) => corner(mesh, t, k));
    for (let i = 0; i < 3; i++) {
      sum[i] += cross[i];
      centroid[i] += (a * (c[0][i] + c[1][i] + c[2][i])) / 3;
    }
    doubleArea += a;
  }
  const point: Vec3 = doubleArea > 0 ? [centroid[0] / doubleArea, centroid[1] / doubleArea, centroid[2] / doubleArea] : corner(mesh, triangles[0], 0);
  return { normal: normalize(sum), point, area: doubleArea / 2, triangles };
}
