/** Repository of refresh tokens (rotating, grouped in families) and single-use secure tokens. */
import type { Db } from './database';

export interface RefreshTokenRecord {
  id: string;
  familyId: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

export async function insertRefreshToken(db: Db, token: Omit<RefreshTokenRecord, 'usedAt' | 'revokedAt'>): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: token.id,
      family_id: token.familyId,
      user_id: token.userId,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
}

export async function findRefreshToken(db: Db, id: string): Promise<RefreshTokenRecord | undefined> {
  const row = await db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    row && {
      id: row.id,
      familyId: row.family_id,
      userId: row.user_id,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      revokedAt: row.revoked_at,
    }
  );
}

/** Marks a token used if nobody did first; false means it was already used (a replay or a race). */
export async function markRefreshTokenUsed(db: Db, id: string, nowSeconds: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: nowSeconds })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshFamily(db: Db, familyId: string, nowSeconds: number): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowSeconds })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeUserRefreshTokens(db: Db, userId: number, nowSeconds: number): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowSeconds })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Drops tokens past their expiry; a replayed expired token is refused either way. */
export async function deleteExpiredRefreshTokens(db: Db, nowSeconds: number): Promise<number> {
  const result = await db.deleteFrom('refresh_tokens').where('expires_at', '<=', nowSeconds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertSecureToken(
  db: Db,
  token: { id: string; userId: number; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('secure_tokens')
    .values({ id: token.id, user_id: token.userId, created_at: token.createdAt, expires_at: token.expiresAt })
    .execute();
}

/** Deletes the token and returns its user when it existed and had not expired: usable exactly once. */
export async function takeSecureToken(db: Db, id: string, nowSeconds: number): Promise<number | undefined> {
  const row = await db.deleteFrom('secure_tokens').where('id', '=', id).returning(['user_id', 'expires_at']).executeTakeFirst();
  if (!row || row.expires_at <= nowSeconds) return undefined;
  return row.user_id;
}

/** The user of a token that exists and has not expired, without using it. */
export async function peekSecureToken(db: Db, id: string, nowSeconds: number): Promise<number | undefined> {
  const row = await db.selectFrom('secure_tokens').select(['user_id', 'expires_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.expires_at <= nowSeconds) return undefined;
  return row.user_id;
}

export async function deleteExpiredSecureTokens(db: Db, nowSeconds: number): Promise<number> {
  const result = await db.deleteFrom('secure_tokens').where('expires_at', '<=', nowSeconds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a session (refresh-token family) still has a token that is not revoked. */
export async function isRefreshFamilyActive(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
