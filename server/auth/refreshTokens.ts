/**
 * Refresh tokens: opaque, stored as digests, grouped in a family per login. Every use rotates the
 * token (the used one is marked, a new one of the same family is issued); presenting a used token
 * again means it leaked, so the whole family is revoked and the newer token stops working too.
 * Two tabs refreshing with the same cookie at the same moment are not a leak: a token presented
 * again within REFRESH_REUSE_GRACE_SECONDS of its first use gets a fresh sibling instead.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import {
  findRefreshToken,
  deleteExpiredRefreshTokens,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  type RefreshTokenRecord,
} from '../db/tokens';
import { randomToken, tokenDigest } from './randomTokens';

/** How long a just-rotated token may be presented again (a second tab, a retried request). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

type RotateResult =
  | { ok: true; userId: number; familyId: string; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Expired refresh tokens are deleted by the issue of a new one, at most once an hour per database. */
export const REFRESH_PURGE_EVERY_SECONDS = 3600;
const lastPurge = new WeakMap<Db, number>();

async function purgeExpired(db: Db, nowSeconds: number): Promise<void> {
  const last = lastPurge.get(db);
  if (last !== undefined && Math.abs(nowSeconds - last) < REFRESH_PURGE_EVERY_SECONDS) return;
  lastPurge.set(db, nowSeconds);
  await deleteExpiredRefreshTokens(db, nowSeconds);
}

export async function issueRefreshToken(
  db: Db,
  userId: number,
  nowSeconds: number,
  ttlSeconds: number,
  familyId: string = randomUUID(),
): Promise<{ token: string; familyId: string }> {
  await purgeExpired(db, nowSeconds);
  const token = randomToken();
  await insertRefreshToken(db, {
    id: tokenDigest(token),
    familyId,
    userId,
    createdAt: nowSeconds,
    expiresAt: nowSeconds + ttlSeconds,
  });
  return { token, familyId };
}

export async function rotateRefreshToken(db: Db, token: string, nowSeconds: number, ttlSeconds: number): Promise<RotateResult> {
  return db.transaction().execute(async (trx) => {
    const record = await findRefreshToken(trx, tokenDigest(token));
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.revokedAt !== null) return { ok: false, reason: 'revoked' };
    let latest: RefreshTokenRecord | undefined = record;
    if (record.usedAt === null) {
      if (record.expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
      if (await markRefreshTokenUsed(trx, record.id, nowSeconds)) return successor(trx, record, nowSeconds, ttlSeconds);
      // Another request used it between our read and our write: read when.
      latest = await findRefreshToken(trx, record.id);
    }
    if (latest && withinGrace(latest, nowSeconds)) return successor(trx, latest, nowSeconds, ttlSeconds);
    await revokeRefreshFamily(trx, record.familyId, nowSeconds);
    return { ok: false, reason: 'reused' };
  });
}

/** Used moments ago, still live: the same refresh made twice at once, not a stolen token. */
function withinGrace(record: RefreshTokenRecord, nowSeconds: number): boolean {
  return (
    record.revokedAt === null &&
    record.usedAt !== null &&
    nowSeconds - record.usedAt <= REFRESH_REUSE_GRACE_SECONDS &&
    record.expiresAt > nowSeconds
  );
}

async function successor(db: Db, record: RefreshTokenRecord, nowSeconds: number, ttlSeconds: number): Promise<RotateResult> {
  const next = await issueRefreshToken(db, record.userId, nowSeconds, ttlSeconds, record.familyId);
  return { ok: true, userId: record.userId, familyId: record.familyId, token: next.token };
}

/** Ends the login the token belongs to (logout); whether a live session ended (unknown tokens and ended sessions: false). */
export async function revokeRefreshTokenFamily(db: Db, token: string, nowSeconds: number): Promise<boolean> {
  const record = await findRefreshToken(db, tokenDigest(token));
  return record ? (await revokeRefreshFamily(db, record.familyId, nowSeconds)) > 0 : false;
}
