/**
 * The drilling CSV of a whole job: one row per bore (holes and cups) of every panel, in the panel's
 * frame (panelMachining.ts), millimetres with a point; text cells by the parts list's rule
 * (`csvTextCell`), so the file reads the same split on `,` or `;`.
 */
import { csvTextCell } from '../text/csvCell';
import type { MachinedPanel } from './machiningList';

export const DRILLING_COLUMNS = ['Part', 'Cabinet', 'Node', 'Material', 'Face', 'Kind', 'X', 'Y', 'Z', 'Diameter', 'Depth', 'Through'] as const;

const number = (v: number) => String(Math.round(v * 100) / 100);

export function drillingCsv(panels: readonly MachinedPanel[]): string {
  const rows = [DRILLING_COLUMNS.map(csvTextCell).join(',')];
  for (const panel of panels) {
    for (const bore of panel.bores) {
      rows.push(
        [
          csvTextCell(panel.name),
          csvTextCell(panel.cabinet),
          csvTextCell(panel.node),
          csvTextCell(panel.material),
          csvTextCell(bore.face),
          csvTextCell(bore.kind),
          number(bore.x),
          number(bore.y),
          number(bore.z),
          number(bore.diameter),
          number(bore.depth),
          csvTextCell(bore.through ? 'yes' : 'no'),
        ].join(','),
      );
    }
  }
  return `\uFEFF${rows.join("\r\n")}\r\n`;
}
