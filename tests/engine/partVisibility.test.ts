import { describe, expect, it } from 'vitest';
import { PartVisibility } from '../../src/engine/parts/partVisibility';
import type { PartNode, PartTree } from '../../src/engine/types';

// root(0) -> cab A(1) -> panels 2, 3 ; cab B(4) -> panel 5, drawer(6) -> panel 7
function tree(): PartTree {
  const shape: Record<string, string[]> = { 0: ['1', '4'], 1: ['2', '3'], 4: ['5', '6'], 6: ['7'], 2: [], 3: [], 5: [], 7: [] };
  const parents: Record<string, string | null> = { 0: null, 1: '0', 2: '1', 3: '1', 4: '0', 5: '4', 6: '4', 7: '6' };
  const nodes: Record<string, PartNode> = {};
  for (const id of Object.keys(shape)) {
    nodes[id] = { id, name: id, rawName: id, children: shape[id], parent: parents[id], size: null, additionalInfo: null, isVisible: true };
  }
  return { roots: ['0'], nodes };
}
const parts = new Map([['2', 0], ['3', 1], ['5', 2], ['7', 3]]);

describe('PartVisibility', () => {
  it('isolates a cabinet and reports every node that changed', () => {
    const v = new PartVisibility(tree(), parts);
    const changes = v.isolate(['1']);
    expect(Array.from(v.visible)).toEqual([1, 1, 0, 0]);
    expect(changes.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: '4', isVisible: false },
      { id: '5', isVisible: false },
      { id: '6', isVisible: false },
      { id: '7', isVisible: false },
    ]);
    expect(v.isVisible('0')).toBe(true); // a parent with a visible child stays visible
  });

  it('hides and shows subtrees; a group is hidden when all its children are', () => {
    const v = new PartVisibility(tree(), parts);
    v.hide(['6']);
    expect(Array.from(v.visible)).toEqual([1, 1, 1, 0]);
    expect(v.isVisible('4')).toBe(true);
    const changes = v.hide(['5']);
    expect(changes).toContainEqual({ id: '4', isVisible: false });
    expect(v.isVisible('0')).toBe(true);
    v.show(['7']);
    expect(v.isVisible('4')).toBe(true);
    expect(v.isVisible('6')).toBe(true);
  });

  it('shows everything again and reports nothing when nothing changed', () => {
    const v = new PartVisibility(tree(), parts);
    v.isolate(['7']);
    expect(Array.from(v.visible)).toEqual([0, 0, 0, 1]);
    v.showAll();
    expect(Array.from(v.visible)).toEqual([1, 1, 1, 1]);
    expect(v.showAll()).toEqual([]);
  });
});
