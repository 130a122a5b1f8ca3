/**
 * What the workshop page reads: the cutting plan, its CSV, the estimate and the settings, from
 * the module the server's estimate uses (src/model/cutting), plus the view's own pure helpers:
 * lengths in mm or inches (fractions to 1/16 in), the part labels with their links, and the
 * settings form's problems as codes the page words in the user's language.
 */
import * as z from 'zod/mini';
import { workshopSettingsProblems, workshopSettingsSchema, type SettingsProblemCode, type WorkshopSettings } from '../../model/cutting/workshopSettings';
import type { CuttingPlan } from '../../model/cutting/cuttingPlan';
import { materialLabel } from '../../model/parts/materialLabel';
import { formatFraction, valueIn } from '../../model/parts/partsList';
import { oneLine } from '../../model/text/safeText';
import type { DistanceUnit } from '../types';
import { publicLinkOf } from './publicLink';

export { cuttingCsv } from '../../model/cutting/cuttingCsv';
export { materialLabel };
export type { CuttingPlan, MaterialGroup, PlacedPart, SheetLayout } from '../../model/cutting/cuttingPlan';
export type { Estimate, EstimateLine } from '../../model/cutting/estimate';
export type { Cut, PackingMode } from '../../model/cutting/packing';
export type { SheetMaterial, WorkshopSettings } from '../../model/cutting/workshopSettings';

/** A length in millimetres for people: mm to a tenth, inches as fractions to 1/16. */
export function formatLength(mm: number, unit: DistanceUnit): string {
  return unit === 'mm' ? String(valueIn(mm, 'mm', 'mm')) : formatFraction(mm / 25.4);
}

/** An area in mm² as m² (mm) or ft² (in), two decimals. */
export function formatArea(mm2: number, unit: DistanceUnit): { value: number; unit: 'm²' | 'ft²' } {
  return unit === 'mm' ? { value: Math.round(mm2 / 1e4) / 100, unit: 'm²' } : { value: Math.round(mm2 / 929.0304) / 100, unit: 'ft²' };
}

export interface PartLabel {
  number: number;
  cabinet: string;
  name: string;
  material: string;
  thickness: number;
  length: number;
  width: number;
  /** The material has a grain: an arrow along the part's length. */
  grain: boolean;
  /** Opens the link on the part's cabinet with the part selected (`?filter=<cabinet>&part=<part>`). */
  url: string;
}

/** One label per placed part, in sheet order (the diagram's numbers). */
export function partLabelsOf(plan: CuttingPlan, accessKey: string, origin: string): PartLabel[] {
  const link = publicLinkOf(accessKey, origin);
  return plan.groups.flatMap((group) =>
    group.sheets.flatMap((sheet) =>
      sheet.parts.map(({ number, part }) => {
        const filter = part.cabinetFilter || part.rawName;
        return {
          number,
          cabinet: part.cabinet,
          name: part.name,
          material: materialLabel(group.material),
          thickness: part.thickness,
          length: part.length,
          width: part.width,
          grain: group.sheet.grain,
          url: `${link}?filter=${encodeURIComponent(filter)}&part=${encodeURIComponent(part.rawName)}`,
        };
      }),
    ),
  );
}

/** The CSV's file name: the project's name as one line, without control or text-direction characters. */
export function cuttingFileName(projectName: string): string {
  return `${oneLine(projectName)} - cutting.csv`;
}

export type SettingsErrorCode = 'number' | 'range' | 'required' | 'currency' | SettingsProblemCode;

export interface SettingsError {
  /** Dotted path of the field (`materials.0.kerf`), '' for a rule across fields. */
  field: string;
  code: SettingsErrorCode;
  /** The material or hardware concerned, when known. */
  name: string;
}

/** The problems of a settings draft; empty when it may be saved. */
export function settingsErrorsOf(draft: WorkshopSettings): SettingsError[] {
  const parsed = z.safeParse(workshopSettingsSchema, draft);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => {
      const field = issue.path.join('.');
      const index = typeof issue.path[1] === 'number' ? issue.path[1] : -1;
      const list = issue.path[0] === 'materials' ? draft.materials : issue.path[0] === 'hardware' ? draft.hardware : [];
      const name = index >= 0 ? (list[index]?.name ?? '') : '';
      const code: SettingsErrorCode =
        issue.path[0] === 'currency' ? 'currency' : issue.path.at(-1) === 'name' ? 'required' : issue.code === 'invalid_type' ? 'number' : 'range';
      return { field, code, name };
    });
  }
  return workshopSettingsProblems(parsed.data).map((p) => ({ field: '', code: p.code, name: p.name }));
}
