/**
 * The owner's workshop settings: stock sheets, saw and prices per material, hardware prices,
 * labour per part and the currency. Kept on the server per owner (GET/PUT
 * /api/v1/settings/workshop), versioned, checked by this schema on both sides; the cross-field
 * rules (a trim that leaves no sheet, a name listed twice) are `workshopSettingsProblems`, whose
 * codes the app words in the user's language and the server in English.
 */
import { quoteOptionsSchema } from '../quote/quoteOptions';
import * as z from 'zod/mini';
import { machiningLayersSchema } from '../machining/dxfLayers';
import { foldForSearch } from '../text/textFold';

const money = z.number().check(z.gte(0), z.lte(1_000_000));
const sheetSide = z.number().check(z.gt(0), z.lte(10_000));

const priceUnitSchema = z.enum(['sheet', 'm2']);

/** Stock and price of one board material (`name` matches a part's material, accents and case aside). */
export const sheetMaterialSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  /** Sheet size in mm: along the grain, across it. */
  sheetLength: sheetSide,
  sheetWidth: sheetSide,
  /** The board has a grain: parts keep their length along the sheet's length. */
  grain: z.boolean(),
  kerf: z.number().check(z.gte(0), z.lte(20)),
  trim: z.number().check(z.gte(0), z.lte(100)),
  price: money,
  priceUnit: priceUnitSchema,
});
export type SheetMaterial = z.infer<typeof sheetMaterialSchema>;

const hardwarePriceSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  price: money,
});

export const workshopSettingsSchema = z.object({
  version: z.literal(1),
  /** ISO 4217 code. */
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** For every board material not listed. */
  defaultMaterial: z.omit(sheetMaterialSchema, { name: true }),
  materials: z.array(sheetMaterialSchema).check(z.maxLength(200)),
  hardware: z.array(hardwarePriceSchema).check(z.maxLength(500)),
  labourPerPart: money,
  /** The layer names of the machining DXF files (src/model/machining/dxfLayers.ts); absent: the generic preset. */
  machiningLayers: z.optional(machiningLayersSchema),
  /**
   * The workshop's default quote options: a project with none of its own offers these (their groups
   * that bind parts of its model). Without textures, which belong to a project. Set by their own
   * route (PUT settings/workshop/options); a PUT of the settings keeps them.
   */
  quoteOptions: z.optional(quoteOptionsSchema),
});
export type WorkshopSettings = z.infer<typeof workshopSettingsSchema>;
export type SheetSettings = WorkshopSettings['defaultMaterial'];

export const DEFAULT_WORKSHOP_SETTINGS: WorkshopSettings = {
  version: 1,
  currency: 'EUR',
  defaultMaterial: { sheetLength: 2800, sheetWidth: 2070, grain: false, kerf: 4, trim: 10, price: 0, priceUnit: 'sheet' },
  materials: [],
  hardware: [],
  labourPerPart: 0,
};

export type SettingsProblemCode = 'trimLeavesNoSheet' | 'duplicateMaterial' | 'duplicateHardware';

interface SettingsProblem {
  code: SettingsProblemCode;
  /** The material or hardware named ('' for the default material). */
  name: string;
}

/** Rules one field cannot say alone; empty when the settings hold. */
export function workshopSettingsProblems(settings: WorkshopSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const sheets: [string, SheetSettings][] = [['', settings.defaultMaterial], ...settings.materials.map((m): [string, SheetSettings] => [m.name, m])];
  for (const [name, sheet] of sheets) {
    if (2 * sheet.trim >= Math.min(sheet.sheetLength, sheet.sheetWidth)) problems.push({ code: 'trimLeavesNoSheet', name });
  }
  const twice = (names: string[], code: SettingsProblemCode) => {
    const seen = new Set<string>();
    for (const name of names) {
      const key = foldForSearch(name.trim());
      if (seen.has(key)) problems.push({ code, name });
      seen.add(key);
    }
  };
  twice(settings.materials.map((m) => m.name), 'duplicateMaterial');
  twice(settings.hardware.map((h) => h.name), 'duplicateHardware');
  return problems;
}

/** The sheet settings of a material: its own entry, or the default. */
export function sheetSettingsOf(settings: WorkshopSettings, material: string): SheetSettings {
  const key = foldForSearch(material.trim());
  return settings.materials.find((m) => foldForSearch(m.name) === key) ?? settings.defaultMaterial;
}

/** The English sentence of a problem (the server's answer). */
export function settingsProblemText(problem: SettingsProblem): string {
  const what = problem.name === '' ? 'the default material' : `"${problem.name}"`;
  if (problem.code === 'trimLeavesNoSheet') return `The edge trim of ${what} leaves nothing of the sheet.`;
  if (problem.code === 'duplicateMaterial') return `The material ${what} is listed twice.`;
  return `The hardware ${what} is listed twice.`;
}
