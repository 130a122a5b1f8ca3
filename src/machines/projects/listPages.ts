/**
 * The list's pages as the list machine keeps them (projectListMachine.ts): the rows read so far, in
 * the server's order for the query they were read with (`loadedQuery`), the cursor of the next
 * page, and the server's counts, kept true between pages as cards are added, deleted or changed
 * out of the search or filter.
 */
import { LIST_PAGE_SIZE, type ProjectPage } from '../../api/projectPages';
import type { Project } from '../../api/schemas';
import { comparatorFor, listedDatesOf, matchesSearch, visibleProjects, type ListedDates, type ProjectQuery } from './projectQuery';

export { LIST_PAGE_SIZE, type ProjectPage };

/** How long the search box waits after a key before asking the server (keys typed meanwhile restart it). */
export const SEARCH_DEBOUNCE_MS = 250;

/** What one page request names: the query, and where the previous page ended (null: the first page). */
export interface PageRequest {
  query: ProjectQuery;
  cursor: string | null;
}

export interface PagedRows {
  /** The cards read so far (and added since). */
  projects: Project[];
  /** Sort dates as of the read (and of cards added since): changes keep cards in place until the next read. */
  listed: ListedDates;
  /** The query the rows were read with (the screen's `query` differs while a new one waits for its first page). */
  loadedQuery: ProjectQuery;
  /** Where the next page starts; null when every page is in. */
  cursor: string | null;
  /** Projects matching `loadedQuery`, loaded or not. */
  total: number;
  /** The owner's projects; null until the first page is in. */
  all: number | null;
  /** Projects deleted here: a page answered before the delete does not bring them back. */
  gone: number[];
}

const matchesQuery = (project: Project, query: ProjectQuery) =>
  matchesSearch(project.name, query.search) && (query.stage === 'all' || project.currentStage === query.stage);

export const hasNextPage = (page: ProjectPage) => page.nextCursor !== null;

/** The first page of `query`: the rows so far are replaced. */
export function firstPage(page: ProjectPage, query: ProjectQuery, gone: number[]): Partial<PagedRows> {
  const projects = page.items.filter((p) => !gone.includes(p.id));
  return { projects, listed: listedDatesOf(projects), loadedQuery: query, cursor: page.nextCursor, total: page.total, all: page.all };
}

/** The next page, after the rows so far (a row already there stays as it is). */
export function nextPage(rows: PagedRows, page: ProjectPage): Partial<PagedRows> {
  const added = page.items.filter((p) => !rows.gone.includes(p.id) && !rows.projects.some((q) => q.id === p.id));
  return { projects: [...rows.projects, ...added], listed: { ...rows.listed, ...listedDatesOf(added) }, cursor: page.nextCursor, total: page.total, all: page.all };
}

/**
 * A project an upload created: counted, and shown when it belongs among the rows read so far
 * (with every page in, or ahead of the last row read); one that sorts after them comes with its page.
 */
export function addedProject(rows: PagedRows, project: Project): Partial<PagedRows> {
  if (rows.projects.some((p) => p.id === project.id)) return { projects: rows.projects.map((p) => (p.id === project.id ? project : p)) };
  const all = rows.all === null ? null : rows.all + 1;
  if (!matchesQuery(project, rows.loadedQuery)) return { all };
  const last = visibleProjects(rows.projects, rows.loadedQuery, rows.listed).at(-1);
  const inPlace = rows.cursor === null || (last !== undefined && comparatorFor(rows.loadedQuery, rows.listed)(project, last) < 0);
  if (!inPlace) return { all, total: rows.total + 1 };
  return { all, total: rows.total + 1, projects: [project, ...rows.projects], listed: { ...rows.listed, [project.id]: project.modificationDate.getTime() } };
}

/** A project deleted here leaves the rows and both counts. */
export function deletedProject(rows: PagedRows, id: number): Partial<PagedRows> {
  return {
    projects: rows.projects.filter((p) => p.id !== id),
    total: Math.max(0, rows.total - 1),
    all: rows.all === null ? null : Math.max(0, rows.all - 1),
    gone: [...rows.gone, id],
  };
}

/** A project the server answered after a change: one that no longer matches the search or filter leaves the rows and the count. */
export function refreshedProject(rows: PagedRows, project: Project): Partial<PagedRows> {
  if (!rows.projects.some((p) => p.id === project.id)) return {};
  if (!matchesQuery(project, rows.loadedQuery)) return { projects: rows.projects.filter((p) => p.id !== project.id), total: Math.max(0, rows.total - 1) };
  return { projects: rows.projects.map((p) => (p.id === project.id ? project : p)) };
}

/** The count of matching projects the screen shows: the server's, less cards changed here out of the query and not yet answered. */
export const matchingCount = (rows: PagedRows) => Math.max(0, rows.total - rows.projects.filter((p) => !matchesQuery(p, rows.loadedQuery)).length);
