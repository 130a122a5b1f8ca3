/** The ends of queued conversions (migration 0007): read by a job run again, written once. */
import type { Db } from './database';

export type UploadJobEnd = { state: 'done'; projectId: number } | { state: 'failed'; message: string };

export async function findUploadJobEnd(db: Db, id: string): Promise<UploadJobEnd | undefined> {
  const row = await db.selectFrom('upload_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  if (row.state === 'done' && row.project_id !== null) return { state: 'done', projectId: row.project_id };
  return { state: 'failed', message: row.message ?? '' };
}

/** Records how a job ended; the first end written stays (a second one is ignored). */
export async function recordUploadJobEnd(db: Db, id: string, end: UploadJobEnd, nowSeconds: number): Promise<void> {
  await db
    .insertInto('upload_jobs')
    .values({
      id,
      state: end.state,
      project_id: end.state === 'done' ? end.projectId : null,
      message: end.state === 'failed' ? end.message : null,
      updated_at: nowSeconds,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Forgets the ends recorded before `beforeSeconds` (long after any try of their job could run). */
export async function deleteUploadJobEndsBefore(db: Db, beforeSeconds: number): Promise<void> {
  await db.deleteFrom('upload_jobs').where('updated_at', '<', beforeSeconds).execute();
}
