/**
 * The project list in pages: `GET projects?limit=N` with the screen's search, step filter and sort
 * (projectQuery.ts) answers one page and a cursor to the next. The cursor names the last project of
 * the page by its sort values, so a project added, changed or deleted meanwhile neither repeats nor
 * hides the ones after it (each project appears at most once while the list does not change). The
 * plain `GET projects`, the whole list, stays as it was for existing clients.
 */
import * as z from 'zod/mini';
import { projectSchema, STAGES } from './schemas';
import { comparatorFor, SORT_KEYS, type Listable, type ProjectQuery } from './projectQuery';

const MAX_PAGE_SIZE = 200;
/** What the list screen asks for at a time: three rows of the widest grid, twelve of a phone's. */
export const LIST_PAGE_SIZE = 36;

const flag = z.pipe(z.enum(['true', 'false', '1', '0']), z.transform((v) => v === 'true' || v === '1'));

/** The query string of a page (every field optional but `limit`; the defaults are the screen's). */
export const projectPageQuerySchema = z.object({
  limit: z.pipe(z.string().check(z.regex(/^\d{1,4}$/)), z.transform(Number)).check(z.refine((n) => n >= 1 && n <= MAX_PAGE_SIZE, `limit: 1 to ${MAX_PAGE_SIZE}`)),
  cursor: z.optional(z.string().check(z.maxLength(400))),
  search: z._default(z.string().check(z.maxLength(200)), ''),
  stage: z._default(z.enum(['all', ...STAGES]), 'all'),
  sort: z._default(z.enum(SORT_KEYS), 'date'),
  reversed: z._default(flag, false),
});
export type ProjectPageQuery = z.output<typeof projectPageQuerySchema>;

export const projectPageSchema = z.object({
  items: z.array(projectSchema),
  /** Pass it back as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
  /** Projects matching the search and filter, in all pages. */
  total: z.int().check(z.nonnegative()),
  /** The owner's projects, whatever the search and filter (the list screen's "12 of 40 projects", and its empty list). */
  all: z.int().check(z.nonnegative()),
});
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** The query string of a page request. */
export function pageSearchParams(query: Omit<ProjectQuery, 'search'> & { search?: string }, limit: number, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit), sort: query.sort, reversed: String(query.reversed), stage: query.stage });
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (cursor) params.set('cursor', cursor);
  return params;
}

interface CursorItem {
  i: number;
  n: string;
  d: number;
}

export function encodeCursor(item: Listable): string {
  const json = JSON.stringify({ i: item.id, n: item.name, d: item.modificationDate.getTime() } satisfies CursorItem);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The project a cursor names, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): Listable | undefined {
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const item = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Partial<CursorItem>;
    if (!Number.isSafeInteger(item.i) || typeof item.n !== 'string' || !Number.isFinite(item.d)) return undefined;
    return { id: item.i as number, name: item.n, modificationDate: new Date(item.d as number), currentStage: STAGES[0] };
  } catch {
    return undefined;
  }
}

/** The page after `cursor` of a list already searched, filtered and sorted by `query`. */
export function pageAfter<T extends Listable>(visible: readonly T[], query: Pick<ProjectQuery, 'sort' | 'reversed'>, limit: number, cursor: Listable | undefined): { items: T[]; next: T | undefined } {
  const compare = comparatorFor(query);
  const start = cursor ? visible.findIndex((item) => compare(cursor, item) < 0) : 0;
  if (start < 0) return { items: [], next: undefined };
  const items = visible.slice(start, start + limit);
  return { items, next: start + limit < visible.length ? items.at(-1) : undefined };
}
