/** The login error kinds of SPEC §8, plus rate limiting and an expired session. */

export const LOGIN_ERROR_KINDS = [
  'invalid_credentials',
  'no_active_subscription',
  'too_many_attempts',
  'unknown_error',
  'session_expired',
] as const;
export type LoginErrorKind = (typeof LOGIN_ERROR_KINDS)[number];

/** Maps a failed login call to its kind: 401, 403 and 429 by status, anything else unknown. */
export function loginErrorKind(error: unknown): LoginErrorKind {
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : undefined;
  switch (status) {
    case 401:
      return 'invalid_credentials';
    case 403:
      return 'no_active_subscription';
    case 429:
      return 'too_many_attempts';
    default:
      return 'unknown_error';
  }
}
