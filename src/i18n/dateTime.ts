/**
 * Dates as the product shows them (SPEC §9): day/month/year with a 12-hour clock and AM/PM,
 * in the browser's time zone, the same in every language: `24/10/2025 3:07 PM`.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${formatTime(date)}`;
}

/** The time of day alone: `3:07 PM`. */
export function formatTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hour12}:${pad(date.getMinutes())} ${suffix}`;
}

/** The day alone: `24/10/2025`. */
export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
