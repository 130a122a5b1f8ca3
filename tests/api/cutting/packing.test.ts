/** Both packers on generated jobs: every part once, inside the trimmed sheet, a kerf apart, grain kept; guillotine cuts replayed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packFree } from '../../../src/model/cutting/freePlacement';
import { packGuillotine } from '../../../src/model/cutting/guillotine';
import { areaLowerBound, type PackItem, type SheetStock } from '../../../src/model/cutting/packing';
import { layoutProblems, replayProblems } from './layoutChecks';

const stockArb: fc.Arbitrary<SheetStock> = fc.record({
  length: fc.integer({ min: 600, max: 3050 }),
  width: fc.integer({ min: 400, max: 2100 }),
  kerf: fc.constantFrom(0, 3.2, 4, 5),
  trim: fc.constantFrom(0, 5, 10, 15),
});

/** Parts mostly smaller than the sheet, some larger (to be reported), some square, some grain-locked. */
const itemsArb: fc.Arbitrary<PackItem[]> = fc
  .array(
    fc.record({
      length: fc.oneof(fc.integer({ min: 20, max: 1200 }), fc.integer({ min: 20, max: 3200 }), fc.double({ min: 10, max: 900, noNaN: true })),
      width: fc.oneof(fc.integer({ min: 20, max: 700 }), fc.double({ min: 10, max: 600, noNaN: true })),
      grainLocked: fc.boolean(),
      copies: fc.integer({ min: 1, max: 6 }),
    }),
    { minLength: 0, maxLength: 25 },
  )
  .map((specs) => specs.flatMap((spec, i) => Array.from({ length: spec.copies }, (_, c) => ({ id: `${i}.${c}`, length: spec.length, width: spec.width, grainLocked: spec.grainLocked }))));

describe.each([
  ['guillotine', packGuillotine],
  ['free placement', packFree],
] as const)('%s', (_name, pack) => {
  it('places every part exactly once, inside the trimmed sheet, a kerf apart, grain-locked parts unturned', () => {
    fc.assert(
      fc.property(itemsArb, stockArb, (items, stock) => {
        expect(layoutProblems(items, stock, pack(items, stock))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('never uses fewer sheets than the area bound, and not many more on a job of small parts', () => {
    fc.assert(
      fc.property(itemsArb, stockArb, (items, stock) => {
        const packing = pack(items, stock);
        const placed = items.filter((item) => !packing.oversized.includes(item.id));
        const bound = areaLowerBound(placed, stock);
        expect(packing.sheets.length).toBeGreaterThanOrEqual(bound);
        expect(packing.sheets.every((sheet) => sheet.placements.length > 0)).toBe(true);
      }),
      { numRuns: 100 },
    );
    // 300 parts of 400 x 300 on 2800 x 2070 (trim 10, kerf 4): 45 fit on a sheet by hand (6 x 6 + ...), so 7 sheets at most; the bound is 6.
    const items = Array.from({ length: 300 }, (_, i) => ({ id: String(i), length: 400, width: 300, grainLocked: false }));
    const stock = { length: 2800, width: 2070, kerf: 4, trim: 10 };
    expect(areaLowerBound(items, stock)).toBe(7);
    expect(pack(items, stock).sheets.length).toBeLessThanOrEqual(8);
  });

  it('turns a part that fits only turned, unless its grain forbids it', () => {
    const stock = { length: 2000, width: 1000, kerf: 4, trim: 10 };
    const free = pack([{ id: 'a', length: 900, width: 1500, grainLocked: false }], stock);
    expect(free.sheets[0].placements[0]).toMatchObject({ rotated: true, w: 1500, h: 900 });
    expect(pack([{ id: 'a', length: 900, width: 1500, grainLocked: true }], stock)).toEqual({ sheets: [], oversized: ['a'] });
  });
});

describe('guillotine cut sequence', () => {
  it('cuts every sheet by straight through-cuts in the printed order', () => {
    fc.assert(
      fc.property(itemsArb, stockArb, (items, stock) => {
        const packing = packGuillotine(items, stock);
        for (const sheet of packing.sheets) expect(replayProblems(stock, sheet.placements, sheet.cuts)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('is refused by the replay when a cut is out of order', () => {
    const stock = { length: 1000, width: 1000, kerf: 4, trim: 0 };
    const sheet = packGuillotine([{ id: 'a', length: 400, width: 300, grainLocked: false }, { id: 'b', length: 400, width: 300, grainLocked: false }], stock).sheets[0];
    expect(sheet.cuts.length).toBeGreaterThan(1);
    expect(replayProblems(stock, sheet.placements, [...sheet.cuts].reverse())).not.toEqual([]);
  });
});
