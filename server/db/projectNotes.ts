/**
 * Repository of a project's notes: its comments and its hyperlinks (the `attachments` table). Both
 * kinds share every column but their content (`text`, or `name` and `url`), so one set of queries
 * serves both, parametrised by kind.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from './database';
import type { AttachmentsTable, CommentsTable } from './schema';

export type NoteKind = 'comment' | 'hyperlink';

/** The content of each kind, beside the columns all notes share. */
export interface NoteContent {
  comment: { text: string };
  hyperlink: { name: string; url: string };
}

export interface NoteBase {
  id: number;
  projectId: number;
  authorUserId: number | null;
  /** Digest of the guest cookie of the author, when it was not logged in. */
  authorGuestId: string | null;
  authorName: string;
  authorAvatarUrl: string | null;
  /** Seconds. */
  createdAt: number;
}

export type NoteRecord<K extends NoteKind> = NoteBase & NoteContent[K];
type NewNote<K extends NoteKind> = Omit<NoteRecord<K>, 'id'>;

/** Which notes of a project a bulk delete removes: these ids, or every one not written by the owner. */
type NoteSelection = { ids: readonly number[] } | { notByUserId: number };

const TABLES = { comment: 'comments', hyperlink: 'attachments' } as const;
const CONTENT_COLUMNS: { [K in NoteKind]: readonly (keyof NoteContent[K])[] } = { comment: ['text'], hyperlink: ['name', 'url'] };

/** The columns both tables have; the content columns are read and written by name. */
type SharedTable = Omit<CommentsTable, 'text'> & Omit<AttachmentsTable, 'name' | 'url'>;
type NotesDb = Kysely<{ notes: SharedTable }>;
const notesDb = (db: Db) => db as unknown as NotesDb;
/** The kind's table, under the one name the shared columns are typed with. */
const tableOf = (kind: NoteKind) => TABLES[kind] as unknown as 'notes';

function toNote<K extends NoteKind>(kind: K, row: Selectable<SharedTable>): NoteRecord<K> {
  const content = Object.fromEntries(CONTENT_COLUMNS[kind].map((column) => [column, (row as Record<string, unknown>)[column as string]]));
  return {
    id: row.id,
    projectId: row.project_id,
    authorUserId: row.author_user_id,
    authorGuestId: row.author_guest_id,
    authorName: row.author_name,
    authorAvatarUrl: row.author_avatar_url,
    createdAt: row.created_at,
    ...(content as NoteContent[K]),
  };
}

/** Oldest first. */
export async function listNotes<K extends NoteKind>(db: Db, kind: K, projectId: number): Promise<NoteRecord<K>[]> {
  const rows = await notesDb(db)
    .selectFrom(tableOf(kind))
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => toNote(kind, row));
}

export async function countNotes(db: Db, kind: NoteKind, projectId: number): Promise<number> {
  const row = await notesDb(db)
    .selectFrom(tableOf(kind))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function addNote<K extends NoteKind>(db: Db, kind: K, note: NewNote<K>): Promise<NoteRecord<K>> {
  const content = Object.fromEntries(CONTENT_COLUMNS[kind].map((column) => [column, note[column as keyof NewNote<K>]]));
  const values = {
    project_id: note.projectId,
    author_user_id: note.authorUserId,
    author_guest_id: note.authorGuestId,
    author_name: note.authorName,
    author_avatar_url: note.authorAvatarUrl,
    created_at: note.createdAt,
    ...content,
  } as Insertable<SharedTable>;
  const row = await notesDb(db).insertInto(tableOf(kind)).values(values).returningAll().executeTakeFirstOrThrow();
  return toNote(kind, row);
}

export async function findNote<K extends NoteKind>(db: Db, kind: K, projectId: number, id: number): Promise<NoteRecord<K> | undefined> {
  const row = await notesDb(db)
    .selectFrom(tableOf(kind))
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row && toNote(kind, row);
}

export async function deleteNote(db: Db, kind: NoteKind, projectId: number, id: number): Promise<boolean> {
  const result = await notesDb(db).deleteFrom(tableOf(kind)).where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes the selected notes of one project and answers the ids it deleted, in id order. */
export async function deleteNotes(db: Db, kind: NoteKind, projectId: number, selection: NoteSelection): Promise<number[]> {
  if ('ids' in selection && selection.ids.length === 0) return [];
  const rows = await notesDb(db)
    .deleteFrom(tableOf(kind))
    .where('project_id', '=', projectId)
    .where((eb) =>
      'ids' in selection
        ? eb('id', 'in', [...selection.ids])
        : eb.or([eb('author_user_id', 'is', null), eb('author_user_id', '!=', selection.notByUserId)]),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
