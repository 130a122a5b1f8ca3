/** Viewer query parameters: filter steps, flags, stripping the filter. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PartNode, PartTree } from '../../../src/machines/viewer/viewerTypes';
import { parseViewerParams, resolveSteps, stripFilter } from '../../../src/machines/viewer/load/filterParams';

const node = (id: string, name: string, rawName = name): PartNode => ({
  id,
  name,
  rawName,
  children: [],
  parent: null,
  size: null,
  additionalInfo: null,
  isVisible: true,
});

describe('parseViewerParams', () => {
  it('has no filter by default', () => {
    expect(parseViewerParams('')).toEqual({ steps: [], mode: 'none', noMoveCamera: false, noFlash: false, part: null });
  });

  it('isolates with one filter', () => {
    expect(parseViewerParams('?filter=Door')).toMatchObject({ steps: [['Door']], mode: 'isolate' });
  });

  it('builds notice steps, + adding to the previous step', () => {
    expect(parseViewerParams('?filter=A&filter=%2BB&filter=C&filter=%2BD')).toMatchObject({
      steps: [['A'], ['A', 'B'], ['C'], ['C', 'D']],
      mode: 'notice',
    });
  });

  it('reads a literal + in the URL as "add to the previous step"', () => {
    expect(parseViewerParams('?filter=A&filter=+B%20left')).toMatchObject({ steps: [['A'], ['A', 'B left']] });
  });

  it('reads the flags', () => {
    expect(parseViewerParams('?noMoveCamera&noFlash=1')).toMatchObject({ noMoveCamera: true, noFlash: true });
    expect(parseViewerParams('?noMoveCamera=false&noFlash=0')).toMatchObject({ noMoveCamera: false, noFlash: false });
  });

  it('has as many steps as non-blank filters, each including the previous one when it starts with +', () => {
    const value = fc.tuple(fc.boolean(), fc.constantFrom('A', 'B', 'C', 'Side 18x500'));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), (values) => {
        const search = '?' + values.map(([plus, name]) => `filter=${encodeURIComponent((plus ? '+' : '') + name)}`).join('&');
        const { steps } = parseViewerParams(search);
        expect(steps).toHaveLength(values.length);
        values.forEach(([plus, name], i) => {
          expect(steps[i]).toContain(name);
          if (plus && i > 0) for (const previous of steps[i - 1]) expect(steps[i]).toContain(previous);
          if (!plus) expect(steps[i]).toEqual([name]);
        });
      }),
    );
  });
});

describe('resolveSteps', () => {
  it('matches display or encoded names, whole and case-insensitive', () => {
    const tree: PartTree = {
      roots: ['1', '2', '3'],
      nodes: { '1': node('1', 'Door', 'Door+700x18x400'), '2': node('2', 'Door', 'Door+700x18x400'), '3': node('3', 'Door frame') },
    };
    expect(resolveSteps(tree, [['door'], ['Door+700x18x400', 'Door frame'], ['Nope']])).toEqual([['1', '2'], ['1', '2', '3'], []]);
  });
});

describe('stripFilter', () => {
  it('removes every filter and keeps the rest', () => {
    expect(stripFilter('?filter=A&noFlash&filter=%2BB')).toBe('?noFlash=');
    expect(stripFilter('?filter=A')).toBe('');
    expect(stripFilter('')).toBe('');
  });
});
