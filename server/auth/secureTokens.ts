/**
 * Secure tokens authenticate the upload sockets (a browser cannot set headers on a WebSocket):
 * random, stored as digests, valid for a short time and usable exactly once. A token is used up by
 * the first socket opened with it (whatever that socket then does), and dies with the session that
 * asked for it: a logout or a password change ends it, also while its socket is open.
 */
import type { Db } from '../db/database';
import { deleteExpiredSecureTokens, insertSecureToken, isRefreshFamilyActive, takeSecureToken, type SecureTokenGrant } from '../db/tokens';
import { findUserById } from '../db/users';
import { randomToken, tokenDigest } from './randomTokens';

export type { SecureTokenGrant };

/** `familyId`: the session of the access token that asks (null when it names none). */
export async function issueSecureToken(db: Db, userId: number, familyId: string | null, nowSeconds: number, ttlSeconds: number): Promise<string> {
  await deleteExpiredSecureTokens(db, nowSeconds);
  const token = randomToken();
  await insertSecureToken(db, { id: tokenDigest(token), userId, familyId, createdAt: nowSeconds, expiresAt: nowSeconds + ttlSeconds });
  return token;
}

const plausible = (token: unknown): token is string => typeof token === 'string' && token.length > 0 && token.length <= 200;

/** Whether the grant's user is still enabled and its session still lives. */
export async function grantStillValid(db: Db, grant: SecureTokenGrant): Promise<boolean> {
  const user = await findUserById(db, grant.userId);
  if (!user || user.disabled) return false;
  return grant.familyId === null || (await isRefreshFamilyActive(db, grant.familyId));
}

/**
 * Uses the token up, and answers its grant when it was live: known, unexpired, unused, of an
 * enabled user whose session still lives. Undefined otherwise (the token is used up all the same).
 */
export async function consumeSecureToken(db: Db, token: unknown, nowSeconds: number): Promise<SecureTokenGrant | undefined> {
  if (!plausible(token)) return undefined;
  const grant = await takeSecureToken(db, tokenDigest(token), nowSeconds);
  return grant && (await grantStillValid(db, grant)) ? grant : undefined;
}
