/**
 * The project list in pages, by example: the page calls answered by hand (controlled promises),
 * the upload and dialog outputs sent as events; one test through the services over the in-memory
 * API for the page size.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Project } from '../../src/api/schemas';
import { LIST_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../../src/machines/projects/listPages';
import { selectCounts, selectListStatus, selectPaging, selectShownProjects } from '../../src/machines/projects/listSelectors';
import { projectListMachine } from '../../src/machines/projects/projectListMachine';
import { DEFAULT_QUERY } from '../../src/machines/projects/projectQuery';
import { createServices } from '../helpers/appHarness';
import { fakeProjectsApi, makeProject } from '../helpers/fakeProjectsApi';
import { createSut, settle, type Sut } from '../helpers/modelBased';
import { promiseActors } from '../models/projectList';

/** Project i is the i-th newest. */
const made = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => makeProject({ id: from + i, name: `Cabinet ${from + i}`, modificationDate: new Date(2026, 0, 1, 0, 100 - from - i) }));
const ids = (projects: Project[]) => projects.map((p) => p.id);
const page = (items: Project[], nextCursor: string | null, total: number, all = total) => ({ items, nextCursor, total, all });

async function answer(sut: Sut, output: unknown) {
  const call = sut.pending.loadPage.shift();
  if (!call) throw new Error('no page asked for');
  call.resolve(output);
  await settle();
  return call.input;
}
const snapshot = (sut: Sut) => sut.actor.getSnapshot();

