/**
 * Secure tokens authenticate the upload sockets (a browser cannot set headers on a WebSocket):
 * random, stored as digests, valid for a short time and usable exactly once.
 */
import type { Db } from '../db/database';
import { deleteExpiredSecureTokens, insertSecureToken, peekSecureToken, takeSecureToken } from '../db/tokens';
import { randomToken, tokenDigest } from './randomTokens';

/**
 * An upload socket shows its token when it opens (checked, not used) and uses it once the whole
 * file has arrived; the token counts from when the socket opened, so expired tokens are kept this
 * long before they are cleaned up.
 */
export const SECURE_TOKEN_UPLOAD_GRACE_SECONDS = 30 * 60;

export async function issueSecureToken(db: Db, userId: number, nowSeconds: number, ttlSeconds: number): Promise<string> {
  await deleteExpiredSecureTokens(db, nowSeconds - SECURE_TOKEN_UPLOAD_GRACE_SECONDS);
  const token = randomToken();
  await insertSecureToken(db, { id: tokenDigest(token), userId, createdAt: nowSeconds, expiresAt: nowSeconds + ttlSeconds });
  return token;
}

const plausible = (token: unknown): token is string => typeof token === 'string' && token.length > 0 && token.length <= 200;

/** The user the token was issued to, or undefined when it is unknown, expired or already used. */
export async function consumeSecureToken(db: Db, token: string, nowSeconds: number): Promise<number | undefined> {
  if (!plausible(token)) return undefined;
  return takeSecureToken(db, tokenDigest(token), nowSeconds);
}

/** As consumeSecureToken, but leaves the token usable (an upload socket checks it when it opens, uses it with the file). */
export async function checkSecureToken(db: Db, token: unknown, nowSeconds: number): Promise<number | undefined> {
  if (!plausible(token)) return undefined;
  return peekSecureToken(db, tokenDigest(token), nowSeconds);
}
