/**
 * The cutting plan of a revision: its sheet parts grouped by material and thickness (thicknesses
 * within THICKNESS_TOLERANCE_MM together), each group packed onto its material's sheets
 * (guillotine for a panel saw, free placement for CNC nesting),
 * parts numbered 1..n in sheet order (the number on the diagram and on the part's label), with
 * the figures a workshop buys and quotes from: sheets, used area, waste, cut length.
 */
import { foldForSearch } from '../text/textFold';
import { packFree } from './freePlacement';
import { packGuillotine } from './guillotine';
import { areaLowerBound, type Cut, type PackingMode, type PackItem, type SheetStock } from './packing';
import { sheetSettingsOf, type SheetSettings, type WorkshopSettings } from './workshopSettings';
import type { HardwareCount, SheetPart, WorkshopParts } from './workshopParts';

export interface PlacedPart {
  number: number;
  part: SheetPart;
  x: number;
  y: number;
  w: number;
  h: number;
  rotated: boolean;
}

export interface SheetLayout {
  /** 1-based, within its group. */
  index: number;
  parts: PlacedPart[];
  cuts: Cut[];
  usedArea: number;
}

export interface MaterialGroup {
  material: string;
  thickness: number;
  sheet: SheetSettings;
  sheets: SheetLayout[];
  /** Parts larger than the trimmed sheet: not on any sheet. */
  oversized: SheetPart[];
  partCount: number;
  /** Total part area over the trimmed sheet's area, rounded up. */
  lowerBound: number;
  /** mm² of parts and of sheets. */
  usedArea: number;
  sheetArea: number;
  /** 0..1: the share of the sheets bought that is not parts. */
  waste: number;
  /** mm: guillotine, the saw's cuts (edge trims included); free placement, the parts' outlines (the cutter's path). */
  cutLength: number;
}

export interface CuttingPlan {
  mode: PackingMode;
  groups: MaterialGroup[];
  hardware: HardwareCount[];
  /** Every placed part in number order. */
  placed: PlacedPart[];
}

function stockOf(sheet: SheetSettings): SheetStock {
  return { length: sheet.sheetLength, width: sheet.sheetWidth, kerf: sheet.kerf, trim: sheet.trim };
}

function cutLengthOf(mode: PackingMode, sheet: SheetSettings, layout: Omit<SheetLayout, 'index'>): number {
  if (mode === 'free') return layout.parts.reduce((sum, p) => sum + 2 * (p.w + p.h), 0);
  const trims = sheet.trim > 0 ? 2 * (sheet.sheetLength + sheet.sheetWidth) : 0;
  return trims + layout.cuts.reduce((sum, c) => sum + (c.to - c.from), 0);
}

/**
 * Thicknesses of one material this close (mm) are one board: the same 19 mm front drawn in
 * millimetres (19) and in inches (3/4 in, 19.05) is cut from the same sheets.
 */
export const THICKNESS_TOLERANCE_MM = 0.5;

interface PartGroup {
  material: string;
  thickness: number;
  parts: SheetPart[];
}

/**
 * The parts by material (accents and case aside), then by thickness: thicknesses sorted, each
 * group spanning at most THICKNESS_TOLERANCE_MM. A group's thickness is the one most of its parts
 * have (the thinner on a tie).
 */
function groupsOf(parts: readonly SheetPart[]): PartGroup[] {
  const byMaterial = new Map<string, { material: string; parts: SheetPart[] }>();
  for (const part of parts) {
    const key = foldForSearch(part.material.trim());
    const entry = byMaterial.get(key);
    if (entry) entry.parts.push(part);
    else byMaterial.set(key, { material: part.material.trim(), parts: [part] });
  }
  const groups: PartGroup[] = [];
  for (const { material, parts: ofMaterial } of byMaterial.values()) {
    const thicknesses = [...new Set(ofMaterial.map((p) => p.thickness))].sort((a, b) => a - b);
    let start = 0;
    while (start < thicknesses.length) {
      let end = start + 1;
      while (end < thicknesses.length && thicknesses[end] - thicknesses[start] <= THICKNESS_TOLERANCE_MM) end++;
      const within = new Set(thicknesses.slice(start, end));
      const members = ofMaterial.filter((p) => within.has(p.thickness));
      const counts = new Map<number, number>();
      for (const p of members) counts.set(p.thickness, (counts.get(p.thickness) ?? 0) + 1);
      let thickness = thicknesses[start];
      for (const t of within) if (counts.get(t)! > counts.get(thickness)!) thickness = t;
      groups.push({ material, thickness, parts: members });
      start = end;
    }
  }
  return groups;
}

export function planCutting(workshop: WorkshopParts, settings: WorkshopSettings, mode: PackingMode): CuttingPlan {
  const ordered = groupsOf(workshop.parts).sort((a, b) => a.material.localeCompare(b.material) || a.thickness - b.thickness);
  let next = 1;
  const placed: PlacedPart[] = [];
  const groups = ordered.map((group): MaterialGroup => {
    const sheet = sheetSettingsOf(settings, group.material);
    const stock = stockOf(sheet);
    const byId = new Map(group.parts.map((p) => [p.id, p]));
    const items: PackItem[] = group.parts.map((p) => ({ id: p.id, length: p.length, width: p.width, grainLocked: sheet.grain }));
    const packing = (mode === 'free' ? packFree : packGuillotine)(items, stock);
    const sheets = packing.sheets.map((packed, s): SheetLayout => {
      // Free placement has no cut order: number its parts row by row.
      const order = mode === 'free' ? [...packed.placements].sort((a, b) => a.y - b.y || a.x - b.x) : packed.placements;
      const parts = order.map((p) => ({ number: next++, part: byId.get(p.id)!, x: p.x, y: p.y, w: p.w, h: p.h, rotated: p.rotated }));
      placed.push(...parts);
      return { index: s + 1, parts, cuts: packed.cuts, usedArea: parts.reduce((sum, p) => sum + p.w * p.h, 0) };
    });
    const usedArea = sheets.reduce((sum, s) => sum + s.usedArea, 0);
    const sheetArea = sheets.length * sheet.sheetLength * sheet.sheetWidth;
    const fitting = items.filter((item) => !packing.oversized.includes(item.id));
    return {
      material: group.material,
      thickness: group.thickness,
      sheet,
      sheets,
      oversized: packing.oversized.map((id) => byId.get(id)!),
      partCount: group.parts.length,
      lowerBound: areaLowerBound(fitting, stock),
      usedArea,
      sheetArea,
      waste: sheetArea === 0 ? 0 : 1 - usedArea / sheetArea,
      cutLength: sheets.reduce((sum, s) => sum + cutLengthOf(mode, sheet, s), 0),
    };
  });
  return { mode, groups, hardware: workshop.hardware, placed };
}
