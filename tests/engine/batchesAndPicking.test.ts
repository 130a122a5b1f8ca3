import { describe, expect, it } from 'vitest';
import { boxGeometry } from '../../samples/boxGeometry';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import { visibleIndices } from '../../src/engine/geometry/visibleIndices';
import type { ModelSource, SourceGeometry } from '../../src/engine/geometry/modelSource';
import { PartPicker } from '../../src/engine/geometry/partPicker';

const translate = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

/** A row of unit cubes along X (one shared geometry), two materials alternating. */
function row(count: number): ModelSource {
  const box = boxGeometry([1, 1, 1], [-0.5, -0.5, -0.5]);
  const geometry: SourceGeometry = { id: 0, kind: 'triangles', positions: box.positions, normals: box.normals, uvs: null, indices: box.indices };
  return {
    parts: Array.from({ length: count }, (_, i) => ({ id: String(i), pieces: [{ geometry, material: i % 2, matrix: translate(i * 2, 0, 0) }] })),
    materials: [0, 1].map((index) => ({ index, name: `m${index}`, color: [1, 1, 1] as [number, number, number], alpha: 1, doubleSided: false })),
  };
}

describe('buildBatches', () => {
  it('merges parts into one batch per material plus one edge batch', () => {
    const built = buildBatches(row(100));
    expect(built.batches).toHaveLength(2);
    expect(built.batches[0].ranges).toHaveLength(50);
    expect(built.edges.indices.length).toBe(100 * 24);
    expect(built.bounds).toEqual({ min: [-0.5, -0.5, -0.5], max: [198.5, 0.5, 0.5] });
    expect(Array.from(built.partBounds.subarray(6 * 3, 6 * 4))).toEqual([5.5, -0.5, -0.5, 6.5, 0.5, 0.5]);
  });

  it('places vertices in world space', () => {
    const built = buildBatches(row(2));
    const second = built.batches[1];
    const xs = Array.from(second.positions).filter((_, i) => i % 3 === 0);
    expect(Math.min(...xs)).toBe(1.5);
    expect(Math.max(...xs)).toBe(2.5);
  });

  it('writes only visible parts into index buffers', () => {
    const built = buildBatches(row(4));
    const visible = new Uint8Array([1, 0, 0, 1]);
    const out = new Uint32Array(built.batches[0].indices.length);
    expect(visibleIndices(built.batches[0], visible, out)).toBe(36); // part 0 only (part 2 hidden)
    expect(visibleIndices(built.batches[1], visible, out)).toBe(36); // part 3 only
  });
});

describe('PartPicker', () => {
  const built = buildBatches(row(1000));
  const picker = new PartPicker(built, 1000);
  const all = new Uint8Array(1000).fill(1);

  it('returns the nearest part along the ray', () => {
    // Looking along +X from the left: the first cube is hit first.
    const hit = picker.pick([-10, 0.1, 0.2], [1, 0, 0], all);
    expect(hit?.part).toBe(0);
    expect(hit?.point[0]).toBeCloseTo(-0.5, 9);
    expect(hit?.distance).toBeCloseTo(9.5, 9);
  });

  it('tests only the triangles of parts whose box the ray crosses', () => {
    const hit = picker.pick([500, 10, 0.1], [0, -1, 0], all);
    expect(hit?.part).toBe(250);
    expect(picker.lastTriangleTests).toBe(12);
  });

  it('skips hidden parts and what the clip plane removes', () => {
    const visible = new Uint8Array(all);
    visible[0] = 0;
    expect(picker.pick([-10, 0.1, 0.2], [1, 0, 0], visible)?.part).toBe(1);
    // Clip away everything with x < 3 (inverted plane at x = 3): the first kept cube is number 2.
    expect(picker.pick([-10, 0.1, 0.2], [1, 0, 0], all, { normal: [-1, 0, 0], d: 3 })?.part).toBe(2);
  });

  it('returns null when nothing is hit', () => {
    expect(picker.pick([-10, 5, 0], [1, 0, 0], all)).toBeNull();
  });

  it('offers a part\'s world vertices and edges for snapping', () => {
    const { vertices, edges } = picker.snapCandidates(3);
    expect(vertices.length).toBe(24 * 3);
    expect(edges.length).toBe(12 * 6);
    expect(Math.min(...Array.from(vertices).filter((_, i) => i % 3 === 0))).toBe(5.5);
  });
});
