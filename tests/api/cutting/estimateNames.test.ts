/** What the estimate and the diagrams show of a material: its name for people, one board per material within a thickness tolerance. */
import { describe, expect, it } from 'vitest';
import { planCutting, THICKNESS_TOLERANCE_MM } from '../../../src/model/cutting/cuttingPlan';
import { estimateLines } from '../../../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../../src/model/cutting/workshopSettings';
import { workshopPartsOf } from '../../../src/model/cutting/workshopParts';
import { materialLabel } from '../../../src/model/parts/materialLabel';
import type { NamedTree } from '../../../src/model/parts/partsList';

function tree(cabinets: [string, string[]][]): NamedTree {
  const nodes: Record<string, { rawName: string; children: string[] }> = {};
  const roots: string[] = [];
  cabinets.forEach(([cabinet, leaves], c) => {
    roots.push(`c${c}`);
    nodes[`c${c}`] = { rawName: cabinet, children: leaves.map((_, i) => `c${c}p${i}`) };
    leaves.forEach((rawName, i) => (nodes[`c${c}p${i}`] = { rawName, children: [] }));
  });
  return { roots, nodes };
}

describe('material names for people', () => {
  it('writes the part-name encoding of sizes as people do', () => {
    expect(materialLabel('Maple ply 0_3_4in')).toBe('Maple ply 3/4"');
    expect(materialLabel('Birch ply 1_1_2in')).toBe('Birch ply 1 1/2"');
    expect(materialLabel('Oak 1_2')).toBe('Oak 1/2');
    expect(materialLabel('MDF 18,5mm')).toBe('MDF 18,5mm');
    expect(materialLabel('MDF 18_1_2mm')).toBe('MDF 18 1/2 mm');
    expect(materialLabel('Walnut 1in')).toBe('Walnut 1"');
    expect(materialLabel('HDF 0_1_4in, back')).toBe('HDF 1/4", back');
    // Nothing else changes: names, plain numbers, words that end in "in" or "mm".
    expect(materialLabel('Lacquer grey 19')).toBe('Lacquer grey 19');
    expect(materialLabel('Melamine white 18')).toBe('Melamine white 18');
    expect(materialLabel('Lin naturel')).toBe('Lin naturel');
    expect(materialLabel('Pin 2in1')).toBe('Pin 2in1');
    expect(materialLabel('Ply_board')).toBe('Ply_board');
  });
});

describe('thicknesses within a tolerance are one board', () => {
  // The same fronts drawn in millimetres (19) and in inches (3/4 in = 19.05 mm).
  const job = tree([
    ['Base+720x560x600mm|Run', ['Door+716x19x597mm|Lacquer grey 19', 'Door+716x19x297mm|Lacquer grey 19']],
    ['Base+28x22x24in|Run', ['Door+28x0_3_4x23_3_4in|Lacquer grey 19', 'Side+28x0_3_4x22in|Maple ply 0_3_4in']],
    ['Base+720x560x600mm|Run', ['Side+720x18x560mm|Lacquer grey 19']],
  ]);

  it('gives Lacquer grey 19 one group at 19 mm, and keeps 18 mm apart', () => {
    expect(THICKNESS_TOLERANCE_MM).toBe(0.5);
    const plan = planCutting(workshopPartsOf(job, DEFAULT_WORKSHOP_SETTINGS), DEFAULT_WORKSHOP_SETTINGS, 'guillotine');
    expect(plan.groups.map((g) => [g.material, g.thickness, g.partCount])).toEqual([
      ['Lacquer grey 19', 18, 1],
      ['Lacquer grey 19', 19, 3],
      ['Maple ply 0_3_4in', 19.05, 1],
    ]);
    const boards = estimateLines(plan, DEFAULT_WORKSHOP_SETTINGS).filter((l) => l.kind === 'board');
    expect(boards.map((l) => [l.name, l.thickness])).toEqual([
      ['Lacquer grey 19', 18],
      ['Lacquer grey 19', 19],
      ['Maple ply 0_3_4in', 19.05],
    ]);
  });
});
