/**
 * The owner's list in pages (src/api/projectPages.ts): the same search, step filter and sort as the
 * screen, run here over the user's list. The list of each list version is read once and kept (a
 * few users' lists, dropped oldest first), so paging through it costs one version lookup a page.
 */
import type { z } from 'zod';
import { decodeCursor, encodeCursor, pageAfter, type ProjectPageQuery } from '../../src/api/projectPages';
import { visibleProjects, type Listable } from '../../src/api/projectQuery';
import type { projectPageSchema } from '../../src/api/projectPages';
import type { ProjectWire } from '../../src/api/schemas';
import type { Db } from '../db/database';
import { listOwnedProjects } from '../db/projects';
import { ApiError } from './errors';
import { toOwnerProject } from './projectViews';

type Row = Listable & { wire: ProjectWire };

interface PageSource {
  /** The page of `query` from the list tagged `tag` (read from the database once per tag). */
  page(tag: string, ownerId: number, query: ProjectPageQuery): Promise<z.input<typeof projectPageSchema>>;
}

export function createPageSource(db: Db, keptLists = 32): PageSource {
  const lists = new Map<string, Promise<Row[]>>();
  const listOf = (tag: string, ownerId: number) => {
    let list = lists.get(tag);
    if (list) {
      lists.delete(tag);
    } else {
      list = listOwnedProjects(db, ownerId).then((projects) =>
        projects.map((p) => ({ id: p.id, name: p.name, currentStage: p.currentStage, modificationDate: new Date(p.modificationDate * 1000), wire: toOwnerProject(p) })),
      );
      list.catch(() => lists.delete(tag));
    }
    lists.set(tag, list);
    while (lists.size > keptLists) lists.delete(lists.keys().next().value as string);
    return list;
  };
  return {
    async page(tag, ownerId, query) {
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (query.cursor !== undefined && !cursor) throw new ApiError(400, 'invalid_cursor', 'This page cursor is not valid. Load the list again from its first page.');
      const list = await listOf(tag, ownerId);
      const visible = visibleProjects(list, query);
      const { items, next } = pageAfter(visible, query, query.limit, cursor);
      return { items: items.map((row) => row.wire), nextCursor: next ? encodeCursor(next) : null, total: visible.length, all: list.length };
    },
  };
}
