/**
 * The cutting plan as CSV: one row per placed part (material, thickness, sheet, part number,
 * cabinet, part, finished size, position on the sheet, turned), then a summary row per material
 * (sheets, area bound, waste, cut length). Same cell rules as the parts list (`csvTextCell`: quoted
 * text against formula injection; BOM, CRLF); sizes in mm or inches (decimals to 1/1000 in).
 */
import { csvTextCell } from '../text/csvCell';
import { valueIn } from '../parts/partsList';
import type { DistanceUnit } from '../viewerVocabulary';
import type { CuttingPlan } from './cuttingPlan';

const CUTTING_CSV_COLUMNS = ['material', 'thickness', 'sheet', 'number', 'cabinet', 'part', 'length', 'width', 'x', 'y', 'rotated', 'unit'] as const;
const CUTTING_SUMMARY_COLUMNS = ['material', 'thickness', 'sheets', 'lower bound', 'parts', 'waste %', 'cut length', 'oversized', 'unit'] as const;

export function cuttingCsv(plan: CuttingPlan, unit: DistanceUnit): string {
  const n = (mm: number) => String(valueIn(mm, 'mm', unit));
  const lines = [CUTTING_CSV_COLUMNS.join(',')];
  for (const group of plan.groups) {
    for (const sheet of group.sheets) {
      for (const p of sheet.parts) {
        lines.push([csvTextCell(group.material), n(group.thickness), String(sheet.index), String(p.number), csvTextCell(p.part.cabinet), csvTextCell(p.part.name), n(p.part.length), n(p.part.width), n(p.x), n(p.y), p.rotated ? 'yes' : 'no', csvTextCell(unit)].join(','));
      }
    }
  }
  lines.push('', CUTTING_SUMMARY_COLUMNS.join(','));
  for (const g of plan.groups) {
    lines.push([csvTextCell(g.material), n(g.thickness), String(g.sheets.length), String(g.lowerBound), String(g.partCount), (g.waste * 100).toFixed(1), n(g.cutLength), String(g.oversized.length), csvTextCell(unit)].join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
