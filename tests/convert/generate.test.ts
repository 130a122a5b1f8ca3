import { describe, expect, it } from 'vitest';
import { countParts, generateAssembly } from '../../samples/generate.js';
import type { AssemblyNode } from '../../samples/assembly.js';
import { formatInches, formatMillimetres } from '../../samples/dimensionText.js';

const walk = (node: AssemblyNode, visit: (n: AssemblyNode, depth: number) => void, depth = 0) => {
  visit(node, depth);
  node.children.forEach((c) => walk(c, visit, depth + 1));
};

describe('generateAssembly', () => {
  it.each([10, 60, 999, 10_000])('makes exactly %i parts', (parts) => {
    const assembly = generateAssembly({ parts });
    expect(assembly.partCount).toBe(parts);
    expect(countParts(assembly.root)).toBe(parts);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = JSON.stringify(generateAssembly({ parts: 500, seed: 3 }));
    expect(JSON.stringify(generateAssembly({ parts: 500, seed: 3 }))).toBe(a);
    expect(JSON.stringify(generateAssembly({ parts: 500, seed: 4 }))).not.toBe(a);
  });

  it('names every node `Display+Dimensions|Extra`, cabinets uniquely', () => {
    const assembly = generateAssembly({ parts: 1000 });
    const cabinets = assembly.root.children.map((c) => c.name.split('+')[0]);
    expect(new Set(cabinets).size).toBe(cabinets.length);
    expect(cabinets).toContain('Base cabinet 1');
    expect(cabinets).toContain('Wall cabinet 1');
    walk(assembly.root, (node) => expect(node.name).toMatch(/^[^+|]+\+[0-9_,x]+(mm|in)?\|[^+|]+$/));
  });

  it('uses comma decimals, inch fractions, hardware repeats and drawer sub-assemblies', () => {
    const names: string[] = [];
    let depth = 0;
    walk(generateAssembly({ parts: 1000 }).root, (node, d) => {
      names.push(node.name);
      depth = Math.max(depth, d);
    });
    expect(names.some((n) => /\+[^|]*\d,\d/.test(n))).toBe(true);
    expect(names.some((n) => /\+[^|]*\d+_\d+_\d+[^|]*in\|/.test(n))).toBe(true);
    expect(names.filter((n) => n.startsWith('Hinge+')).length).toBeGreaterThan(20);
    expect(names.some((n) => n.startsWith('Drawer 1+'))).toBe(true);
    expect(depth).toBe(3);
  });

  it('gives every part a positive box and a known material', () => {
    const assembly = generateAssembly({ parts: 300, seed: 9 });
    walk(assembly.root, (node) => {
      if (!node.box) return;
      expect(node.box.size.every((v) => v > 0)).toBe(true);
      expect(assembly.materials[node.material!]).toBeDefined();
    });
  });

  it('formats dimensions as the part-name parser expects', () => {
    expect(formatMillimetres(298.5)).toBe('298,5');
    expect(formatMillimetres(720)).toBe('720');
    expect(formatInches(23.5)).toBe('23_1_2');
    expect(formatInches(0.75)).toBe('0_3_4');
    expect(formatInches(11.9375)).toBe('11_15_16');
    expect(formatInches(30)).toBe('30');
  });
});
