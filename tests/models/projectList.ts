/** The project list machine's model: events, system under test, and the checks of its oracle (projectListOracle.ts). */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { Project } from '../../src/api/schemas';
import { projectListMachine, type ListContext, type ListEvent } from '../../src/machines/projects/projectListMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Oracle } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';
import { matches, projectListOracle, STAGES, type ListExpected } from './projectListOracle';

export const p1 = makeProject({ id: 1, name: 'Kitchen' });
export const p2 = makeProject({ id: 2, name: 'Bathroom', currentStage: 'production' });
export const p3 = makeProject({ id: 3, name: 'Wardrobe' });
/** On the server only: the oldest, read with the second page (which another follows) and the third. */
export const p4 = makeProject({ id: 4, name: 'Pantry', modificationDate: new Date(2024, 5, 1) });
export const p5 = makeProject({ id: 5, name: 'Shed', modificationDate: new Date(2024, 4, 1) });
export const p6 = makeProject({ id: 6, name: 'Stairs', modificationDate: new Date(2024, 3, 1) });
/** An upload older than every card read (a date in the past, as a file's could be): its page shows it. */
export const p7 = makeProject({ id: 7, name: 'Attic', modificationDate: new Date(2023, 0, 1) });
export const promiseActors = ['loadPage', 'syncProject', 'rename', 'delete', 'share'];

type Query = ListContext['query'];
/** The server's answers, two projects a page, from its list as the test knows it (not from the machine). */
const SERVER = [p1, p2, p4, p5, p6];
function served(query: Query): Project[] {
  const names = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const kept = SERVER.filter((p) => matches(p, query));
  kept.sort((a, b) => (query.sort === 'name' ? names.compare(a.name, b.name) : b.modificationDate.getTime() - a.modificationDate.getTime()) || b.id - a.id);
  return query.reversed ? kept.reverse() : kept;
}
function page(query: Query, after: string | null) {
  const all = served(query);
  const start = after === null ? 0 : all.findIndex((p) => String(p.id) === after) + 1;
  const items = all.slice(start, start + 2);
  const more = start + 2 < all.length;
  return { items, nextCursor: more ? String(items.at(-1)!.id) : null, total: all.length, all: SERVER.length };
}

/** What decides the next transitions: state, which projects exist at which stage, the queue, the notice. */
function key(s: { value: unknown; context: unknown }) {
  const c = s.context as ListContext;
  // Coarse on purpose: which projects exist and how long the queue is, not every stage combination
  // (the full product of the three regions makes tens of thousands of paths).
  return JSON.stringify([s.value, c.projects.map((p) => p.id).sort(), c.queue.length, c.notice?.kind ?? null, c.dialogProject?.id ?? null, c.cursor !== null]);
}

function events(snapshot: { context: unknown; matches(v: unknown): boolean }): ListEvent[] {
  const c = snapshot.context as ListContext;
  const head = c.queue[0];
  const served = head ? (c.projects.find((p) => p.id === head.id) ?? makeProject({ id: head.id })) : null;
  const list: unknown[] = [
    { type: 'list.retry' },
    { type: 'list.more' },
    { type: 'list.search', text: 'kit' },
    { type: 'xstate.after.250.projectList.data.searching' },
    { type: 'list.delete', id: 2 },
    { type: 'list.projectAdded', project: p3 },
    { type: 'list.projectUpdated', project: { ...p1, revisionNumber: 2 } },
    { type: 'list.fileRejected', name: 'notes.txt' },
    { type: 'list.dismissNotice' },
    { type: 'list.filterStage', stage: 'new' },
    { type: 'list.sort', by: 'name' },
    // Values outside the lists: refused.
    { type: 'list.filterStage', stage: 'someday' },
    { type: 'list.sort', by: 'size' },
    { type: 'list.changeStage', id: 1, stage: 'someday' },
  ];
  // While pages are left, an upload that sorts after the cards read (counted, not shown yet).
  if (c.cursor !== null && !c.projects.some((p) => p.id === 7)) list.push({ type: 'list.projectAdded', project: p7 });
  // Renames and share changes queue a refresh each: offer them only while the queue is short, so
  // the model stays finite.
  if (c.queue.length < 2) list.push({ type: 'list.rename', id: 1 }, { type: 'list.share', id: 1 });
  // One stage change waits at most behind another: enough to cover the queue, few enough paths.
  if (c.queue.length < 2 && c.notice === null) list.push({ type: 'list.changeStage', id: 1, stage: c.queue.length ? 'new' : 'approval' });
  if (snapshot.matches({ data: 'loading' })) {
    list.push({ type: 'xstate.done.actor.loadPage', output: page(c.query, null) }, { type: 'xstate.error.actor.loadPage', error: new Error('500') });
  }
  if (snapshot.matches({ data: 'loadingMore' })) {
    list.push({ type: 'xstate.done.actor.loadPage', output: page(c.loadedQuery, c.cursor) }, { type: 'xstate.error.actor.loadPage', error: new Error('500') });
  }
  if (served) {
    // The server answers with the project as the PATCH left it.
    const answered = { ...served, ...head!.patch, modificationDate: new Date(2026, 0, 1) } as Project;
    list.push({ type: 'xstate.done.actor.syncProject', output: answered }, { type: 'xstate.error.actor.syncProject', error: new Error('500') });
  }
  if (snapshot.matches({ dialog: 'renaming' })) {
    list.push({ type: 'xstate.done.actor.rename', output: { id: 1, name: 'Renamed' } }, { type: 'xstate.done.actor.rename', output: null });
  }
  if (snapshot.matches({ dialog: 'deleting' })) {
    list.push({ type: 'xstate.done.actor.delete', output: { id: 2 } }, { type: 'xstate.done.actor.delete', output: null });
  }
  if (snapshot.matches({ dialog: 'sharing' })) {
    const shown = c.projects.find((p) => p.id === 1) ?? p1;
    list.push({ type: 'xstate.done.actor.share', output: { ...shown, isPublished: true } }, { type: 'xstate.done.actor.share', output: shown });
  }
  return list as ListEvent[];
}


