/** Repository of comments on projects. */
import type { Db } from './database';
import type { CommentRow } from './schema';

export interface CommentRecord {
  id: number;
  projectId: number;
  authorUserId: number | null;
  /** Digest of the guest cookie of the author, when it was not logged in. */
  authorGuestId: string | null;
  authorName: string;
  authorAvatarUrl: string | null;
  text: string;
  /** Seconds. */
  createdAt: number;
}

export type NewComment = Omit<CommentRecord, 'id'>;

function toComment(row: CommentRow): CommentRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    authorUserId: row.author_user_id,
    authorGuestId: row.author_guest_id,
    authorName: row.author_name,
    authorAvatarUrl: row.author_avatar_url,
    text: row.text,
    createdAt: row.created_at,
  };
}

/** Oldest first. */
export async function listComments(db: Db, projectId: number): Promise<CommentRecord[]> {
  const rows = await db
    .selectFrom('comments')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toComment);
}

export async function countComments(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function addComment(db: Db, comment: NewComment): Promise<CommentRecord> {
  const row = await db
    .insertInto('comments')
    .values({
      project_id: comment.projectId,
      author_user_id: comment.authorUserId,
      author_guest_id: comment.authorGuestId,
      author_name: comment.authorName,
      author_avatar_url: comment.authorAvatarUrl,
      text: comment.text,
      created_at: comment.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toComment(row);
}

export async function findComment(db: Db, projectId: number, id: number): Promise<CommentRecord | undefined> {
  const row = await db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row && toComment(row);
}

export async function deleteComment(db: Db, projectId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
