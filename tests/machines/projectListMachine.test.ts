/**
 * Project list machine: model-based paths through its three regions (the list in pages: first
 * page, next pages, failures and retries, a new search, filter or sort; the dialogs and their
 * outputs; the stage-change queue answered or failed; cards added by uploads), replayed on the
 * real machine with controlled calls and the dialogs' child machines faked, checked by the oracle
 * of tests/models/projectListOracle.ts. Then examples, the page calls answered by hand.
 */
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/api/schemas';
import { projectListMachine, type ListContext, type ListEvent } from '../../src/machines/projects/projectListMachine';
import { createActor } from 'xstate';
import { DEFAULT_QUERY, visibleProjects } from '../../src/machines/projects/projectQuery';
import { memoryStorage } from '../../src/machines/storage/persisted';
import { createServices } from '../helpers/appHarness';
import { makeProject } from '../helpers/fakeProjectsApi';
import { selectShownProjects } from '../../src/machines/projects/listSelectors';
import { createSut, settle } from '../helpers/modelBased';
import { modelTests } from '../helpers/modelTests';
import { p1, p2, p3, promiseActors, projectListModel } from '../models/projectList';

modelTests(projectListModel);

describe('project list machine (examples)', () => {
  async function loaded(projects: Project[] = [p1, p2]) {
    const sut = createSut(projectListMachine, { promiseActors });
    sut.pending.loadPage.shift()!.resolve({ items: projects, nextCursor: null, total: projects.length, all: projects.length });
    await settle();
    return sut;
  }

  it('reverts a stage change the server refused, and says so', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'list.changeStage', id: 2, stage: 'finished' });
    expect(sut.actor.getSnapshot().context.projects.find((p: Project) => p.id === 2).currentStage).toBe('finished');
    sut.pending.syncProject.shift()!.reject(new Error('500'));
    await settle();
    const { context } = sut.actor.getSnapshot();
    expect(context.projects.find((p: Project) => p.id === 2).currentStage).toBe('production');
    expect(context.notice).toEqual({ kind: 'saveFailed' });
  });

  it('keeps a changed card in place in the date order until the list is read again', async () => {
    const older = makeProject({ id: 1, name: 'Older', modificationDate: new Date(2026, 0, 1) });
    const newer = makeProject({ id: 2, name: 'Newer', modificationDate: new Date(2026, 0, 2) });
    const sut = await loaded([older, newer]);
    const names = () => selectShownProjects(sut.actor.getSnapshot()).map((p: Project) => p.name);
    expect(names()).toEqual(['Newer', 'Older']);
    sut.actor.send({ type: 'list.changeStage', id: 1, stage: 'ready' });
    // The server answers with a new modification date: the newest now, yet the card stays put.
    sut.pending.syncProject.shift()!.resolve({ ...older, currentStage: 'ready', modificationDate: new Date(2026, 0, 3) });
    await settle();
    expect(sut.actor.getSnapshot().context.projects.find((p: Project) => p.id === 1).currentStage).toBe('ready');
    expect(names()).toEqual(['Newer', 'Older']);
    sut.actor.send({ type: 'list.projectUpdated', project: { ...newer, modificationDate: new Date(2026, 0, 4) } });
    expect(names()).toEqual(['Newer', 'Older']);
    // A new card goes on top.
    sut.actor.send({ type: 'list.projectAdded', project: makeProject({ id: 3, name: 'Added', modificationDate: new Date(2026, 0, 5) }) });
    expect(names()).toEqual(['Added', 'Newer', 'Older']);
  });

  it('starts from the step filter and sort of the last visit, keeps new choices, and never the search', async () => {
    const storage = memoryStorage();
    const first = createServices({ storage }).services.projects;
    const list = createActor(first.machines.list, { input: first.listInput() }).start();
    list.send({ type: 'list.filterStage', stage: 'production' });
    list.send({ type: 'list.sort', by: 'name' });
    list.send({ type: 'list.reverse' });
    list.send({ type: 'list.search', text: 'kit' });
    list.stop();
    const again = createServices({ storage }).services.projects;
    const next = createActor(again.machines.list, { input: again.listInput() }).start();
    expect(next.getSnapshot().context.query).toEqual({ search: '', stage: 'production', sort: 'name', reversed: true });
    next.stop();
    // Nothing kept, or something unreadable: the defaults.
    const fresh = createServices({ storage: memoryStorage({ 'cv.listQuery': '{"v":1,"data":{"stage":"nope"}}' }) }).services.projects;
    expect(createActor(fresh.machines.list, { input: fresh.listInput() }).getSnapshot().context.query).toEqual(DEFAULT_QUERY);
  });

  it('sends stage changes one after the other, in order, and keeps the newest choice', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'list.changeStage', id: 1, stage: 'approval' });
    sut.actor.send({ type: 'list.changeStage', id: 1, stage: 'ready' });
    sut.actor.send({ type: 'list.changeStage', id: 1, stage: 'not-a-stage' as never });
    expect(sut.pending.syncProject).toHaveLength(1);
    expect(sut.pending.syncProject[0].input).toMatchObject({ id: 1, patch: { currentStage: 'approval' } });
    sut.pending.syncProject.shift()!.resolve({ ...p1, currentStage: 'approval' });
    await settle();
    // The answer to the first change does not undo the second one, which is sent next.
    expect(sut.actor.getSnapshot().context.projects.find((p: Project) => p.id === 1).currentStage).toBe('ready');
    expect(sut.pending.syncProject[0].input).toMatchObject({ id: 1, patch: { currentStage: 'ready' } });
  });

  it('keeps query changes, and refuses an unknown filter or sort', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'list.search', text: 'kit' });
    sut.actor.send({ type: 'list.filterStage', stage: 'approval' });
    sut.actor.send({ type: 'list.sort', by: 'name' });
    sut.actor.send({ type: 'list.reverse' });
    sut.actor.send({ type: 'list.filterStage', stage: 'bogus' as never });
    sut.actor.send({ type: 'list.sort', by: 'size' as never });
    expect(sut.actor.getSnapshot().context.query).toEqual({ search: 'kit', stage: 'approval', sort: 'name', reversed: true });
  });

  it('asks for the first page again when a card is created while it loads', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    sut.actor.send({ type: 'list.projectAdded', project: p3 });
    // The first request is dropped; the new one is answered with the card.
    expect(sut.pending.loadPage).toHaveLength(1);
    sut.pending.loadPage.shift()!.resolve({ items: [p3, p1], nextCursor: null, total: 2, all: 2 });
    await settle();
    expect(sut.actor.getSnapshot().context.projects.map((p: Project) => p.id)).toEqual([3, 1]);
  });

  it('opens no dialog for a project it does not hold', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'list.rename', id: 99 });
    expect(sut.actor.getSnapshot().matches({ dialog: 'none' })).toBe(true);
  });
});

describe('project search', () => {
  const named = (names: string[]) => names.map((name, i) => makeProject({ id: i + 1, name }));
  const found = (names: string[], search: string) => visibleProjects(named(names), { ...DEFAULT_QUERY, search, sort: 'name' }).map((p) => p.name);

  it('ignores accents and case, in the search and in the names', () => {
    const names = ['Cuisine chêne', 'Bureau CHENE clair', 'Façade Noyer', 'École maternelle', 'Kitchen'];
    expect(found(names, 'chene')).toEqual(['Bureau CHENE clair', 'Cuisine chêne']);
    expect(found(names, 'CHÊNE')).toEqual(['Bureau CHENE clair', 'Cuisine chêne']);
    expect(found(names, 'facade')).toEqual(['Façade Noyer']);
    expect(found(names, 'ecole')).toEqual(['École maternelle']);
    expect(found(names, 'noyér')).toEqual(['Façade Noyer']);
    // Decomposed accents (as some systems write file names) are the same letters.
    expect(found(['Cuisine che\u0302ne'], 'chêne')).toEqual(['Cuisine che\u0302ne']);
    expect(found(names, 'oak')).toEqual([]);
  });
});
