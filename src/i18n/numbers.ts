/**
 * Numbers as the user's language writes them (`Intl.NumberFormat`): a decimal comma in French, a
 * point in English, a fixed number of decimals, no grouping (dimensions and percentages read as
 * measures, "2170,5 mm", not as amounts). Dates keep SPEC §9's one format in every language
 * (dateTime.ts).
 */
import type { DistanceUnit } from '../api/schemas';
import { roundForUnit, UNIT_DECIMALS } from '../api/units';
import type { Locales } from './i18n-types';

const formats = new Map<string, Intl.NumberFormat>();

export function formatDecimal(value: number, decimals: number, locale: Locales): string {
  const key = `${locale}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
    formats.set(key, format);
  }
  return format.format(value);
}

/** Up to `decimals` decimals, trailing zeros dropped ("18", "448,5"). */
export function formatUpTo(value: number, decimals: number, locale: Locales): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false }).format(value);
}

/** A length in mm to 1 decimal or in to 3 (SPEC §9's rounding), written the language's way ("563,5 mm"). */
export function formatLength(unit: DistanceUnit, value: number, locale: Locales): string {
  return `${formatDecimal(roundForUnit(unit, value), UNIT_DECIMALS[unit], locale)} ${unit}`;
}
