/**
 * Dates as the product shows them (SPEC §9, docs/decisions.md): day/month/year in every language,
 * in the browser's time zone, with the clock of the reader's language: `24/10/2025 3:07 PM` in
 * English, `24/10/2025 15:07` in French (a French reader reads 09:45, never 9:45 AM).
 */
import type { Locales } from './i18n-types';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(date: Date, locale: Locales): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${formatTime(date, locale)}`;
}

/** The time of day alone: `3:07 PM` in English, `15:07` in French. */
export function formatTime(date: Date, locale: Locales): string {
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const minutes = pad(date.getMinutes());
  if (locale === 'fr') return `${pad(hours)}:${minutes}`;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The day alone: `24/10/2025`. */
export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
