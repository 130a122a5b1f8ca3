/**
 * The project list oracle, from SPEC §2 (project list), §4 (stages, publishing, deleting) and §5
 * (search and filter), with the list read in pages (docs/decisions.md): the first page is asked
 * for with the search, step filter and sort (again on retry, on a new filter or sort, after the
 * keys of a search pause for 250 ms, and when an upload adds a project while it is on its way); it
 * replaces the cards; the next page is asked for, after the last one's cursor, only when the end of
 * the grid comes near and a cursor is left, and adds the cards not already there (nor deleted
 * here); a failed later page keeps the cards and its retry asks for the same page. The counts are
 * the server's, one more for a matching project an upload adds (shown when every page is in or it
 * sorts ahead of the last card read, else left for its page), one less for a deleted one or one
 * whose change takes it out of the search or filter. One dialog at a time, about a card
 * that exists; a rename shows the new name and refreshes the card, a confirmed delete removes it, a
 * share change shows and refreshes it; a stage change to another known stage shows at once, is sent
 * (PATCH then GET) one round-trip at a time in order, and on failure is put back with a "save
 * failed" notice (unless a newer choice for that card waits); cards from uploads are added or
 * replaced; an unsupported file is named in a notice until dismissed.
 */
import type { Project } from '../../src/api/schemas';
import type { ListEvent } from '../../src/machines/projects/projectListMachine';
import type { Expected, Oracle } from '../helpers/modelBased';

export interface Task {
  id: number;
  patch?: { currentStage: string };
  revert?: { currentStage: string };
}

type Query = { search: string; stage: string; sort: string; reversed: boolean };
type Page = { items: Project[]; nextCursor: string | null; total: number; all: number };

export interface ListExpected extends Expected {
  value: { data: string; dialog: string; sync: string };
  projects: Project[];
  /** The page asked for and not answered yet. */
  request: { query: Query; cursor: string | null } | null;
  /** The query of the cards read, the next page's cursor, the counts, the ids deleted here, each card's date as read. */
  loadedQuery: Query;
  cursor: string | null;
  total: number;
  all: number | null;
  gone: number[];
  dates: Record<number, number>;
  /** The round-trip on the wire, then those waiting, in order. */
  inFlight: Task | null;
  waiting: Task[];
  notice: { kind: string; name?: string } | null;
  dialogProject: Project | null;
  query: Query;
}

/** SPEC §4: the stages, in order. */
export const STAGES = ['new', 'approval', 'ready', 'production', 'installation', 'finished'];
const byId = (projects: Project[], id: number) => projects.find((p) => p.id === id);
const put = (projects: Project[], project: Project) => [...projects.filter((p) => p.id !== project.id), project];
const patch = (projects: Project[], id: number, fields: Partial<Project>) => projects.map((p) => (p.id === id ? { ...p, ...fields } : p));

/** SPEC §5: the search finds the name ignoring case and accents; the step filter keeps one stage. */
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
export const matches = (p: { name: string; currentStage: string }, q: Query) => fold(p.name).includes(fold(q.search.trim())) && (q.stage === 'all' || p.currentStage === q.stage);
/** SPEC §2: by name, or by date newest first (the date a card had when read); the reverse button flips it. */
function before(q: Query, dates: Record<number, number>) {
  const names = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const date = (p: Project) => dates[p.id] ?? p.modificationDate.getTime();
  return (a: Project, b: Project) => (q.reversed ? -1 : 1) * ((q.sort === 'name' ? names.compare(a.name, b.name) : date(b) - date(a)) || b.id - a.id);
}
const firstPageOf = (e: ListExpected, query: Query): ListExpected => ({ ...e, value: { ...e.value, data: 'loading' }, request: { query, cursor: null }, effects: [...e.effects, 'GET the first page'] });
/** A new step filter or sort: kept, and its first page asked for at once. */
const requery = (e: ListExpected, query: Query) => firstPageOf({ ...e, query }, query);
const datesOf = (projects: Project[]) => Object.fromEntries(projects.map((p) => [p.id, p.modificationDate.getTime()]));

