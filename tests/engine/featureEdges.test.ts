import { describe, expect, it } from 'vitest';
import { boxGeometry } from '../../samples/boxGeometry';
import { featureEdges } from '../../src/engine/geometry/featureEdges';

function segments(e: ReturnType<typeof featureEdges>): string[] {
  const out: string[] = [];
  for (let i = 0; i < e.indices.length; i += 2) {
    const a = Array.from(e.positions.subarray(e.indices[i] * 3, e.indices[i] * 3 + 3));
    const b = Array.from(e.positions.subarray(e.indices[i + 1] * 3, e.indices[i + 1] * 3 + 3));
    out.push([a, b].map((p) => p.join(',')).sort().join(' '));
  }
  return out.sort();
}

describe('featureEdges', () => {
  it('finds the 12 edges of a box and none of its face diagonals', () => {
    const box = boxGeometry([2, 1, 0.5]);
    const e = featureEdges(box.positions, box.indices);
    expect(e.indices.length).toBe(24);
    expect(e.positions.length).toBe(8 * 3);
    for (const s of segments(e)) {
      const [a, b] = s.split(' ').map((p) => p.split(',').map(Number));
      const differing = a.filter((v, i) => v !== b[i]).length;
      expect(differing).toBe(1); // axis-aligned: never a diagonal
    }
  });

  it('keeps the outline of an open flat quad but not its diagonal', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    const e = featureEdges(positions, new Uint32Array([0, 1, 2, 0, 2, 3]));
    expect(segments(e)).toEqual(['0,0,0 0,1,0', '0,0,0 1,0,0', '0,1,0 1,1,0', '1,0,0 1,1,0']);
  });

  it('ignores smooth creases below 30 degrees', () => {
    // Two quads folded by 20 degrees share one edge, which is not a feature.
    const angle = (20 * Math.PI) / 180;
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, Math.sin(angle), 2, 1, Math.sin(angle)]);
    const indices = new Uint32Array([0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2]);
    const e = featureEdges(positions, indices);
    expect(segments(e)).not.toContain('1,0,0 1,1,0');
    expect(e.indices.length / 2).toBe(6);
  });
});
