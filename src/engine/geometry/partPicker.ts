/**
 * Ray picking over the merged batches without scanning every triangle: a slab test against each
 * visible part's bounding box selects candidates, which are tested nearest first, and the search
 * stops as soon as the next box starts beyond the best hit.
 */
import type { Vec3 } from '../types';
import type { PlaneCoefficients } from '../clipping/clipMath';
import { type FacePlane, faceFrom } from '../measure/facePlane';
import type { Batch, BuiltModel, PartRange } from './buildBatches';
import { partSubset } from './partSubset';

interface RayHit {
  part: number;
  distance: number;
  point: Vec3;
  /** The hit triangle: its batch (index in the model's batches) and its first index in that batch. */
  batch: number;
  index: number;
}

interface TriangleRange {
  batch: Batch;
  range: PartRange;
}

/** Entry distance of the ray into the box at `o` of `boxes`, or Infinity when it misses. */
function rayBoxEntry(origin: Vec3, inverse: Vec3, boxes: Float32Array, o: number): number {
  let tmin = 0;
  let tmax = Infinity;
  for (let k = 0; k < 3; k++) {
    const lo = boxes[o + k];
    const hi = boxes[o + 3 + k];
    if (!(lo <= hi)) return Infinity;
    let t1 = (lo - origin[k]) * inverse[k];
    let t2 = (hi - origin[k]) * inverse[k];
    if (Number.isNaN(t1)) t1 = -Infinity;
    if (Number.isNaN(t2)) t2 = Infinity;
    if (t1 > t2) [t1, t2] = [t2, t1];
    if (t1 > tmin) tmin = t1;
    if (t2 < tmax) tmax = t2;
    if (tmin > tmax) return Infinity;
  }
  return tmin;
}

/** Möller–Trumbore, both faces; returns the distance or Infinity. */
function rayTriangle(origin: Vec3, dir: Vec3, p: Float32Array, a: number, b: number, c: number): number {
  const ax = p[a * 3], ay = p[a * 3 + 1], az = p[a * 3 + 2];
  const e1x = p[b * 3] - ax, e1y = p[b * 3 + 1] - ay, e1z = p[b * 3 + 2] - az;
  const e2x = p[c * 3] - ax, e2y = p[c * 3 + 1] - ay, e2z = p[c * 3 + 2] - az;
  const px = dir[1] * e2z - dir[2] * e2y, py = dir[2] * e2x - dir[0] * e2z, pz = dir[0] * e2y - dir[1] * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < 1e-12) return Infinity;
  const inv = 1 / det;
  const tx = origin[0] - ax, ty = origin[1] - ay, tz = origin[2] - az;
  const u = (tx * px + ty * py + tz * pz) * inv;
  if (u < 0 || u > 1) return Infinity;
  const qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
  const v = (dir[0] * qx + dir[1] * qy + dir[2] * qz) * inv;
  if (v < 0 || u + v > 1) return Infinity;
  const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
  return t > 0 ? t : Infinity;
}

export class PartPicker {
  private readonly triangles: TriangleRange[][];
  /** How many triangles the last pick tested (for tests and stats). */
  lastTriangleTests = 0;

  constructor(private readonly model: BuiltModel, partCount: number) {
    this.triangles = Array.from({ length: partCount }, () => []);
    for (const batch of model.batches) {
      if (batch.kind !== 'triangles') continue;
      for (const range of batch.ranges) this.triangles[range.part].push({ batch, range });
    }
  }