/** The run the list page plays (e2e/screens/projectListScreen.ts): what a user can do on it, when they can. */
export const PAGE_RUN = 'the page: what its controls offer, when they show';

/**
 * The events of the page's run: those of the list, less what the page does not offer. No upload
 * from the list (it opens the new project's viewer); no value outside the menus; nothing on the
 * list while a dialog covers it (a rename, delete or share dialog, or the message naming a refused
 * file); a card's menu and step only while its card shows; Dismiss with its notice, Try again after
 * a failed read, the end of the grid while a next page waits; a search, filter or sort only to what
 * they do not already show.
 */
function onThePage(snapshot: { context: unknown; matches(v: unknown): boolean }, event: ListEvent): boolean {
  const c = snapshot.context as ListContext;
  const covered = !snapshot.matches({ dialog: 'none' }) || c.notice?.kind === 'unsupportedFile';
  const failed = snapshot.matches({ data: 'failed' });
  const shows = (id: number) => c.all !== null && !failed && c.projects.some((p) => p.id === id && matches(p, c.query));
  const e = event as { type: string; id?: number; stage?: string; by?: string; text?: string; project?: Project; name?: string };
  if (!e.type.startsWith('list.')) return true;
  if (e.type === 'list.dismissNotice') return c.notice !== null && (c.notice.kind === 'unsupportedFile' ? snapshot.matches({ dialog: 'none' }) : !covered);
  if (covered || e.type === 'list.projectAdded') return false;
  switch (e.type) {
    case 'list.retry':
      return failed || snapshot.matches({ data: 'moreFailed' });
    case 'list.more':
      return snapshot.matches({ data: 'more' });
    case 'list.reverse':
      return true;
    case 'list.search':
      return e.text !== undefined && c.query.search !== e.text;
    case 'list.filterStage':
      return STAGES.includes(e.stage!) && c.query.stage !== e.stage;
    case 'list.sort':
      return ['date', 'name'].includes(e.by!) && c.query.sort !== e.by;
    case 'list.changeStage':
      return STAGES.includes(e.stage!) && shows(e.id!);
    case 'list.projectUpdated':
      return e.project !== undefined && shows(e.project.id);
    case 'list.fileRejected':
      return e.name !== undefined;
    default:
      return e.id !== undefined && shows(e.id);
  }
}

const sortById = (projects: Project[]) => [...projects].sort((x, y) => x.id - y.id);

const checked: Oracle<ListEvent, ListExpected> = {
  ...projectListOracle,
  check(real, e, sut) {
    const c = real.context as ListContext;
    same(sortById(c.projects), sortById(e.projects), 'the cards');
    same(c.notice, e.notice, 'the notice');
    same(c.dialogProject, e.dialogProject, 'the dialog\'s project');
    same(c.query, e.query, 'the search, filter and sort');
    same(sut.pending.loadPage.map((d) => d.input), e.request ? [e.request] : [], 'the page asked for');
    same([c.total, c.all, c.cursor], [e.total, e.all, e.cursor], 'the counts and the next page');
    same(c.loadedQuery, e.loadedQuery, 'the query of the cards read');
    same(sut.pending.syncProject.map((d) => d.input), e.inFlight ? [e.inFlight] : [], 'the round-trip in flight');
    for (const [child, state] of [['rename', 'renaming'], ['delete', 'deleting'], ['share', 'sharing']] as const) {
      same(sut.pending[child].map((d) => d.input), e.value.dialog === state ? [{ project: e.dialogProject }] : [], `the ${child} dialog`);
    }
  },
};

export const projectListModel: MachineModel = {
  name: 'projectList',
  machine: projectListMachine,
  source: 'src/machines/projects/projectListMachine.ts',
  testFile: 'tests/machines/projectListMachine.test.ts',
  runs: [
    {
      label: 'list, dialogs, stage queue',
      run: defineRun<ListEvent>({
        events,
        serializeState: key,
        sut: () => createSut(projectListMachine, { promiseActors }),
        oracle: checked as never,
      }),
    },
    {
      label: PAGE_RUN,
      run: defineRun<ListEvent>({
        events,
        filterEvents: onThePage as never,
        serializeState: (s) => JSON.stringify([key(s), (s.context as ListContext).query.search, (s.context as ListContext).query.stage]),
        sut: () => createSut(projectListMachine, { promiseActors }),
        oracle: checked as never,
      }),
    },
  ],
};
