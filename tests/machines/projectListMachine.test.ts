/**
 * Project list machine: model-based paths through its three regions (loading, the dialogs and
 * their outputs, the stage-change queue answered or failed, cards added by uploads), replayed on
 * the real machine with controlled calls and the dialogs' child machines faked.
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
import { createSut, modelPaths, settle } from '../helpers/modelBased';
import { realCoverageTest } from '../helpers/modelTests';

const p1 = makeProject({ id: 1, name: 'Kitchen' });
const p2 = makeProject({ id: 2, name: 'Bathroom', currentStage: 'production' });
const p3 = makeProject({ id: 3, name: 'Wardrobe' });
const promiseActors = ['loadProjects', 'syncProject', 'rename', 'delete', 'share'];

/** What decides the next transitions: state, which projects exist at which stage, the queue, the notice. */
function key(s: { value: unknown; context: unknown }) {
  const c = s.context as ListContext;
  // Coarse on purpose: which projects exist and how long the queue is, not every stage combination
  // (the full product of the three regions makes tens of thousands of paths).
  return JSON.stringify([s.value, c.projects.map((p) => p.id).sort(), c.queue.length, c.notice?.kind ?? null, c.dialogProject?.id ?? null]);
}

function events(snapshot: { context: unknown; matches(v: unknown): boolean }): ListEvent[] {
  const c = snapshot.context as ListContext;
  const head = c.queue[0];
  const served = head ? (c.projects.find((p) => p.id === head.id) ?? makeProject({ id: head.id })) : null;
  const list: unknown[] = [
    { type: 'list.retry' },
    { type: 'list.delete', id: 2 },
    { type: 'list.projectAdded', project: p3 },
    { type: 'list.projectUpdated', project: { ...p1, revisionNumber: 2 } },
    { type: 'list.fileRejected', name: 'notes.txt' },
    { type: 'list.dismissNotice' },
    { type: 'list.filterStage', stage: 'ready' },
    { type: 'list.sort', by: 'name' },
  ];
  // Renames and share changes queue a refresh each: offer them only while the queue is short, so
  // the model stays finite.
  if (c.queue.length < 2) list.push({ type: 'list.rename', id: 1 }, { type: 'list.share', id: 1 });
  // One stage change waits at most behind another: enough to cover the queue, few enough paths.
  if (c.queue.length < 2 && c.notice === null) list.push({ type: 'list.changeStage', id: 1, stage: c.queue.length ? 'new' : 'approval' });
  if (snapshot.matches({ data: 'loading' })) {
    list.push({ type: 'xstate.done.actor.loadProjects', output: [p1, p2] }, { type: 'xstate.error.actor.loadProjects', error: new Error('500') });
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

describe('project list machine (model-based)', () => {
  const generated = modelPaths(projectListMachine, {
    events,
    serializeState: key,
    sut: () => createSut(projectListMachine, { promiseActors }),
    check: (real, model, sut, event) => {
      expect(key(real)).toBe(key(model));
      const c = real.context as ListContext;
      const e = event as { type: string; id?: number; stage?: string; output?: unknown };
      if (e.type === 'list.changeStage' && c.queue.length > 0) {
        // The card shows the new stage at once, and the PATCH goes first in the queue.
        expect(c.projects.find((p) => p.id === 1)?.currentStage).toBe(e.stage);
        if (real.matches({ sync: 'syncing' })) expect(sut.pending.syncProject[0]?.input).toEqual(c.queue[0]);
      }
      if (['list.rename', 'list.delete', 'list.share'].includes(e.type) && !real.matches({ dialog: 'none' })) {
        const dialog = e.type.split('.')[1];
        expect((sut.pending[dialog].at(-1)?.input as { project: Project }).project.id).toBe(e.id);
      }
      if (e.type === 'xstate.done.actor.rename' && e.output) {
        expect(c.projects.find((p) => p.id === 1)?.name).toBe('Renamed');
        expect(c.queue.some((t) => t.id === 1 && !t.patch) || real.matches({ sync: 'syncing' })).toBe(true);
      }
      if (e.type === 'xstate.done.actor.delete' && e.output) expect(c.projects.some((p) => p.id === 2)).toBe(false);
      if (e.type === 'xstate.error.actor.syncProject' && c.notice) expect(c.notice.kind).toBe('saveFailed');
      if (e.type === 'list.projectAdded') expect(c.projects.some((p) => p.id === 3)).toBe(true);
      if (real.matches({ dialog: 'none' })) expect(c.dialogProject).toBeNull();
    },
  });

  realCoverageTest([generated]);

  for (const c of generated.cases) it(c.name, async () => void (await c.execute()));
});

describe('project list machine (examples)', () => {
  async function loaded(projects: Project[] = [p1, p2]) {
    const sut = createSut(projectListMachine, { promiseActors });
    sut.pending.loadProjects.shift()!.resolve(projects);
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

  it('keeps a card created while the list was loading', async () => {
    const sut = createSut(projectListMachine, { promiseActors });
    sut.actor.send({ type: 'list.projectAdded', project: p3 });
    sut.pending.loadProjects.shift()!.resolve([p1]);
    await settle();
    expect(sut.actor.getSnapshot().context.projects.map((p: Project) => p.id).sort()).toEqual([1, 3]);
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
