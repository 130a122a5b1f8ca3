/**
 * Shared rules of the comments and hyperlinks lists: order, optimistic removal and rollback, and
 * the error kinds a panel shows.
 *
 * Order decision: oldest first, newest last (the form sits under the list, like a conversation);
 * equal dates keep the server's id order. The original's faulty comparison (SPEC §9) is not kept.
 */
import { InvalidResponseError } from '../../api/errors';

export interface DatedItem {
  id: number;
  date: Date;
  isDeletable: boolean;
}

/** What went wrong, as the panel words it. */
export type ContentError = 'loadFailed' | 'createFailed' | 'deleteFailed' | 'invalidResponse';

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

/** A shape mismatch is worded as such; anything else by what the user was doing. */
export function errorKind(error: unknown, doing: Exclude<ContentError, 'invalidResponse'>): ContentError {
  return error instanceof InvalidResponseError ? 'invalidResponse' : doing;
}
