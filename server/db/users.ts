/** Repository of user accounts. */
import type { Db } from './database';
import { isUniqueViolation } from './errors';
import type { UserRow } from './schema';
import { normalizeUsername } from '../domain/usernames';

export interface User {
  id: number;
  username: string;
  passwordHash: string;
  fullName: string;
  avatarUrl: string | null;
  disabled: boolean;
  preferredLanguage: string | null;
  preferredUnit: string | null;
  preferredInchFraction: number | null;
  /** Seconds. */
  createdAt: number;
}

export class DuplicateUsernameError extends Error {
  constructor(readonly username: string) {
    super(`A user named ${username} already exists.`);
    this.name = 'DuplicateUsernameError';
  }
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    disabled: row.disabled !== 0,
    preferredLanguage: row.preferred_language,
    preferredUnit: row.preferred_unit,
    preferredInchFraction: row.preferred_inch_fraction,
    createdAt: row.created_at,
  };
}

interface NewUser {
  username: string;
  passwordHash: string;
  fullName?: string;
  avatarUrl?: string | null;
  nowSeconds: number;
}

export async function createUser(db: Db, user: NewUser): Promise<User> {
  try {
    const row = await db
      .insertInto('users')
      .values({
        username: normalizeUsername(user.username),
        password_hash: user.passwordHash,
        full_name: user.fullName ?? '',
        avatar_url: user.avatarUrl ?? null,
        disabled: 0,
        created_at: user.nowSeconds,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateUsernameError(normalizeUsername(user.username));
    throw error;
  }
}

export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', normalizeUsername(username))
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
  return rows.map(toUser);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Returns false when no such user exists. */
export async function setUserDisabled(db: Db, id: number, disabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

interface UserSettingsPatch {
  preferredLanguage?: string | null;
  preferredUnit?: string | null;
  preferredInchFraction?: number | null;
}

export async function updateUserSettings(db: Db, id: number, patch: UserSettingsPatch): Promise<void> {
  const values: { preferred_language?: string | null; preferred_unit?: string | null; preferred_inch_fraction?: number | null } = {};
  if (patch.preferredLanguage !== undefined) values.preferred_language = patch.preferredLanguage;
  if (patch.preferredUnit !== undefined) values.preferred_unit = patch.preferredUnit;
  if (patch.preferredInchFraction !== undefined) values.preferred_inch_fraction = patch.preferredInchFraction;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}