/** A project an upload created, as the list counts and shows it. */
function added(e: ListExpected, project: Project): ListExpected {
  if (byId(e.projects, project.id)) return { ...e, projects: put(e.projects, project) };
  const all = e.all === null ? null : e.all + 1;
  if (!matches(project, e.loadedQuery)) return { ...e, all };
  const order = before(e.loadedQuery, e.dates);
  const last = e.projects.filter((p) => matches(p, e.loadedQuery)).sort(order).at(-1);
  const shown = e.cursor === null || (last !== undefined && order(project, last) < 0);
  return shown
    ? { ...e, all, total: e.total + 1, projects: put(e.projects, project), dates: { ...e.dates, [project.id]: project.modificationDate.getTime() } }
    : { ...e, all, total: e.total + 1 };
}

/** A page answered. */
function pageIn(e: ListExpected, page: Page): ListExpected {
  const first = e.value.data === 'loading';
  const fresh = page.items.filter((p) => !e.gone.includes(p.id) && (first || !byId(e.projects, p.id)));
  const projects = first ? fresh : [...e.projects, ...fresh];
  const dates = first ? datesOf(fresh) : { ...e.dates, ...datesOf(fresh) };
  const loadedQuery = first ? e.query : e.loadedQuery;
  return { ...e, projects, dates, loadedQuery, cursor: page.nextCursor, total: page.total, all: page.all, request: null, value: { ...e.value, data: page.nextCursor ? 'more' : 'complete' } };
}

/** The next round-trip goes out as soon as none is on the wire. */
function send(e: ListExpected): ListExpected {
  if (e.inFlight || e.waiting.length === 0) return { ...e, value: { ...e.value, sync: e.inFlight ? 'syncing' : 'idle' } };
  const [next, ...rest] = e.waiting;
  return { ...e, inFlight: next, waiting: rest, value: { ...e.value, sync: 'syncing' }, effects: [...e.effects, next.patch ? `PATCH+GET projects/${next.id}` : `GET projects/${next.id}`] };
}

