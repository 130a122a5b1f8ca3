import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/i18n/numbers';
import type { Locales } from '../../src/i18n/i18n-types';
import { random } from '../../samples/generate';

/** What the browser's own number formatting writes: the reference formatDecimal must match. */
function intl(value: number, decimals: number, locale: Locales): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false }).format(value);
}

describe('formatDecimal', () => {
  const locales: Locales[] = ['en', 'fr'];
  const edges = [0, -0, 1, -1, 0.5, -0.5, 1.005, 2.675, 0.045, -0.001, 99.995, 100, 2170.5, 1e-7, -1e-7, 123456789.123, 1e20, 1e21, -1e22, Number.NaN, Infinity, -Infinity];

  it('writes what Intl.NumberFormat writes, on edge values, in both languages, 0 to 4 decimals', () => {
    for (const locale of locales) for (const decimals of [0, 1, 2, 3, 4]) for (const value of edges) expect(formatDecimal(value, decimals, locale), `${value} ${decimals} ${locale}`).toBe(intl(value, decimals, locale));
  });

  it('writes what Intl.NumberFormat writes on 20,000 random values, halves and measures among them', () => {
    const next = random(7);
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(next() * 8 - 3);
      const value = i % 3 === 0 ? Math.round((next() - 0.5) * 20_000) / 200 : (next() - 0.5) * scale;
      const decimals = Math.floor(next() * 4);
      const locale = locales[i % 2];
      expect(formatDecimal(value, decimals, locale), `${value} ${decimals} ${locale}`).toBe(intl(value, decimals, locale));
    }
  });

  it('writes a decimal comma in French and a point in English', () => {
    expect(formatDecimal(2170.5, 1, 'fr')).toBe('2170,5');
    expect(formatDecimal(2170.5, 1, 'en')).toBe('2170.5');
    expect(formatDecimal(42.125, 2, 'fr')).toBe('42,13');
  });
});
