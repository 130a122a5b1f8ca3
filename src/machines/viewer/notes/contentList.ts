/**
 * Shared rules of the comments and hyperlinks lists: order, optimistic removal and rollback, and
 * the error kinds a panel shows.
 *
 * Order decision: oldest first, newest last (the form sits under the list, like a conversation);
 * equal dates keep the server's id order. The original's faulty comparison (SPEC §9) is not kept.
 */
import { InvalidResponseError, RequestError } from '../../../api/errors';

export interface DatedItem {
  id: number;
  date: Date;
  isDeletable: boolean;
}

/**
 * What went wrong, as the panel words it. `tooFast`: the server's rate limit for guests (429);
 * `full`: the project holds all the notes it may (409 `too_many_comments` / `too_many_attachments`).
 */
export type ContentError = 'loadFailed' | 'createFailed' | 'deleteFailed' | 'invalidResponse' | 'tooFast' | 'full';

/** The errors worded the same in every list; the others by what the user was doing. */
export type ListError = Exclude<ContentError, 'invalidResponse' | 'tooFast' | 'full'>;

/** Oldest first; ties by id. */
export function sortByDate<T extends DatedItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.date.getTime() - b.date.getTime() || a.id - b.id);
}

/** Adds or replaces an item (by id), keeping the order. */
export function upsert<T extends DatedItem>(items: readonly T[], item: T): T[] {
  return sortByDate([...items.filter((i) => i.id !== item.id), item]);
}

export function withoutId<T extends DatedItem>(items: readonly T[], id: number): T[] {
  return items.filter((i) => i.id !== id);
}

export function canDelete(items: readonly DatedItem[], id: number): boolean {
  return items.some((i) => i.id === id && i.isDeletable);
}

/** A shape mismatch, a rate limit or a full project is worded as such; anything else by what the user was doing. */
export function errorKind(error: unknown, doing: ListError): ContentError {
  if (error instanceof InvalidResponseError) return 'invalidResponse';
  if (error instanceof RequestError && error.status === 429) return 'tooFast';
  if (error instanceof RequestError && error.status === 409 && error.code?.startsWith('too_many_')) return 'full';
  return doing;
}
