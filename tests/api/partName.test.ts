import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWallCabinetName, parseDimension, parsePartName } from '../../src/model/parts/partName';
import { encodeName, formatDimensions } from '../../samples/dimensionText';

describe('parsePartName', () => {
  it('reads a panel with its size and extra info', () => {
    const p = parsePartName('Left side+720x560x18mm|Melamine white 18', 'panel');
    expect(p.displayName).toBe('Left side');
    expect(p.size).toEqual({ unit: 'mm', values: [720, 560, 18], labels: ['length', 'thickness', 'width'] });
    expect(p.extraInfo).toBe('Melamine white 18');
  });

  it('reads a cabinet with decimal commas, inches and fractions', () => {
    const p = parsePartName('Base cabinet 1+34_1_2x23,25x24in|Run A', 'cabinet');
    expect(p.size).toEqual({ unit: 'in', values: [34.5, 23.25, 24], labels: ['height', 'depth', 'width'] });
  });

  it('keeps plain names whole and tolerates missing parts', () => {
    expect(parsePartName('Hinge', 'panel')).toEqual({ displayName: 'Hinge' });
    expect(parsePartName('Shelf|Oak', 'panel')).toEqual({ displayName: 'Shelf', extraInfo: 'Oak' });
    expect(parsePartName('Door+not a size', 'panel')).toEqual({ displayName: 'Door' });
    expect(parsePartName('Door+600x18', 'panel').size?.unit).toBe('mm');
  });

  it('parses fractions', () => {
    expect(parseDimension('23_1_2')).toBe(23.5);
    expect(parseDimension('3_4')).toBe(0.75);
    expect(parseDimension('1_1_0')).toBeNaN();
    expect(parseDimension('12,5')).toBe(12.5);
    expect(parseDimension('')).toBeNaN();
  });

  it('reads back any name the sample generator encodes (property)', () => {
    const nameArb = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/[+|]/.test(s) && s.trim() === s && s.length > 0);
    const infoArb = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s.length > 0);
    // What the generator writes: millimetres to 0.1, inches to 1/16.
    const valuesArb = (unit: 'mm' | 'in') =>
      fc.array(fc.integer({ min: 0, max: 100000 }).map((n) => (unit === 'mm' ? n / 10 : n / 16)), { minLength: 1, maxLength: 3 });
    const caseArb = fc.constantFrom('mm' as const, 'in' as const).chain((unit) => fc.tuple(fc.constant(unit), valuesArb(unit)));
    fc.assert(
      fc.property(nameArb, caseArb, infoArb, (name, [unit, values], info) => {
        const parsed = parsePartName(encodeName(name, formatDimensions(values, unit), info), 'panel');
        expect(parsed.displayName).toBe(name);
        expect(parsed.size?.values).toEqual(values);
        expect(parsed.size?.unit).toBe(unit);
        expect(parsed.extraInfo).toBe(info);
      }),
    );
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom('panel' as const, 'cabinet' as const), (s, k) => typeof parsePartName(s, k).displayName === 'string'));
  });
});

describe('isWallCabinetName', () => {
  it('knows wall cabinets by the names cabinet software gives them, and nothing else', () => {
    for (const name of ['Wall cabinet 3', 'Upper unit 600', 'Meuble haut 60', 'Élément haut', 'Hängeschrank 60', 'Oberschrank', 'Pensile 90']) expect(isWallCabinetName(name), name).toBe(true);
    for (const name of ['Base cabinet 1', 'Tall unit', 'Meuble bas 60', 'Wallace drawer', 'Hauteur 720', 'Unterschrank']) expect(isWallCabinetName(name), name).toBe(false);
  });
});
