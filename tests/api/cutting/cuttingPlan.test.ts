/** The plan of a revision from its part tree, its CSV and its estimate: a small job worked out by hand, and generated kitchens. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cuttingCsv } from '../../../src/model/cutting/cuttingCsv';
import { planCutting } from '../../../src/model/cutting/cuttingPlan';
import { estimateLines, totalOf } from '../../../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS, workshopSettingsProblems, workshopSettingsSchema, type WorkshopSettings } from '../../../src/model/cutting/workshopSettings';
import { workshopPartsOf } from '../../../src/model/cutting/workshopParts';
import type { NamedTree } from '../../../src/model/parts/partsList';
import { generateAssembly } from '../../../samples/generate';
import { namedTreeOf } from '../../../samples/namedTree';
import { layoutProblems } from './layoutChecks';

function tree(cabinet: string, leaves: string[]): NamedTree {
  const nodes: Record<string, { rawName: string; children: string[] }> = { c: { rawName: cabinet, children: leaves.map((_, i) => `p${i}`) } };
  leaves.forEach((rawName, i) => (nodes[`p${i}`] = { rawName, children: [] }));
  return { roots: ['c'], nodes };
}

const smallJob = tree('Base 1+720x560x600mm|Run A', [
  'Left side+720x18x560mm|Melamine white 18',
  'Right side+720x18x560mm|Melamine white 18',
  'Door+716x19x597mm|Oak veneer 19',
  'Hinge+48x11,5x35mm|Clip top 110 deg',
  'Hinge+48x11,5x35mm|Clip top 110 deg',
  'Handle+160x12x30|Bar handle 128',
  'Leg+100x40x40mm|Black plastic',
]);

const settings: WorkshopSettings = {
  ...DEFAULT_WORKSHOP_SETTINGS,
  defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, price: 40 },
  materials: [{ name: 'oak VENEER 19', sheetLength: 2500, sheetWidth: 1250, grain: true, kerf: 4, trim: 10, price: 30, priceUnit: 'm2' }],
  hardware: [{ name: 'hinge', price: 2.5 }, { name: 'Leg', price: 1.2 }],
  labourPerPart: 10,
};

describe('workshop parts', () => {
  it('takes boards as sheet parts in mm and counts the rest as hardware by name', () => {
    const { parts, hardware } = workshopPartsOf(smallJob, settings);
    expect(parts.map((p) => [p.name, p.material, p.length, p.width, p.thickness, p.cabinet])).toEqual([
      ['Left side', 'Melamine white 18', 720, 560, 18, 'Base 1'],
      ['Right side', 'Melamine white 18', 720, 560, 18, 'Base 1'],
      ['Door', 'Oak veneer 19', 716, 597, 19, 'Base 1'],
    ]);
    expect(hardware).toEqual([{ name: 'Hinge', quantity: 2 }, { name: 'Handle', quantity: 1 }, { name: 'Leg', quantity: 1 }]);
  });

  it('reads inches into millimetres', () => {
    const { parts } = workshopPartsOf(tree('Base+30x12x24in|Run', ['Side+30x0_3_4x11_1_4in|Maple ply']), settings);
    expect(parts[0]).toMatchObject({ length: 762, width: 285.75, thickness: 19.05 });
  });
});

describe('the estimate of a small job, by hand', () => {
  it('prices sheets, square metres of sheet, hardware and labour', () => {
    const plan = planCutting(workshopPartsOf(smallJob, settings), settings, 'guillotine');
    expect(plan.groups.map((g) => [g.material, g.thickness, g.sheets.length])).toEqual([
      ['Melamine white 18', 18, 1],
      ['Oak veneer 19', 19, 1],
    ]);
    // Melamine: 1 sheet x 40 = 40. Oak: one 2500 x 1250 sheet = 3.125 m² x 30 = 93.75.
    // Hinges 2 x 2.50 = 5; handle unpriced = 0; leg 1 x 1.20; labour 3 parts x 10 = 30.
    const lines = estimateLines(plan, settings);
    expect(lines.map((l) => [l.kind, l.name, l.quantity, l.amount, l.priced])).toEqual([
      ['board', 'Melamine white 18', 1, 40, true],
      ['board', 'Oak veneer 19', 3.125, 93.75, true],
      ['hardware', 'Hinge', 2, 5, true],
      ['hardware', 'Handle', 1, 0, false],
      ['hardware', 'Leg', 1, 1.2, true],
      ['labour', '', 3, 30, true],
    ]);
    expect(totalOf(lines)).toBe(169.95);
  });

  it('keeps a grained door unturned and numbers the parts in sheet order', () => {
    const plan = planCutting(workshopPartsOf(smallJob, settings), settings, 'free');
    expect(plan.placed.map((p) => p.number)).toEqual([1, 2, 3]);
    const door = plan.placed.find((p) => p.part.name === 'Door')!;
    expect(door).toMatchObject({ number: 3, rotated: false, w: 716, h: 597 });
  });
});

describe('generated kitchens', () => {
  it.each(['guillotine', 'free'] as const)('%s: every sheet part of a 600-part kitchen placed once, within sheets, kerf apart', (mode) => {
    const generated = namedTreeOf(generateAssembly({ parts: 600, seed: 3 }));
    const workshop = workshopPartsOf(generated, DEFAULT_WORKSHOP_SETTINGS);
    const plan = planCutting(workshop, DEFAULT_WORKSHOP_SETTINGS, mode);
    expect(plan.placed.length + plan.groups.reduce((s, g) => s + g.oversized.length, 0)).toBe(workshop.parts.length);
    expect(new Set(plan.placed.map((p) => p.number)).size).toBe(plan.placed.length);
    for (const group of plan.groups) {
      const stock = { length: group.sheet.sheetLength, width: group.sheet.sheetWidth, kerf: group.sheet.kerf, trim: group.sheet.trim };
      const items = group.sheets.flatMap((s) => s.parts).map((p) => ({ id: p.part.id, length: p.part.length, width: p.part.width, grainLocked: group.sheet.grain }));
      const packing = { oversized: [], sheets: group.sheets.map((s) => ({ cuts: s.cuts, placements: s.parts.map((p) => ({ id: p.part.id, x: p.x, y: p.y, w: p.w, h: p.h, rotated: p.rotated })) })) };
      expect(layoutProblems(items, stock, packing)).toEqual([]);
      expect(group.sheets.length).toBeGreaterThanOrEqual(group.lowerBound);
      expect(group.waste).toBeGreaterThanOrEqual(0);
    }
    const csv = cuttingCsv(plan, 'mm').split('\r\n');
    // Header, one row per placed part, a blank line, the summary header and one row per material.
    expect(csv.indexOf('')).toBe(plan.placed.length + 1);
    expect(csv.length).toBe(plan.placed.length + 1 + 1 + 1 + plan.groups.length + 1);
  });
});

describe('cutting CSV', () => {
  it('gives each part its sheet, number, size and position, and a summary per material, in mm or inches', () => {
    const plan = planCutting(workshopPartsOf(smallJob, settings), settings, 'guillotine');
    const lines = cuttingCsv(plan, 'in').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('material,thickness,sheet,number,cabinet,part,length,width,x,y,rotated,unit');
    const door = plan.placed.find((p) => p.part.name === 'Door')!;
    // 716 x 597 mm at the trim (10 mm) = 28.189 x 23.504 in at 0.394, 0.394.
    expect(lines).toContain(`"Oak veneer 19",0.748,1,${door.number},"Base 1","Door",28.189,23.504,0.394,0.394,no,"in"`);
    const summary = lines.slice(lines.indexOf('') + 2, -1);
    const oak = plan.groups[1];
    // One sheet, bound 1, one part, waste 1 - (716 x 597) / (2500 x 1250). Cut length: the four trims,
    // then (the leftover across, 1764 mm, longer than the one along, 633) a crosscut through the
    // whole trimmed width, 1230 mm, and a rip of 716 mm freeing the door.
    expect(summary[1]).toBe(`"Oak veneer 19",0.748,1,1,1,${((1 - (716 * 597) / (2500 * 1250)) * 100).toFixed(1)},${Math.round((oak.cutLength / 25.4) * 1000) / 1000},0,"in"`);
    expect(oak.cutLength).toBe(2 * (2500 + 1250) + (1250 - 20) + 716);
    expect(oak.sheets[0].cuts.map((c) => c.direction)).toEqual(['vertical', 'horizontal']);
  });
});

describe('settings', () => {
  it('refuses a trim that leaves no sheet and a material listed twice', () => {
    const bad = { ...settings, materials: [...settings.materials, { ...settings.materials[0], name: 'Oak Veneer 19', trim: 100, sheetWidth: 150 }] };
    expect(workshopSettingsProblems(bad).map((p) => p.code).sort()).toEqual(['duplicateMaterial', 'trimLeavesNoSheet']);
    expect(workshopSettingsProblems(settings)).toEqual([]);
    expect(workshopSettingsSchema.safeParse({ ...settings, currency: 'euro' }).success).toBe(false);
    expect(workshopSettingsSchema.safeParse({ ...settings, labourPerPart: -1 }).success).toBe(false);
  });
});

describe('workshop parts of any tree', () => {
  it('count every leaf once, as a board part or as hardware', () => {
    const leafName = fc.oneof(
      fc.constantFrom('Side+720x18x560mm|Melamine white 18', 'Door+716x19x597mm|Oak veneer 19', 'Back+30x0_1_4x24in|HDF'),
      fc.constantFrom('Hinge+48x11,5x35mm|Clip top 110 deg', 'Leg+100x40x40mm|Black plastic', 'Glass shelf+500x6x300mm|Glass', 'Odd part', 'Panel+0x18x500mm|Oak'),
    );
    const cabinet = fc.array(leafName, { minLength: 0, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(cabinet, { minLength: 1, maxLength: 5 }), fc.array(leafName, { maxLength: 3 }), (cabinets, loose) => {
        const nodes: Record<string, { rawName: string; children: string[] }> = {};
        let next = 0;
        const leaf = (name: string) => {
          const id = `l${next++}`;
          nodes[id] = { rawName: name, children: [] };
          return id;
        };
        const roots = [...cabinets.map((leaves, i) => {
          const id = `c${i}`;
          nodes[id] = { rawName: `Cabinet ${i}+720x560x600mm|Run`, children: leaves.map(leaf) };
          return id;
        }), ...loose.map(leaf)];
        const { parts, hardware } = workshopPartsOf({ roots, nodes }, DEFAULT_WORKSHOP_SETTINGS);
        // Every node without children is a leaf (an empty cabinet too).
        const leaves = Object.values(nodes).filter((n) => n.children.length === 0).length;
        expect(parts.length + hardware.reduce((sum, h) => sum + h.quantity, 0)).toBe(leaves);
        expect(new Set(parts.map((p) => p.id)).size).toBe(parts.length);
        expect(parts.every((p) => p.length > 0 && p.width > 0 && p.thickness > 0 && !/glass|plastic/i.test(p.material))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
