/**
 * The cost estimate of a revision, from its cutting plan and hardware count and the owner's prices:
 *   boards: per sheet, sheets used x price; per m², the sheets' area (what is bought, offcuts
 *           included) x price;
 *   hardware: quantity x the price of the item of that name (accents and case aside); an item
 *           without a price counts 0 and is listed as such;
 *   labour: the number of sheet parts x the price per part.
 * Amounts are rounded to the cent per line; the total is the sum of the lines.
 */
import * as z from 'zod/mini';
import { optionLineSchema } from '../quote/quoteOptions';
import { foldForSearch } from '../text/textFold';
import type { CuttingPlan } from './cuttingPlan';
import type { WorkshopSettings } from './workshopSettings';

export const estimateLineSchema = z.object({
  kind: z.enum(['board', 'hardware', 'labour']),
  /** Material (with thickness in mm), hardware name, or '' for labour. */
  name: z.string(),
  thickness: z.nullable(z.number()),
  /** Sheets, m², items or parts. */
  quantity: z.number(),
  unit: z.enum(['sheet', 'm2', 'item', 'part']),
  unitPrice: z.number(),
  /** False when no price is set for it (counted 0). */
  priced: z.boolean(),
  amount: z.number(),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

export const estimateSchema = z.object({
  currency: z.string(),
  revision: z.number(),
  lines: z.array(estimateLineSchema),
  /** The client's options as chosen (src/model/quote/quotePrice.ts); counted in the total. */
  options: z._default(z.array(optionLineSchema), []),
  total: z.number(),
  /** The previous kept revision's total, and this one's difference to it. */
  previous: z.nullable(z.object({ revision: z.number(), total: z.number(), difference: z.number() })),
});
export type Estimate = z.infer<typeof estimateSchema>;

const cents = (value: number) => Math.round(value * 100) / 100;

export function estimateLines(plan: CuttingPlan, settings: WorkshopSettings): EstimateLine[] {
  const lines: EstimateLine[] = plan.groups.map((group) => {
    const { price, priceUnit } = group.sheet;
    const quantity = priceUnit === 'sheet' ? group.sheets.length : Math.round((group.sheetArea / 1e6) * 1000) / 1000;
    return { kind: 'board', name: group.material, thickness: group.thickness, quantity, unit: priceUnit, unitPrice: price, priced: price > 0, amount: cents(quantity * price) };
  });
  const prices = new Map(settings.hardware.map((h) => [foldForSearch(h.name.trim()), h.price]));
  for (const item of plan.hardware) {
    const price = prices.get(foldForSearch(item.name.trim()));
    lines.push({ kind: 'hardware', name: item.name, thickness: null, quantity: item.quantity, unit: 'item', unitPrice: price ?? 0, priced: price !== undefined, amount: cents(item.quantity * (price ?? 0)) });
  }
  const parts = plan.groups.reduce((sum, g) => sum + g.partCount, 0);
  lines.push({ kind: 'labour', name: '', thickness: null, quantity: parts, unit: 'part', unitPrice: settings.labourPerPart, priced: settings.labourPerPart > 0, amount: cents(parts * settings.labourPerPart) });
  return lines;
}

export function totalOf(lines: readonly EstimateLine[]): number {
  return cents(lines.reduce((sum, line) => sum + line.amount, 0));
}
