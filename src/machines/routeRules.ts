/** Route parameter rules (SPEC §2, §5): ids are digits, access keys letters and digits. */

export const isProjectIdParam = (value: string): boolean => /^\d+$/.test(value) && Number(value) > 0 && Number.isSafeInteger(Number(value));

export const isAccessKeyParam = (value: string): boolean => /^[A-Za-z0-9]+$/.test(value);

/**
 * Where to go back after logging in: only a path of this site (no scheme, no host, no
 * protocol-relative `//`), otherwise the project list.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (value === '/login' || value.startsWith('/login?') || value === '/fr') return '/';
  return value;
}
