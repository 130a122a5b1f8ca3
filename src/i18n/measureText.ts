/** Workshop measures as the user's language writes them: lengths in the chosen format, angles to 0.1°. */
import { formatAngle, formatLength as formatLengthIn, type LengthFormat } from '../api/lengthFormat';
import type { Locales } from './i18n-types';

const decimalOf = (locale: Locales) => (locale === 'fr' ? ',' : '.');

/** A length in metres ("564,0 mm", `22 3/16"`). */
export function formatMetres(metres: number, format: LengthFormat, locale: Locales): string {
  return formatLengthIn(metres, format, decimalOf(locale));
}

export function formatDegrees(degrees: number, locale: Locales): string {
  return formatAngle(degrees, decimalOf(locale));
}

/** The format that follows the user's distance unit until they choose one: mm, or inches to 1/16. */
export function effectiveFormat(chosen: LengthFormat | null, unit: 'mm' | 'in'): LengthFormat {
  return chosen ?? (unit === 'in' ? 'in16' : 'mm');
}
