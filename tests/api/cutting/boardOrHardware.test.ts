/** Which leaves a workshop cuts from sheets and which it buys: small solid parts are hardware, whatever their material's name says. */
import { describe, expect, it } from 'vitest';
import { planCutting } from '../../../src/model/cutting/cuttingPlan';
import { estimateLines } from '../../../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../../src/model/cutting/workshopSettings';
import { workshopPartsOf } from '../../../src/model/cutting/workshopParts';
import type { NamedTree } from '../../../src/model/parts/partsList';

function tree(cabinet: string, leaves: string[]): NamedTree {
  const nodes: Record<string, { rawName: string; children: string[] }> = { c: { rawName: cabinet, children: leaves.map((_, i) => `p${i}`) } };
  leaves.forEach((rawName, i) => (nodes[`p${i}`] = { rawName, children: [] }));
  return { roots: ['c'], nodes };
}

describe('board parts and hardware', () => {
  const job = tree('Base 1+720x560x600mm|Run A', [
    'Side+720x19x560mm|Chipboard white 19',
    'Back+716x3x596mm|HDF 3',
    'Drawer bottom+500x8x450mm|Birch ply 8',
    'Block+100x19x50mm|Chipboard white 19',
    'Rail+560x19x30mm|Chipboard white 19',
    'Chipboard screw 4x16+16x8x8mm|Chipboard screw 4x16',
    'Chipboard screw 4x16+16x8x8mm|Chipboard screw 4x16',
    'Dowel+30x8x8mm|Beech',
    'Shelf pin+12x5x5mm|Brass',
    'Shelf pin+12x5x5mm|Wooden shelf pin',
    'Hinge+48x11,5x35mm|Clip top 110 deg',
    'Hinge plate+40x12x20mm|Steel',
    'Leg+100x40x40mm|Oak',
  ]);

  it('cuts the thin parts from sheets and counts screws, dowels, pins, hinges and legs as hardware', () => {
    const { parts, hardware } = workshopPartsOf(job, DEFAULT_WORKSHOP_SETTINGS);
    expect(parts.map((p) => p.name)).toEqual(['Side', 'Back', 'Drawer bottom', 'Block', 'Rail']);
    expect(hardware).toEqual([
      { name: 'Chipboard screw 4x16', quantity: 2 },
      { name: 'Dowel', quantity: 1 },
      { name: 'Shelf pin', quantity: 2 },
      { name: 'Hinge', quantity: 1 },
      { name: 'Hinge plate', quantity: 1 },
      { name: 'Leg', quantity: 1 },
    ]);
  });

  it('gives screws no sheet of their own and prices them as hardware in the estimate', () => {
    const plan = planCutting(workshopPartsOf(job, DEFAULT_WORKSHOP_SETTINGS), DEFAULT_WORKSHOP_SETTINGS, 'guillotine');
    expect(plan.groups.some((g) => /screw/i.test(g.material))).toBe(false);
    const lines = estimateLines(plan, DEFAULT_WORKSHOP_SETTINGS);
    expect(lines.find((l) => l.name === 'Chipboard screw 4x16')).toMatchObject({ kind: 'hardware', quantity: 2, unit: 'item' });
    expect(lines.filter((l) => l.kind === 'board' && /screw/i.test(l.name))).toEqual([]);
  });
});
