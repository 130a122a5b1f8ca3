/** Workshop measures as the user's language writes them: lengths in the chosen format, angles to 0.1°. */
import { DEFAULT_INCH_FRACTION, formatAngle, formatLength as formatLengthIn, inchFormatOf, type InchFraction, type LengthFormat } from '../model/units/lengthFormat';
import type { Locales } from './i18n-types';

const decimalOf = (locale: Locales) => (locale === 'fr' ? ',' : '.');

/** A length in metres ("564,0 mm", `22 3/16"`). */
export function formatMetres(metres: number, format: LengthFormat, locale: Locales): string {
  return formatLengthIn(metres, format, decimalOf(locale));
}

export function formatDegrees(degrees: number, locale: Locales): string {
  return formatAngle(degrees, decimalOf(locale));
}

/**
 * The format that follows the user's settings until they choose one in the viewer: mm, or inches
 * to the fraction of the account (1/16 when none is set).
 */
export function effectiveFormat(chosen: LengthFormat | null, unit: 'mm' | 'in', fraction: InchFraction | null = null): LengthFormat {
  return chosen ?? (unit === 'in' ? inchFormatOf(fraction ?? DEFAULT_INCH_FRACTION) : 'mm');
}