export const projectListOracle: Oracle<ListEvent, ListExpected> = {
  initial: () => ({
    value: { data: 'loading', dialog: 'none', sync: 'idle' },
    effects: [],
    projects: [],
    request: { query: { search: '', stage: 'all', sort: 'date', reversed: false }, cursor: null },
    loadedQuery: { search: '', stage: 'all', sort: 'date', reversed: false },
    cursor: null,
    total: 0,
    all: null,
    gone: [],
    dates: {},
    inFlight: null,
    waiting: [],
    notice: null,
    dialogProject: null,
    query: { search: '', stage: 'all', sort: 'date', reversed: false },
  }),
  next(prev, event) {
    const e: ListExpected = { ...prev, effects: [] };
    const type = event.type as string;
    const output = (event as { output?: unknown }).output;
    const dialog = (name: string, project: Project | null) => ({ ...e, value: { ...e.value, dialog: name }, dialogProject: project });
    switch (event.type) {
      case 'list.retry':
        if (e.value.data === 'failed') return firstPageOf(e, e.query);
        if (e.value.data === 'moreFailed') return { ...e, value: { ...e.value, data: 'loadingMore' }, request: { query: e.loadedQuery, cursor: e.cursor }, effects: ['GET the same next page'] };
        return e;
      case 'list.more':
        return e.value.data === 'more' ? { ...e, value: { ...e.value, data: 'loadingMore' }, request: { query: e.loadedQuery, cursor: e.cursor }, effects: ['GET the next page'] } : e;
      case 'list.search':
        // The server is asked once the keys pause.
        return { ...e, query: { ...e.query, search: event.text }, value: { ...e.value, data: 'searching' }, request: null };
      case 'list.filterStage':
        return event.stage === 'all' || STAGES.includes(event.stage) ? requery(e, { ...e.query, stage: event.stage }) : e;
      case 'list.sort':
        return ['date', 'name'].includes(event.by) ? requery(e, { ...e.query, sort: event.by }) : e;
      case 'list.reverse':
        return requery(e, { ...e.query, reversed: !e.query.reversed });
      case 'list.rename':
      case 'list.delete':
      case 'list.share': {
        const project = byId(e.projects, event.id);
        if (e.value.dialog !== 'none' || !project) return e;
        return { ...dialog({ 'list.rename': 'renaming', 'list.delete': 'deleting', 'list.share': 'sharing' }[event.type], project), effects: [`${event.type.slice(5)} dialog for ${event.id}`] };
      }
      case 'list.changeStage': {
        const project = byId(e.projects, event.id);
        if (!project || !STAGES.includes(event.stage) || project.currentStage === event.stage) return e;
        const task = { id: event.id, patch: { currentStage: event.stage }, revert: { currentStage: project.currentStage } };
        return send({ ...e, projects: patch(e.projects, event.id, { currentStage: event.stage }), waiting: [...e.waiting, task], effects: [`card ${event.id} shows ${event.stage}`] });
      }
      case 'list.projectAdded':
        // The first page on its way may have been read before the project was created.
        return e.value.data === 'loading' ? firstPageOf(e, e.query) : added(e, event.project);
      case 'list.projectUpdated':
        return byId(e.projects, event.project.id) ? { ...e, projects: put(e.projects, event.project) } : e;
      case 'list.fileRejected':
        return { ...e, notice: { kind: 'unsupportedFile', name: event.name } };
      case 'list.dismissNotice':
        return { ...e, notice: null };
    }
    if (type.startsWith('xstate.after.') && e.value.data === 'searching') return firstPageOf(e, e.query);
    if ((e.value.data === 'loading' || e.value.data === 'loadingMore') && type === 'xstate.done.actor.loadPage') return pageIn(e, output as Page);
    if (e.value.data === 'loading' && type === 'xstate.error.actor.loadPage') return { ...e, request: null, value: { ...e.value, data: 'failed' } };
    if (e.value.data === 'loadingMore' && type === 'xstate.error.actor.loadPage') return { ...e, request: null, value: { ...e.value, data: 'moreFailed' } };
    const closed = (next: ListExpected) => send({ ...next, value: { ...next.value, dialog: 'none' }, dialogProject: null });
    if (e.value.dialog === 'renaming' && type === 'xstate.done.actor.rename') {
      if (!output) return closed(e);
      const renamed = output as { id: number; name: string };
      return closed({ ...e, projects: patch(e.projects, renamed.id, { name: renamed.name }), waiting: [...e.waiting, { id: renamed.id }] });
    }
    if (e.value.dialog === 'deleting' && type === 'xstate.done.actor.delete') {
      if (!output) return closed(e);
      const { id } = output as { id: number };
      const all = e.all === null ? null : Math.max(0, e.all - 1);
      return closed({ ...e, projects: e.projects.filter((p) => p.id !== id), waiting: e.waiting.filter((t) => t.id !== id), total: Math.max(0, e.total - 1), all, gone: [...e.gone, id] });
    }
    if (e.value.dialog === 'sharing' && type === 'xstate.done.actor.share') {
      const shared = output as Project;
      const before = byId(e.projects, shared.id);
      const changed = before !== undefined && (before!.isPublished !== shared.isPublished || JSON.stringify(before!.shareOptions) !== JSON.stringify(shared.shareOptions));
      return closed(changed ? { ...e, projects: put(e.projects, shared), waiting: [...e.waiting, { id: shared.id }] } : e);
    }
    if (e.inFlight && type === 'xstate.done.actor.syncProject') {
      const answered = output as Project;
      const newerStage = e.waiting.filter((t) => t.id === answered.id && t.patch).at(-1)?.patch?.currentStage;
      const shown = (newerStage === undefined ? answered : { ...answered, currentStage: newerStage }) as Project;
      if (!byId(e.projects, answered.id)) return send({ ...e, inFlight: null });
      // A card changed out of the search or filter the cards were read with leaves them and the count.
      if (!matches(shown, e.loadedQuery)) return send({ ...e, inFlight: null, projects: e.projects.filter((p) => p.id !== answered.id), total: Math.max(0, e.total - 1) });
      return send({ ...e, inFlight: null, projects: put(e.projects, shown) });
    }
    if (e.inFlight && type === 'xstate.error.actor.syncProject') {
      const task = e.inFlight;
      const newerWaits = e.waiting.some((t) => t.id === task.id && t.patch);
      const projects = task.revert && !newerWaits ? patch(e.projects, task.id, task.revert as Partial<Project>) : e.projects;
      return send({ ...e, inFlight: null, projects, notice: task.patch ? { kind: 'saveFailed' } : e.notice, effects: task.patch ? ['save failed notice'] : [] });
    }
    return e;
  },
  check: () => {},
};
