/**
 * Numbers as the user's language writes them (`Intl.NumberFormat`): a decimal comma in French, a
 * point in English, a fixed number of decimals, no grouping (dimensions and percentages read as
 * measures, "2170,5 mm", not as amounts). Dates keep SPEC §9's one format in every language
 * (dateTime.ts).
 */
import type { DistanceUnit } from '../api/schemas';
import { roundForUnit, UNIT_DECIMALS } from '../model/units/units';
import type { Locales } from './i18n-types';

/** The decimal separator of each of the product's languages (CLDR's, as `Intl.NumberFormat` writes it). */
const DECIMAL_SEPARATOR: Record<Locales, string> = { en: '.', fr: ',' };

/**
 * `abs` (finite, >= 0, < 1e21) with exactly `decimals` decimals: its shortest decimal writing
 * (`String(abs)`, as ICU reads a number too) rounded half up, so 1.805 gives 1.81 where `toFixed`,
 * rounding the binary value 1.80499..., gives 1.80.
 */
function fixedOf(abs: number, decimals: number): string {
  const [mantissa, exponent = '0'] = String(abs).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  const leading = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leading);
  point -= leading;
  const keep = point + decimals;
  let scaled = 0n;
  if (digits !== '' && keep >= 0) {
    scaled = BigInt(digits.slice(0, keep).padEnd(keep, '0') || '0');
    if (keep < digits.length && digits[keep] >= '5') scaled += 1n;
  }
  const written = scaled.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? written : `${written.slice(0, -decimals)}.${written.slice(-decimals)}`;
}

/**
 * `value` with exactly `decimals` decimals, as `Intl.NumberFormat(locale, { minimumFractionDigits:
 * decimals, maximumFractionDigits: decimals, useGrouping: false })` writes it (the unit tests hold the
 * two to the same output). Written by hand because a page's first `Intl.NumberFormat` loads the
 * locale's data: tens of milliseconds of a phone's main thread, at the moment a shared link's viewer
 * starts and its loading card shows a percentage.
 */
export function formatDecimal(value: number, decimals: number, locale: Locales): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21 || !Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false }).format(value);
  }
  const fixed = (value < 0 || Object.is(value, -0) ? '-' : '') + fixedOf(Math.abs(value), decimals);
  return fixed.replace('.', DECIMAL_SEPARATOR[locale]);
}

/** Up to `decimals` decimals, trailing zeros dropped ("18", "448,5"). */
export function formatUpTo(value: number, decimals: number, locale: Locales): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false }).format(value);
}

/** A length in mm to 1 decimal or in to 3 (SPEC §9's rounding), written the language's way ("563,5 mm"). */
export function formatLength(unit: DistanceUnit, value: number, locale: Locales): string {
  return `${formatDecimal(roundForUnit(unit, value), UNIT_DECIMALS[unit], locale)} ${unit}`;
}