  /** The nearest visible hit along the ray, ignoring points that a clip plane removes. */
  pick(origin: Vec3, dir: Vec3, visible: Uint8Array, clip: PlaneCoefficients | readonly PlaneCoefficients[] | null = null): RayHit | null {
    const inverse: Vec3 = [1 / dir[0], 1 / dir[1], 1 / dir[2]];
    const boxes = this.model.partBounds;
    const candidates: Array<[number, number]> = [];
    for (let p = 0; p < this.triangles.length; p++) {
      if (!visible[p] || this.triangles[p].length === 0) continue;
      const t = rayBoxEntry(origin, inverse, boxes, p * 6);
      if (t !== Infinity) candidates.push([t, p]);
    }
    candidates.sort((x, y) => x[0] - y[0]);
    let best = Infinity;
    let bestPart = -1;
    let bestBatch: Batch | null = null;
    let bestIndex = -1;
    let tests = 0;
    for (const [entry, p] of candidates) {
      if (entry > best) break;
      for (const { batch, range } of this.triangles[p]) {
        const idx = batch.indices;
        const end = range.indexStart + range.indexCount;
        for (let i = range.indexStart; i + 2 < end; i += 3) {
          tests++;
          const t = rayTriangle(origin, dir, batch.positions, idx[i], idx[i + 1], idx[i + 2]);
          if (t < best && !isClipped(origin, dir, t, clip)) {
            best = t;
            bestPart = p;
            bestBatch = batch;
            bestIndex = i;
          }
        }
      }
    }
    this.lastTriangleTests = tests;
    if (bestPart < 0) return null;
    return {
      part: bestPart,
      distance: best,
      point: [origin[0] + dir[0] * best, origin[1] + dir[1] * best, origin[2] + dir[2] * best],
      batch: this.model.batches.indexOf(bestBatch!),
      index: bestIndex,
    };
  }

  /** The flat face of the hit part that contains the hit triangle, fitted from the part's own triangles. */
  faceAt(hit: RayHit): FacePlane | null {
    const mesh = partSubset(this.model, new Set([hit.part]));
    // partSubset copies the part's ranges in batch order: count the triangles before the hit one.
    let before = 0;
    for (let b = 0; b < this.model.batches.length; b++) {
      const batch = this.model.batches[b];
      if (batch.kind !== 'triangles') continue;
      const range = batch.ranges.find((r) => r.part === hit.part);
      if (!range) continue;
      if (b === hit.batch) return faceFrom(mesh, before + (hit.index - range.indexStart) / 3);
      before += range.indexCount / 3;
    }
    return null;
  }

  /** World vertices of a part (xyz triplets) and its feature edges as segments (6 floats each). */
  snapCandidates(part: number): { vertices: Float32Array; edges: Float32Array } {
    const vertexArrays: Float32Array[] = [];
    for (const { batch, range } of this.triangles[part] ?? []) {
      vertexArrays.push(batch.positions.subarray(range.vertexStart * 3, (range.vertexStart + range.vertexCount) * 3));
    }
    const vertices = concat(vertexArrays);
    const e = this.model.edges;
    const range = e.ranges.find((r) => r.part === part);
    const edges = new Float32Array(range ? range.indexCount * 3 : 0);
    if (range) {
      for (let i = 0; i < range.indexCount; i++) {
        const v = e.indices[range.indexStart + i];
        edges.set(e.positions.subarray(v * 3, v * 3 + 3), i * 3);
      }
    }
    return { vertices, edges };
  }
}

/** Whether the point at `t` along the ray is removed by one of the clip planes. */
function isClipped(origin: Vec3, dir: Vec3, t: number, clip: PlaneCoefficients | readonly PlaneCoefficients[] | null): boolean {
  if (!clip) return false;
  for (const plane of Array.isArray(clip) ? clip : [clip as PlaneCoefficients]) {
    const n = plane.normal;
    if (n[0] * (origin[0] + dir[0] * t) + n[1] * (origin[1] + dir[1] * t) + n[2] * (origin[2] + dir[2] * t) + plane.d > 0) return true;
  }
  return false;
}

function concat(arrays: Float32Array[]): Float32Array {
  if (arrays.length === 1) return arrays[0];
  const out = new Float32Array(arrays.reduce((n, a) => n + a.length, 0));
  let o = 0;
  for (const a of arrays) {
    out.set(a, o);
    o += a.length;
  }
  return out;
}
