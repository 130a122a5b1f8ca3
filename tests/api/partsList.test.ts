/** The parts-list module shared by the server's CSV and the viewer's panel: cabinets, grouping, values, CSV cells. */
import { describe, expect, it } from 'vitest';
import { materialOf } from '../../src/model/parts/partMaterial';
import { buildPartsList, cabinetsOf, formatFraction, formatPartValue, partsListCsv, valueIn, type NamedTree } from '../../src/model/parts/partsList';

/** A tree from nested [name, children] pairs. */
function tree(...roots: Spec[]): NamedTree {
  const nodes: Record<string, { rawName: string; children: string[] }> = {};
  let next = 0;
  const add = ([rawName, children = []]: Spec): string => {
    const id = String(next++);
    nodes[id] = { rawName, children: [] };
    nodes[id].children = children.map(add);
    return id;
  };
  return { roots: roots.map(add), nodes };
}
type Spec = [string, Spec[]?];

const side: Spec = ['Left side+720x18x560mm|Melamine white 18'];

describe('cabinets', () => {
  it('opens a lone kitchen node and a wrapper to reach the cabinets', () => {
    const t = tree(['RootNode', [['Kitchen+1x2x3mm|seed', [['Base 1+720x560x600mm|Run A', [side]], ['Base 2+720x560x600mm|Run A', [side]]]]]]);
    const found = cabinetsOf(t).cabinets.map((id) => t.nodes[id].rawName);
    expect(found).toEqual(['Base 1+720x560x600mm|Run A', 'Base 2+720x560x600mm|Run A']);
  });

  it('takes a single cabinet as it is, its drawers counting for it', () => {
    const t = tree(['Base+720x560x600mm|Run A', [side, side, ['Drawer 1+141x522x600mm|Soft close', [['Front+597x19x141mm|Oak']]]]]);
    const list = buildPartsList(t);
    expect(list.cabinets.map((c) => c.name)).toEqual(['Base']);
    expect(list.cabinets[0].rows).toEqual([
      { name: 'Left side', quantity: 2, dimensions: { unit: 'mm', values: [720, 560, 18] }, info: 'Melamine white 18' },
      { name: 'Front', quantity: 1, dimensions: { unit: 'mm', values: [597, 141, 19] }, info: 'Oak' },
    ]);
    expect(list.totals).toEqual([{ material: 'Melamine white 18', quantity: 2 }, { material: 'Oak', quantity: 1 }]);
  });

  it('lists loose parts under no cabinet, and filters by raw name where display names repeat', () => {
    const t = tree(['Worktop+3000x40x600mm|Oak'], ['Base+720x560x600mm|Run A', [side]], ['Base+720x560x400mm|Run A', [side]]);
    const list = buildPartsList(t);
    expect(list.cabinets.map((c) => [c.id === null, c.name, c.filterName])).toEqual([
      [true, '', ''],
      [false, 'Base', 'Base+720x560x600mm|Run A'],
      [false, 'Base', 'Base+720x560x400mm|Run A'],
    ]);
    expect(list.partCount).toBe(3);
  });
});

describe('totals per material', () => {
  it('count only what names a material: notes in the extra info go under no material', () => {
    const t = tree([
      'Base+720x560x600mm|Run A',
      [
        ['Shelf+560x18x522mm|Adjustable'],
        ['Shelf+560x18x522mm|Adjustable'],
        ['Door+716x19x597mm|Oak, hinge right'],
        ['Door+716x19x597mm|Hinge left, oak'],
        ['Front+141x19x597mm|Chêne massif'],
        ['Front+141x19x597mm|chene massif'],
        ['Back+716x8x597mm|HDF 8'],
        ['Side+720x18,5x560mm|Melamine white 18,5'],
        ['Hinge+48x11,5x35mm|Clip top 110 deg'],
        ['Runner+500x12x45mm|Soft close'],
        ['Leg+100x40x40mm'],
      ],
    ]);
    const list = buildPartsList(t);
    // Materials in order of first appearance, the same material written alike together; parts
    // without a material last.
    expect(list.totals).toEqual([
      { material: 'Oak', quantity: 2 },
      { material: 'Chêne massif', quantity: 2 },
      { material: 'HDF 8', quantity: 1 },
      { material: 'Melamine white 18,5', quantity: 1 },
      { material: '', quantity: 5 },
    ]);
    // The rows keep the whole extra info.
    expect(list.cabinets[0].rows.map((r) => r.info)).toContain('Oak, hinge right');
    expect(list.totals.reduce((sum, total) => sum + total.quantity, 0)).toBe(list.partCount);
  });

  it('read the material from the extra info by the documented rule', () => {
    expect(materialOf('Melamine white 18')).toBe('Melamine white 18');
    expect(materialOf('Maple ply 0_3_4in')).toBe('Maple ply 0_3_4in');
    expect(materialOf('Oak, hinge right')).toBe('Oak');
    expect(materialOf('hinge right, Oak veneer 19')).toBe('Oak veneer 19');
    expect(materialOf('Contre-plaqué bouleau 12')).toBe('Contre-plaqué bouleau 12');
    expect(materialOf('Verre trempé')).toBe('Verre trempé');
    expect(materialOf('Adjustable')).toBeNull();
    expect(materialOf('Adjustable black')).toBeNull();
    expect(materialOf('Hinge pin')).toBeNull();
    expect(materialOf('')).toBeNull();
  });
});

describe('values', () => {
  it('reads fractions and decimal commas, and converts with SPEC §9 (1 m = 39.3701 in)', () => {
    const list = buildPartsList(tree(['Cab+34_1_2x23_1_4x24in|Run', [['Side+34_1_2x0_3_4x23_1_4in|Maple'], ['Hinge+48x11,5x35mm|Clip']]]));
    const [cab] = list.cabinets;
    expect(cab.dimensions).toEqual({ unit: 'in', values: [34.5, 23.25, 24] });
    expect(cab.rows[0].dimensions).toEqual({ unit: 'in', values: [34.5, 23.25, 0.75] });
    expect(cab.rows[1].dimensions).toEqual({ unit: 'mm', values: [48, 35, 11.5] });
    expect(valueIn(0.75, 'in', 'mm')).toBe(19.0); // 19.04998 mm with SPEC's inch
    expect(valueIn(563.5, 'mm', 'in')).toBe(22.185);
    expect(valueIn(23.75, 'in', 'in')).toBe(23.75);
  });

  it('shows inches as sixteenths on request', () => {
    expect(formatFraction(23.75)).toBe('23 3/4');
    expect(formatFraction(0.75)).toBe('3/4');
    expect(formatFraction(12)).toBe('12');
    expect(formatFraction(22.42)).toBe('22 7/16');
    expect(formatPartValue(19.05, 'mm', 'in', 'fraction')).toBe('3/4');
    expect(formatPartValue(563.5, 'mm', 'mm', 'fraction')).toBe('563.5');
    expect(formatPartValue(null, 'mm', 'mm')).toBe('');
  });
});

describe('CSV', () => {
  it('quotes every text cell and keeps formulas from running', () => {
    const csv = partsListCsv(buildPartsList(tree(['=HYPERLINK("x"),+1x2x3mm|Info, with comma', [['Panel "A"+10x1x5mm|-5 grade']]])), 'mm');
    expect(csv.startsWith('\uFEFFcabinet,part,quantity,length,width,thickness,unit,info\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x""),","",1,1,2,3,"mm","Info, with comma"`);
    expect(lines[2]).toBe(`"'=HYPERLINK(""x""),","Panel ""A""",1,10,5,1,"mm","'-5 grade"`);
    expect(lines[3]).toBe('');
  });
});
