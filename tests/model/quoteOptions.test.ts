/** The options' own rules: the selection in a URL, names made ids, the selection kept to what a group offers. */
import { describe, expect, it } from 'vitest';
import { formatSelection, idOfName, normalSelection, parseSelection, quoteOptionsProblems, type QuoteOptions } from '../../src/model/quote/quoteOptions';
import { withChoices } from '../../src/model/quote/quotePrice';

const options: QuoteOptions = {
  validityDays: 30,
  groups: [
    {
      id: 'fronts',
      name: 'Fronts',
      bind: { kind: 'material', name: 'Oak veneer 19' },
      choices: [
        { id: 'oak', name: 'Oak', colour: '#aa8855', board: '', price: { kind: 'fixed', amount: 0 } },
        { id: 'white', name: 'White', colour: '#ffffff', board: 'White MDF 19', price: { kind: 'fixed', amount: 100 } },
      ],
    },
  ],
};

describe('selection in a URL', () => {
  it('reads back what it wrote, and skips what is not a pair of ids', () => {
    expect(parseSelection(formatSelection({ fronts: 'white', carcass: 'grey-2' }))).toEqual({ fronts: 'white', carcass: 'grey-2' });
    expect(parseSelection('fronts.white,,bad,Caps.X,a.b.c,x.<script>')).toEqual({ fronts: 'white' });
    expect(parseSelection(null)).toEqual({});
  });

  it('keeps only choices a group offers other than the model’s own', () => {
    expect(normalSelection(options, { fronts: 'white', other: 'x' })).toEqual({ fronts: 'white' });
    expect(normalSelection(options, { fronts: 'oak' })).toEqual({});
    expect(normalSelection(options, { fronts: 'walnut' })).toEqual({});
  });
});

describe('ids of names', () => {
  it('folds accents and case and avoids the ids taken', () => {
    expect(idOfName('Façades laquées')).toBe('facades-laquees');
    expect(idOfName('Fronts', new Set(['fronts', 'fronts-2']))).toBe('fronts-3');
    expect(idOfName('***')).toBe('option');
  });
});

describe('problems', () => {
  it('names a group bound to nothing and ids given twice', () => {
    const twice = { ...options, groups: [options.groups[0], options.groups[0]] };
    expect(quoteOptionsProblems(twice).map((p) => p.code)).toEqual(['duplicateGroup']);
    expect(quoteOptionsProblems(options, () => 0)).toEqual([{ code: 'bindsNothing', group: 'Fronts' }]);
    expect(quoteOptionsProblems(options, () => 3)).toEqual([]);
  });
});

describe('the workshop’s parts of a selection', () => {
  it('gives the bound boards the chosen board, accents and case aside, and leaves the others', () => {
    const part = (material: string) => ({ id: material, cabinet: '', cabinetFilter: '', name: 'Door', rawName: 'Door', material, length: 700, width: 400, thickness: 19 });
    const parts = { parts: [part('OAK veneer 19'), part('Melamine 18')], hardware: [] };
    expect(withChoices(parts, options, { fronts: 'white' }).parts.map((p) => p.material)).toEqual(['White MDF 19', 'Melamine 18']);
    expect(withChoices(parts, options, {}).parts.map((p) => p.material)).toEqual(['OAK veneer 19', 'Melamine 18']);
  });
});
