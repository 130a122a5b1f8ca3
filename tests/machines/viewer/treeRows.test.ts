/** Tree rows: only expanded branches are walked; ancestors of a node. */
import { describe, expect, it } from 'vitest';
import { ancestorsOf, ancestorsOfAll, visibleRows } from '../../../src/machines/viewer/tools/treeRows';
import type { PartNode, PartTree } from '../../../src/machines/viewer/viewerTypes';

const node = (id: string, parent: string | null, children: string[] = []): PartNode => ({
  id,
  name: id,
  rawName: id,
  children,
  parent,
  size: null,
  additionalInfo: null,
  isVisible: true,
});
const tree: PartTree = {
  roots: ['a', 'x'],
  nodes: { a: node('a', null, ['b', 'c']), b: node('b', 'a', ['d']), c: node('c', 'a'), d: node('d', 'b'), x: node('x', null) },
};

describe('visibleRows', () => {
  it('lists roots, and children of expanded nodes only, with depth', () => {
    expect(visibleRows(tree, new Set()).map((r) => r.id)).toEqual(['a', 'x']);
    expect(visibleRows(tree, new Set(['a', 'b']))).toEqual([
      { id: 'a', depth: 0, hasChildren: true },
      { id: 'b', depth: 1, hasChildren: true },
      { id: 'd', depth: 2, hasChildren: false },
      { id: 'c', depth: 1, hasChildren: false },
      { id: 'x', depth: 0, hasChildren: false },
    ]);
    // A child whose parent is collapsed stays hidden even if it is itself expanded.
    expect(visibleRows(tree, new Set(['b'])).map((r) => r.id)).toEqual(['a', 'x']);
  });
});

describe('ancestorsOf', () => {
  it('gives the parents, nearest first', () => {
    expect(ancestorsOf(tree, 'd')).toEqual(['b', 'a']);
    expect(ancestorsOf(tree, 'a')).toEqual([]);
  });
});

describe('ancestorsOfAll', () => {
  it('gives the ancestors of several nodes together, each once', () => {
    expect([...ancestorsOfAll(tree, ['d', 'c', 'x'])].sort()).toEqual(['a', 'b']);
    expect(ancestorsOfAll(tree, []).size).toBe(0);
  });
});
