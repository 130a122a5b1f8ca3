/**
 * The exploded view's positions: cabinets move apart as blocks first (the parts of a cabinet keep
 * their places relative to each other), then the parts of each cabinet apart from its centre;
 * factor 0 restores every vertex and bound exactly.
 */
import { describe, expect, it } from 'vitest';
import { boxGeometry } from '../../samples/boxGeometry';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import { applyOffsets, explodeOffsets, planExplode, restPoseOf } from '../../src/engine/geometry/explode';
import type { ModelSource, SourceGeometry } from '../../src/engine/geometry/modelSource';
import type { PartNode, PartTree } from '../../src/engine/types';

const translate = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
const box = boxGeometry([0.2, 0.2, 0.2], [-0.1, -0.1, -0.1]);
const geometry: SourceGeometry = { id: 0, kind: 'triangles', positions: box.positions, normals: box.normals, uvs: null, indices: box.indices };

/** A kitchen (root) of two cabinets, each of three parts in a row; cabinet A at x 0..1, cabinet B at x 3..4. */
function kitchen(): { source: ModelSource; tree: PartTree; partIds: string[] } {
  const partIds = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3'];
  const xs = [0, 0.5, 1, 3, 3.5, 4];
  const node = (id: string, parent: string | null, children: string[] = []): PartNode => ({ id, name: id, rawName: id, parent, children, size: null, additionalInfo: null, isVisible: true });
  const nodes: Record<string, PartNode> = {
    kitchen: node('kitchen', null, ['a', 'b']),
    a: node('a', 'kitchen', ['a1', 'a2', 'a3']),
    b: node('b', 'kitchen', ['b1', 'b2', 'b3']),
  };
  for (const id of partIds) nodes[id] = node(id, id.startsWith('a') ? 'a' : 'b');
  return {
    source: {
      parts: partIds.map((id, i) => ({ id, pieces: [{ geometry, material: 0, matrix: translate(xs[i]!, 0, 0) }] })),
      materials: [{ index: 0, name: 'm', color: [1, 1, 1], alpha: 1, doubleSided: false }],
    },
    tree: { roots: ['kitchen'], nodes },
    partIds,
  };
}

const centreX = (bounds: Float32Array, p: number) => (bounds[p * 6]! + bounds[p * 6 + 3]!) / 2;

describe('exploded view', () => {
  it('moves each cabinet as one block over the first half, then its parts apart', () => {
    const { source, tree, partIds } = kitchen();
    const built = buildBatches(source);
    const rest = restPoseOf(built);
    const plan = planExplode(tree, partIds, rest.partBounds, built.bounds);
    const at = (factor: number) => {
      applyOffsets(built, rest, explodeOffsets(plan, factor));
      return partIds.map((_, p) => centreX(built.partBounds, p));
    };
    const before = at(0);
    // Small and mid factors: within each cabinet every part moved by the same amount.
    for (const factor of [0.1, 0.25, 0.5]) {
      const moved = at(factor).map((x, p) => x - before[p]!);
      expect(moved[1]).toBeCloseTo(moved[0]!, 6);
      expect(moved[2]).toBeCloseTo(moved[0]!, 6);
      expect(moved[4]).toBeCloseTo(moved[3]!, 6);
      // The cabinets went apart: A to the left of the centre (x = 2), B to the right.
      expect(moved[0]).toBeLessThan(0);
      expect(moved[3]).toBeGreaterThan(0);
    }
    // Past half, the parts of a cabinet spread from its centre: the outer ones move apart.
    const full = at(1);
    const half = at(0.5);
    expect(full[2]! - full[0]!).toBeGreaterThan(half[2]! - half[0]!);
    // A part at its cabinet's centre stays there.
    expect(full[1]).toBeCloseTo(half[1]!, 6);
    expect(full[4]).toBeCloseTo(half[4]!, 6);
  });

  it('factor 0 restores every vertex and bound exactly, after any explosion', () => {
    const { source, tree, partIds } = kitchen();
    const built = buildBatches(source);
    const original = [...built.batches, built.edges].map((b) => b.positions.slice());
    const bounds = built.partBounds.slice();
    const rest = restPoseOf(built);
    const plan = planExplode(tree, partIds, rest.partBounds, built.bounds);
    for (const factor of [0.3, 1, 0.7]) applyOffsets(built, rest, explodeOffsets(plan, factor));
    expect([...built.batches, built.edges].some((b, i) => b.positions.some((v, k) => v !== original[i]![k]))).toBe(true);
    applyOffsets(built, rest, explodeOffsets(plan, 0));
    [...built.batches, built.edges].forEach((b, i) => expect(Array.from(b.positions)).toEqual(Array.from(original[i]!)));
    expect(Array.from(built.partBounds)).toEqual(Array.from(bounds));
  });
});
