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
  token: { id: string; userId: number; createdAt: number; expiresAt: number; familyId?: string | null },
): Promise<void> {
  await db
    .insertInto('secure_tokens')
    .values({ id: token.id, user_id: token.userId, created_at: token.createdAt, expires_at: token.expiresAt, family_id: token.familyId ?? null })
    .execute();
}

/** Whom a secure token was issued to, and in which session (null: none named). */
export interface SecureTokenGrant {
  userId: number;
  familyId: string | null;
}

/** Deletes the token and returns its grant when it existed and had not expired: usable exactly once. */
export async function takeSecureToken(db: Db, id: string, nowSeconds: number): Promise<SecureTokenGrant | undefined> {
  const row = await db
    .deleteFrom('secure_tokens')
    .where('id', '=', id)
    .returning(['user_id', 'expires_at', 'family_id'])
    .executeTakeFirst();
  if (!row || row.expires_at <= nowSeconds) return undefined;
  return { userId: row.user_id, familyId: row.family_id };
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
