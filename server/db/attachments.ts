/** Repository of attachments (hyperlinks) on projects. */
import type { Db } from './database';
import type { AttachmentRow } from './schema';

export interface AttachmentRecord {
  id: number;
  projectId: number;
  authorUserId: number | null;
  authorGuestId: string | null;
  authorName: string;
  authorAvatarUrl: string | null;
  name: string;
  url: string;
  /** Seconds. */
  createdAt: number;
}

export type NewAttachment = Omit<AttachmentRecord, 'id'>;

function toAttachment(row: AttachmentRow): AttachmentRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    authorUserId: row.author_user_id,
    authorGuestId: row.author_guest_id,
    authorName: row.author_name,
    authorAvatarUrl: row.author_avatar_url,
    name: row.name,
    url: row.url,
    createdAt: row.created_at,
  };
}

/** Oldest first. */
export async function listAttachments(db: Db, projectId: number): Promise<AttachmentRecord[]> {
  const rows = await db
    .selectFrom('attachments')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAttachment);
}

export async function countAttachments(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function addAttachment(db: Db, attachment: NewAttachment): Promise<AttachmentRecord> {
  const row = await db
    .insertInto('attachments')
    .values({
      project_id: attachment.projectId,
      author_user_id: attachment.authorUserId,
      author_guest_id: attachment.authorGuestId,
      author_name: attachment.authorName,
      author_avatar_url: attachment.authorAvatarUrl,
      name: attachment.name,
      url: attachment.url,
      created_at: attachment.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAttachment(row);
}

export async function findAttachment(db: Db, projectId: number, id: number): Promise<AttachmentRecord | undefined> {
  const row = await db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row && toAttachment(row);
}

export async function deleteAttachment(db: Db, projectId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('attachments')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
