/** The cutting CSV against formula injection (OWASP CSV injection), read as spreadsheets read it. */
import { describe, expect, it } from 'vitest';
import { cuttingCsv } from '../../../src/model/cutting/cuttingCsv';
import { planCutting } from '../../../src/model/cutting/cuttingPlan';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../../src/model/cutting/workshopSettings';
import { workshopPartsOf } from '../../../src/model/cutting/workshopParts';
import type { NamedTree } from '../../../src/model/parts/partsList';
import { formulaCells } from '../../helpers/csvCells';

function tree(cabinet: string, leaves: string[]): NamedTree {
  const nodes: Record<string, { rawName: string; children: string[] }> = { c: { rawName: cabinet, children: leaves.map((_, i) => `p${i}`) } };
  leaves.forEach((rawName, i) => (nodes[`p${i}`] = { rawName, children: [] }));
  return { roots: ['c'], nodes };
}

describe('cutting CSV and formula injection', () => {
  const job = tree('ok; =cab()+720x560x600mm|Run', [
    'ok, @x+720x18x560mm|Oak veneer\t-5',
    '=Side+720x18x560mm|Oak veneer; =HYPERLINK("http://x")',
    'Shelf\t-5+560x18x500mm|Melamine white, =1+1',
    'Door\r@SUM(1)+716x19x597mm|Oak veneer 19',
  ]);

  it('no cell begins with a formula starter, whether a spreadsheet splits on `,`, `;` or tab', () => {
    const plan = planCutting(workshopPartsOf(job, DEFAULT_WORKSHOP_SETTINGS), DEFAULT_WORKSHOP_SETTINGS, 'guillotine');
    expect(plan.placed.length).toBe(4);
    const csv = cuttingCsv(plan, 'mm').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(formulaCells(lines)).toEqual([]);
    // Still readable: the names are there, a quote mark before each starter.
    expect(csv).toContain(`"ok; '=cab()"`);
    expect(csv).toContain(`"ok, '@x"`);
  });
});
