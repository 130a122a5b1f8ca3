/** Hierarchy search: properties (fast-check) and examples. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PartNode, PartTree } from '../../../src/machines/viewer/viewerTypes';
import { foundByMaterial, nextResult, searchTerms, searchTree, treeOrder } from '../../../src/machines/viewer/tools/hierarchySearch';

const node = (id: string, name: string, parent: string | null, children: string[] = []): PartNode => ({
  id,
  name,
  rawName: name,
  children,
  parent,
  size: null,
  additionalInfo: null,
  isVisible: true,
});

/** A flat tree: one root with leaves of the given names (ids are their indexes). */
function flatTree(names: string[]): PartTree {
  const ids = names.map((_, i) => String(i + 1));
  const nodes: Record<string, PartNode> = { root: node('root', 'Cabinet', null, ids) };
  names.forEach((name, i) => (nodes[ids[i]] = node(ids[i], name, 'root')));
  return { roots: ['root'], nodes };
}

const tree: PartTree = {
  roots: ['a', 'd'],
  nodes: {
    a: node('a', 'Base cabinet', null, ['b', 'c']),
    b: node('b', 'Door left', 'a'),
    c: node('c', 'Shelf', 'a'),
    d: node('d', 'Wall cabinet', null, ['e']),
    e: node('e', 'Door right', 'd'),
  },
};

describe('searchTerms', () => {
  it('splits on commas and the words OR / OU, trims, lowercases, drops empties', () => {
    expect(searchTerms(' Door , SHELF or Top OU base,, ')).toEqual(['door', 'shelf', 'top', 'base']);
    expect(searchTerms('Door OR')).toEqual(['door']);
  });

  it('keeps OR / OU inside words', () => {
    expect(searchTerms('Door, Drawer front')).toEqual(['door', 'drawer front']);
    expect(searchTerms('Colour')).toEqual(['colour']);
    expect(searchTerms('Côté ou tiroir')).toEqual(['côté', 'tiroir']);
  });

  it('never returns an empty or untrimmed term', () => {
    fc.assert(
      fc.property(fc.string(), (query) => {
        for (const term of searchTerms(query)) {
          expect(term).not.toBe('');
          expect(term).toBe(term.trim().toLowerCase());
        }
      }),
    );
  });
});

describe('searchTree', () => {
  it('matches by substring, any term, in tree order', () => {
    expect(searchTree(tree, 'door')).toEqual(['b', 'e']);
    expect(searchTree(tree, 'shelf OR wall')).toEqual(['c', 'd']);
    expect(searchTree(tree, '  ')).toEqual([]);
    expect(searchTree(tree, 'nothing')).toEqual([]);
  });

  it('ignores accents and case, in the query and in the names', () => {
    const t = flatTree(['Porte chêne', 'Étagère', 'Cote droit', 'Shelf']);
    expect(searchTree(t, 'chene')).toEqual(['1']);
    expect(searchTree(t, 'CHÊNE, etagere')).toEqual(['1', '2']);
    expect(searchTree(t, 'côté')).toEqual(['3']);
  });

  it('finds parts by their material too (what workshops search by), not by other extra info', () => {
    const withInfo = (id: string, name: string, info: string) => ({ ...node(id, name, 'root'), additionalInfo: info });
    const t: PartTree = {
      roots: ['root'],
      nodes: {
        root: node('root', 'Cabinet', null, ['1', '2', '3', '4']),
        1: withInfo('1', 'Door', 'Oak veneer, hinge right'),
        2: withInfo('2', 'Back', 'HDF'),
        3: withInfo('3', 'Shelf', 'Adjustable'),
        4: withInfo('4', 'Side', 'Chêne massif'),
      },
    };
    expect(searchTree(t, 'oak veneer')).toEqual(['1']);
    expect(searchTree(t, 'hdf')).toEqual(['2']);
    expect(searchTree(t, 'HDF, chene')).toEqual(['2', '4']);
    // "hinge" and "Adjustable" are notes, not materials.
    expect(searchTree(t, 'hinge')).toEqual([]);
    expect(searchTree(t, 'adjustable')).toEqual([]);
    // The row says which material matched; a match by name needs no word.
    expect(foundByMaterial(t.nodes['2'], 'hdf')).toBe('HDF');
    expect(foundByMaterial(t.nodes['1'], 'door, oak')).toBeNull();
    expect(foundByMaterial(t.nodes['3'], 'shelf')).toBeNull();
  });

  it('returns exactly the nodes whose lowercased name contains a term, in tree order', () => {
    const name = fc.constantFrom('Door', 'Shelf', 'Side panel', 'Back', 'Top', 'door 2');
    fc.assert(
      fc.property(fc.array(name, { maxLength: 12 }), fc.array(fc.constantFrom('door', 'SHELF', 'o', 'x', 'top'), { maxLength: 3 }), (names, terms) => {
        const t = flatTree(names);
        const results = searchTree(t, terms.join(', '));
        const expected = treeOrder(t).filter((id) => terms.some((term) => t.nodes[id].name.toLowerCase().includes(term.toLowerCase())));
        expect(results).toEqual(expected);
      }),
    );
  });
});

describe('nextResult', () => {
  it('goes to the current result, then the next one, wrapping', () => {
    expect(nextResult(['b', 'e'], null)).toBe('b');
    expect(nextResult(['b', 'e'], 'c')).toBe('b');
    expect(nextResult(['b', 'e'], 'b')).toBe('e');
    expect(nextResult(['b', 'e'], 'e')).toBe('b');
    expect(nextResult([], 'b')).toBeNull();
  });

  it('always lands on a result; pressing Enter n times visits every result once', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 20 }), (results) => {
        let current: string | null = null;
        const seen = new Set<string>();
        for (let i = 0; i < results.length; i++) {
          current = nextResult(results, current);
          expect(results).toContain(current);
          seen.add(current!);
        }
        expect(seen.size).toBe(results.length);
      }),
    );
  });
});