describe('the project list in pages', () => {
  it('asks for the first page with the query, the next ones after their cursor only when the end comes near, and stops after the last', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    expect(await answer(sut, page(made(2), 'c2', 5))).toEqual({ query: DEFAULT_QUERY, cursor: null });
    expect(selectPaging(snapshot(sut))).toBe('more');
    expect(sut.pending.loadPage).toHaveLength(0);
    sut.actor.send({ type: 'list.more' });
    sut.actor.send({ type: 'list.more' });
    expect(selectPaging(snapshot(sut))).toBe('loadingMore');
    expect(sut.pending.loadPage).toHaveLength(1);
    // A card of the page already there (read twice across a change) is not doubled.
    expect(await answer(sut, page([...made(1, 2), ...made(2, 3)], 'c4', 5))).toEqual({ query: DEFAULT_QUERY, cursor: 'c2' });
    expect(ids(snapshot(sut).context.projects)).toEqual([1, 2, 3, 4]);
    sut.actor.send({ type: 'list.more' });
    expect(await answer(sut, page(made(1, 5), null, 5))).toEqual({ query: DEFAULT_QUERY, cursor: 'c4' });
    expect(ids(selectShownProjects(snapshot(sut)))).toEqual([1, 2, 3, 4, 5]);
    expect(snapshot(sut).matches({ data: 'complete' })).toBe(true);
    sut.actor.send({ type: 'list.more' });
    expect(sut.pending.loadPage).toHaveLength(0);
  });

  it('keeps the cards read when a later page fails, and its retry asks for the same page', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    await answer(sut, page(made(2), 'c2', 3));
    sut.actor.send({ type: 'list.more' });
    sut.pending.loadPage.shift()!.reject(new Error('502'));
    await settle();
    expect(selectPaging(snapshot(sut))).toBe('moreFailed');
    expect(selectListStatus(snapshot(sut))).toBe('ready');
    expect(ids(snapshot(sut).context.projects)).toEqual([1, 2]);
    sut.actor.send({ type: 'list.retry' });
    expect(await answer(sut, page(made(1, 3), null, 3))).toEqual({ query: DEFAULT_QUERY, cursor: 'c2' });
    expect(ids(snapshot(sut).context.projects)).toEqual([1, 2, 3]);
  });

  it('a failed first page is read again on retry', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    sut.pending.loadPage.shift()!.reject(new Error('500'));
    await settle();
    expect(selectListStatus(snapshot(sut))).toBe('failed');
    sut.actor.send({ type: 'list.retry' });
    expect(await answer(sut, page([], null, 0))).toEqual({ query: DEFAULT_QUERY, cursor: null });
    expect(selectListStatus(snapshot(sut))).toBe('empty');
  });

  it('asks the server once the keys of a search pause, narrowing the cards read meanwhile; a filter or sort asks at once', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    const kitchen = makeProject({ id: 9, name: 'Kitchen' });
    await answer(sut, page([kitchen, ...made(2)], 'c3', 40));
    sut.actor.send({ type: 'list.search', text: 'ki' });
    sut.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    sut.actor.send({ type: 'list.search', text: 'kit' });
    expect(ids(selectShownProjects(snapshot(sut)))).toEqual([9]);
    // The count stays the last answer's until the new one.
    expect(selectCounts(snapshot(sut))).toEqual({ matching: 40, all: 40 });
    sut.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(sut.pending.loadPage).toHaveLength(0);
    sut.clock.increment(1);
    expect(await answer(sut, page([kitchen], null, 1, 40))).toEqual({ query: { ...DEFAULT_QUERY, search: 'kit' }, cursor: null });
    expect(selectCounts(snapshot(sut))).toEqual({ matching: 1, all: 40 });
    sut.actor.send({ type: 'list.sort', by: 'name' });
    expect(sut.pending.loadPage.map((c) => c.input)).toEqual([{ query: { ...DEFAULT_QUERY, search: 'kit', sort: 'name' }, cursor: null }]);
    // A newer filter replaces the request on its way.
    sut.actor.send({ type: 'list.filterStage', stage: 'ready' });
    expect(sut.pending.loadPage.map((c) => c.input)).toEqual([{ query: { ...DEFAULT_QUERY, search: 'kit', sort: 'name', stage: 'ready' }, cursor: null }]);
    await answer(sut, page([], null, 0, 40));
    expect(selectListStatus(snapshot(sut))).toBe('noMatch');
  });

  it('shows a created project on top in date order, counts one that sorts after the cards read and lets its page bring it', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    await answer(sut, page(made(2), 'c2', 4));
    const newest = makeProject({ id: 50, name: 'Zebra', modificationDate: new Date(2026, 5, 1) });
    sut.actor.send({ type: 'list.projectAdded', project: newest });
    expect(ids(selectShownProjects(snapshot(sut)))).toEqual([50, 1, 2]);
    expect(selectCounts(snapshot(sut))).toEqual({ matching: 5, all: 5 });
    sut.actor.send({ type: 'list.sort', by: 'name' });
    await answer(sut, page(made(2), 'c2', 5));
    // By name, "Zebra" comes after the cards read: counted, not shown out of its place.
    const zed = makeProject({ id: 51, name: 'Zed', modificationDate: new Date(2026, 5, 2) });
    sut.actor.send({ type: 'list.projectAdded', project: zed });
    expect(ids(selectShownProjects(snapshot(sut)))).toEqual([1, 2]);
    expect(selectCounts(snapshot(sut))).toEqual({ matching: 6, all: 6 });
    sut.actor.send({ type: 'list.more' });
    await answer(sut, page([newest, zed], null, 6));
    expect(ids(selectShownProjects(snapshot(sut)))).toEqual([1, 2, 50, 51]);
  });

  it('a deleted project leaves the cards and the counts, and a page answered before the delete does not bring it back', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    await answer(sut, page(made(2), 'c2', 3));
    sut.actor.send({ type: 'list.more' });
    sut.actor.send({ type: 'list.delete', id: 2 });
    sut.pending.delete.shift()!.resolve({ id: 2 });
    await settle();
    expect(selectCounts(snapshot(sut))).toEqual({ matching: 2, all: 2 });
    await answer(sut, page(made(2, 2), null, 3));
    expect(ids(snapshot(sut).context.projects)).toEqual([1, 3]);
  });

  it('a card changed out of the step filter leaves the list and the count once saved', async () => {
    const sut = createSut(projectListMachine, { promiseActors, input: { query: { stage: 'ready' } } });
    const ready = made(3).map((p) => ({ ...p, currentStage: 'ready' as const }));
    expect(await answer(sut, page(ready, null, 3, 10))).toEqual({ query: { ...DEFAULT_QUERY, stage: 'ready' }, cursor: null });
    sut.actor.send({ type: 'list.changeStage', id: 2, stage: 'production' });
    expect(ids(selectShownProjects(snapshot(sut)))).toEqual([1, 3]);
    expect(selectCounts(snapshot(sut))).toEqual({ matching: 2, all: 10 });
    sut.pending.syncProject.shift()!.resolve({ ...ready[1], currentStage: 'production' });
    await settle();
    expect(ids(snapshot(sut).context.projects)).toEqual([1, 3]);
    expect(selectCounts(snapshot(sut))).toEqual({ matching: 2, all: 10 });
  });

  it('through the services, reads pages of LIST_PAGE_SIZE from the API', async () => {
    const projectsApi = fakeProjectsApi(made(LIST_PAGE_SIZE + 4));
    const { services } = createServices({ projectsApi });
    const list = createActor(services.projects.machines.list, { input: services.projects.listInput() }).start();
    await waitFor(list, (s) => s.matches({ data: 'more' }));
    expect(list.getSnapshot().context.projects).toHaveLength(LIST_PAGE_SIZE);
    list.send({ type: 'list.more' });
    await waitFor(list, (s) => s.matches({ data: 'complete' }));
    expect(ids(list.getSnapshot().context.projects)).toEqual(ids(made(LIST_PAGE_SIZE + 4)));
    list.stop();
  });
});
