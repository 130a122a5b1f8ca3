/** Lengths and areas of the workshop page as the user's language and unit write them (mm to a tenth, inches to 1/16). */
import type { Locales } from '../../i18n/i18n-types';
import { formatUpTo } from '../../i18n/numbers';
import type { DistanceUnit } from '../../machines/types';
import { formatArea, formatLength } from '../../machines/projects/workshopView';

export function lengthText(mm: number, unit: DistanceUnit, locale: Locales): string {
  return unit === 'mm' ? `${formatUpTo(Math.round(mm * 10) / 10, 1, locale)} mm` : `${formatLength(mm, 'in')} in`;
}

/** Long lengths (cut length): metres or feet. */
export function runText(mm: number, unit: DistanceUnit, locale: Locales): string {
  return unit === 'mm' ? `${formatUpTo(mm / 1000, 1, locale)} m` : `${formatUpTo(mm / 304.8, 1, locale)} ft`;
}

export function areaText(mm2: number, unit: DistanceUnit, locale: Locales): string {
  const area = formatArea(mm2, unit);
  return `${formatUpTo(area.value, 2, locale)} ${area.unit}`;
}

export function percentText(fraction: number, locale: Locales): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(fraction);
}

export function moneyText(amount: number, currency: string, locale: Locales): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${formatUpTo(amount, 2, locale)} ${currency}`;
  }
}

/** Several lengths with the unit once: `714 × 199,5 × 12 mm`, `28 3/8 × 22 1/16 × 11/16 in`. */
export function sizeText(values: readonly number[], unit: DistanceUnit, locale: Locales): string {
  return `${values.map((mm) => (unit === 'mm' ? formatUpTo(Math.round(mm * 10) / 10, 1, locale) : formatLength(mm, 'in'))).join(' × ')} ${unit}`;
}
