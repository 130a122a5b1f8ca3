/**
 * Dates follow SPEC §9's day/month/year in every language, with the reader's clock: 12 hours and
 * AM/PM in English, 24 hours in French (a French reader reads 09:45, not 9:45 AM).
 */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '../../src/i18n/dateTime';

const at = (h: number, min: number) => new Date(2026, 10, 28, h, min);

describe('dates and times', () => {
  it('English: day/month/year, 12-hour clock with AM/PM', () => {
    expect(formatDateTime(at(9, 45), 'en')).toBe('28/11/2026 9:45 AM');
    expect([0, 12, 15, 23].map((h) => formatTime(at(h, 5), 'en'))).toEqual(['12:05 AM', '12:05 PM', '3:05 PM', '11:05 PM']);
  });

  it('French: the same day/month/year, 24-hour clock, hours on two digits, no AM/PM', () => {
    expect(formatDateTime(at(9, 45), 'fr')).toBe('28/11/2026 09:45');
    expect([0, 12, 15, 23].map((h) => formatTime(at(h, 5), 'fr'))).toEqual(['00:05', '12:05', '15:05', '23:05']);
    expect(formatDate(at(9, 45))).toBe('28/11/2026');
  });

  it('an invalid date is an empty text in both languages', () => {
    expect(formatDateTime(new Date(Number.NaN), 'fr')).toBe('');
    expect(formatTime(new Date(Number.NaN), 'en')).toBe('');
  });
});
