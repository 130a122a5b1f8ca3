/**
 * What fillBatch writes, checked against plain per-vertex transforms (below) and transform.ts's
 * normal matrix: positions, normals, texture coordinates, indices (winding swapped under a mirroring
 * matrix), per-part ranges and bounds, for indexed and non-indexed geometry.
 */
import { describe, expect, it } from 'vitest';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import type { ModelSource, SourceGeometry } from '../../src/engine/geometry/modelSource';
import { determinant3, normalMatrix, type Matrix16 } from '../../src/engine/geometry/transform';

/** `p * m` for the point at `src[i..i+2]`, written into `out[j..j+2]` (row vectors, translation in 12..14). */
function transformPoint(m: Matrix16, src: ArrayLike<number>, i: number, out: Float32Array | number[], j: number): void {
  const x = src[i];
  const y = src[i + 1];
  const z = src[i + 2];
  out[j] = x * m[0] + y * m[4] + z * m[8] + m[12];
  out[j + 1] = x * m[1] + y * m[5] + z * m[9] + m[13];
  out[j + 2] = x * m[2] + y * m[6] + z * m[10] + m[14];
}

/** The normalised `n * nm` for the normal at `src[i..i+2]`, written into `out[j..j+2]`. */
function transformNormal(nm: ArrayLike<number>, src: ArrayLike<number>, i: number, out: Float32Array, j: number): void {
  const x = src[i];
  const y = src[i + 1];
  const z = src[i + 2];
  const nx = x * nm[0] + y * nm[3] + z * nm[6];
  const ny = x * nm[1] + y * nm[4] + z * nm[7];
  const nz = x * nm[2] + y * nm[5] + z * nm[8];
  const l = Math.hypot(nx, ny, nz) || 1;
  out[j] = nx / l;
  out[j + 1] = ny / l;
  out[j + 2] = nz / l;
}

const indexed: SourceGeometry = {
  id: 0,
  kind: 'triangles',
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0.5]),
  normals: new Float32Array([0, 0, 1, 0, 0, 1, 0.6, 0, 0.8, 0, 0.6, 0.8]),
  uvs: new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]),
  indices: new Uint32Array([0, 1, 2, 1, 3, 2]),
};
const flat: SourceGeometry = {
  id: 1,
  kind: 'triangles',
  positions: new Float32Array([0, 0, 0, 2, 0, 0, 0, 3, 0]),
  normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]),
  uvs: new Float32Array([0, 0, 1, 0, 0, 1]),
  indices: null,
};

const c = Math.cos(0.7);
const s = Math.sin(0.7);
const MATRICES: Record<string, Matrix16> = {
  identity: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
  turned: [c, s, 0, 0, -s, c, 0, 0, 0, 0, 2, 0, 10, -4, 3, 1],
  mirrored: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1],
};

function model(): ModelSource {
  const names = Object.keys(MATRICES);
  return {
    parts: names.flatMap((name, i) => [
      { id: `${name}-indexed`, pieces: [{ geometry: indexed, material: 0, matrix: MATRICES[name] }] },
      { id: `${name}-flat`, pieces: [{ geometry: flat, material: 0, matrix: MATRICES[name] }] },
    ].map((part, k) => ({ ...part, id: `${part.id}-${i * 2 + k}` }))),
    materials: [{ index: 0, name: 'm', color: [1, 1, 1], alpha: 1, doubleSided: false }],
  };
}

describe('buildBatches writes each vertex as the transforms give it', () => {
  const source = model();
  const built = buildBatches(source);
  const batch = built.batches[0];

  it('one range per part, in part order', () => {
    expect(batch.ranges.map((r) => r.part)).toEqual(source.parts.map((_, p) => p));
  });

  source.parts.forEach((part, p) => {
    const { geometry: g, matrix: m } = part.pieces[0];
    it(`part ${part.id}: positions, normals, uvs, indices and bounds`, () => {
      const range = batch.ranges[p];
      const count = g.positions.length / 3;
      expect(range.vertexCount).toBe(count);
      const nm = normalMatrix(m);
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let k = 0; k < count; k++) {
        const point = new Float32Array(3);
        transformPoint(m, g.positions, k * 3, point, 0);
        const normal = new Float32Array(3);
        transformNormal(nm, g.normals!, k * 3, normal, 0);
        const o = (range.vertexStart + k) * 3;
        expect(Array.from(batch.positions.subarray(o, o + 3))).toEqual(Array.from(point));
        for (let a = 0; a < 3; a++) expect(batch.normals![o + a]).toBeCloseTo(normal[a], 6);
        expect(Array.from(batch.uvs!.subarray((range.vertexStart + k) * 2, (range.vertexStart + k) * 2 + 2))).toEqual(Array.from(g.uvs!.subarray(k * 2, k * 2 + 2)));
        for (let a = 0; a < 3; a++) {
          min[a] = Math.min(min[a], point[a]);
          max[a] = Math.max(max[a], point[a]);
        }
      }
      const local = g.indices ? Array.from(g.indices) : Array.from({ length: count }, (_, k) => k);
      const expected = determinant3(m) < 0 ? local.map((_, k) => local[k - (k % 3) + [0, 2, 1][k % 3]]) : local;
      expect(Array.from(batch.indices.subarray(range.indexStart, range.indexStart + range.indexCount))).toEqual(expected.map((k) => k + range.vertexStart));
      expect(Array.from(built.partBounds.subarray(p * 6, p * 6 + 6))).toEqual([...min, ...max].map(Math.fround));
    });
  });

  it('keeps faces outward under a mirroring matrix: the winding is swapped', () => {
    const mirroredRange = batch.ranges[4];
    const first = Array.from(batch.indices.subarray(mirroredRange.indexStart, mirroredRange.indexStart + 3)).map((k) => k - mirroredRange.vertexStart);
    expect(first).toEqual([0, 2, 1]);
  });
});

describe('buildBatches writes the feature edges in world space', () => {
  it('every edge vertex of every part as transformPoint gives it', () => {
    const source = model();
    const built = buildBatches(source);
    source.parts.forEach((part, p) => {
      const { geometry: g, matrix: m } = part.pieces[0];
      const range = built.edges.ranges.find((r) => r.part === p)!;
      const local = g.edges!.positions;
      expect(range.vertexCount).toBe(local.length / 3);
      for (let k = 0; k < local.length; k += 3) {
        const point = new Float32Array(3);
        transformPoint(m, local, k, point, 0);
        const o = range.vertexStart * 3 + k;
        expect(Array.from(built.edges.positions.subarray(o, o + 3))).toEqual(Array.from(point));
      }
      expect(Array.from(built.edges.indices.subarray(range.indexStart, range.indexStart + range.indexCount))).toEqual(Array.from(g.edges!.indices).map((k) => k + range.vertexStart));
    });
  });
});
