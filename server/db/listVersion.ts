/**
 * The version of a user's project list: bumped in the statement's transaction by every repository
 * function that changes one of their projects, read by GET projects to answer 304 without reading
 * the list.
 */
import { sql } from 'kysely';
import type { Db } from './database';

export async function bumpListVersion(db: Db, ownerId: number): Promise<void> {
  await db.updateTable('users').set({ projects_version: sql`projects_version + 1` }).where('id', '=', ownerId).execute();
}

/** The owner of `projectId`'s list moves on (for changes made by project id, such as a guest's approval). */
export async function bumpListVersionOfProject(db: Db, projectId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ projects_version: sql`projects_version + 1` })
    .where('id', '=', db.selectFrom('projects').select('owner_id').where('id', '=', projectId))
    .execute();
}

export async function listVersion(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('projects_version').where('id', '=', userId).executeTakeFirst();
  return row ? Number(row.projects_version) : undefined;
}
