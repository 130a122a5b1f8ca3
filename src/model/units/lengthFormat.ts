/**
 * How measured lengths are written: millimetres to one decimal, or inches with a fraction rounded
 * to the nearest 1/16, 1/32 or 1/64 and reduced, as a joiner writes them (23 5/8").
 */
import { metresTo } from './units';
import type { InchFraction } from '../viewerVocabulary';
import { LENGTH_FORMATS, type LengthFormat } from '../viewerVocabulary';

export type { InchFraction };

export { LENGTH_FORMATS };
export type { LengthFormat };

export const DEFAULT_INCH_FRACTION: InchFraction = 16;

const DENOMINATORS: Record<Exclude<LengthFormat, 'mm'>, InchFraction> = { in16: 16, in32: 32, in64: 64 };

/** The inch format that rounds to this fraction. */
export const inchFormatOf = (fraction: InchFraction): Exclude<LengthFormat, 'mm'> => `in${fraction}`;
/** The fraction an inch format rounds to; null for millimetres. */
export const fractionOfFormat = (format: LengthFormat): InchFraction | null => (format === 'mm' ? null : (DENOMINATORS[format] ?? null));

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Inches as whole inches and a reduced fraction of `denominator`ths, rounded to the nearest. */
export function inchFraction(inches: number, denominator: number): { negative: boolean; whole: number; numerator: number; denominator: number } {
  const steps = Math.round(Math.abs(inches) * denominator);
  const whole = Math.floor(steps / denominator);
  const rest = steps - whole * denominator;
  const g = rest === 0 ? denominator : gcd(rest, denominator);
  return { negative: inches < 0 && steps > 0, whole, numerator: rest / g, denominator: denominator / g };
}

/** `23 5/8"`, `5/8"`, `24"`. */
export function formatInches(inches: number, denominator: number): string {
  const f = inchFraction(inches, denominator);
  const sign = f.negative ? '-' : '';
  if (f.numerator === 0) return `${sign}${f.whole}"`;
  const fraction = `${f.numerator}/${f.denominator}`;
  return f.whole === 0 ? `${sign}${fraction}"` : `${sign}${f.whole} ${fraction}"`;
}

/** A length in metres as text in `format`; `decimal` is the decimal separator for millimetres. */
export function formatLength(metres: number, format: LengthFormat, decimal = '.'): string {
  if (format === 'mm') {
    const mm = Math.round(metresTo('mm', metres) * 10) / 10;
    return `${(Object.is(mm, -0) ? 0 : mm).toFixed(1).replace('.', decimal)} mm`;
  }
  return formatInches(metresTo('in', metres), DENOMINATORS[format]);
}

/** An angle in degrees to one decimal: `90.0°`. */
export function formatAngle(degrees: number, decimal = '.'): string {
  const d = Math.round(degrees * 10) / 10;
  return `${(Object.is(d, -0) ? 0 : d).toFixed(1).replace('.', decimal)}°`;
}
