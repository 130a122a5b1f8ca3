/**
 * Project load machine: model-based paths for the owner and the guest (fetch, model load with
 * progress, not found, 401, other failures, changes and model updates once ready), plus examples.
 */
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { projectLoadMachine, type LoadTarget, type ProjectLoadEvent } from '../../src/machines/viewer/projectLoadMachine';
import { selectLoadingModelUrl } from '../../src/machines/viewer/viewerSelectors';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, modelPaths, settle } from '../helpers/modelBased';

const project = makeProject({ id: 7, modelUrl: '/api/v1/models/7.glb' });
const renamed = { ...project, name: 'Renamed' };
const model = { tree: { roots: [], nodes: {} }, partCount: 0 };
const progress = { phase: 'resources' as const, progress: 0.5, overall: 0.5 };

const fail = (status: number) => Object.assign(new Error(`status ${status}`), { status });

const events = (loaded: unknown) =>
  [
    { type: 'xstate.done.actor.fetchProject', output: loaded },
    { type: 'xstate.error.actor.fetchProject', error: fail(404) },
    { type: 'xstate.error.actor.fetchProject', error: fail(401) },
    { type: 'xstate.error.actor.fetchProject', error: fail(500) },
    { type: 'load.progress', progress },
    { type: 'load.done', model },
    { type: 'load.failed', error: 'bad glb' },
    { type: 'project.changed', project: renamed },
    { type: 'project.modelUpdated', project },
  ] as unknown as ProjectLoadEvent[];

function sutFor(target: LoadTarget, urls: string[] = []) {
  const loadModel = fromCallback<never, { modelUrl: string }>(({ input }) => {
    urls.push(input.modelUrl);
    return () => {};
  });
  return createSut(projectLoadMachine, { promiseActors: ['fetchProject'], input: { target }, provide: { actors: { loadModel } } });
}

const runs: Array<{ name: string; target: LoadTarget; loaded: unknown }> = [
  { name: 'owner', target: { kind: 'owner', id: 7 }, loaded: { kind: 'owner', project } },
  { name: 'guest', target: { kind: 'guest', accessKey: 'abc123' }, loaded: { kind: 'guest', project } },
];

describe('project load machine (model-based)', () => {
  const reached = new Set<string>();
  let all: string[] = [];
  for (const run of runs) {
    const input = { target: run.target };
    const { cases, reachedByModel, allStates } = modelPaths(projectLoadMachine, {
      events: events(run.loaded),
      input,
      sut: () => sutFor(run.target),
      check: (real, modelState) => {
        expect(real.value).toEqual(modelState.value);
        expect(real.context).toEqual(modelState.context);
      },
    });
    reachedByModel.forEach((s) => reached.add(s));
    all = allStates;
    for (const c of cases) it(`${run.name}: ${c.name}`, async () => void (await c.execute()));
  }

  it('reaches every state of the machine', () => {
    expect(all.filter((s) => !reached.has(s))).toEqual([]);
  });
});

describe('project load machine (examples)', () => {
  it('a 404 on a link is "not found", a 404 for the owner is a load error', async () => {
    const guest = sutFor({ kind: 'guest', accessKey: 'k1' });
    guest.pending.fetchProject[0].reject(fail(404));
    await settle();
    expect(guest.actor.getSnapshot().value).toBe('notFound');
    const owner = sutFor({ kind: 'owner', id: 1 });
    owner.pending.fetchProject[0].reject(fail(404));
    await settle();
    expect(owner.actor.getSnapshot().value).toBe('failed');
  });

  it('loads the model of the fetched project, again after an update, and the sandbox without fetching', async () => {
    const urls: string[] = [];
    const owner = sutFor({ kind: 'owner', id: 7 }, urls);
    expect(owner.actor.getSnapshot().hasTag('loading')).toBe(true);
    // The model URL to preload is known only once the project is read, and only while loading it.
    expect(selectLoadingModelUrl(owner.actor.getSnapshot())).toBeNull();
    owner.pending.fetchProject[0].resolve({ kind: 'owner', project });
    await settle();
    expect(selectLoadingModelUrl(owner.actor.getSnapshot())).toBe('/api/v1/models/7.glb');
    owner.actor.send({ type: 'load.progress', progress });
    expect(owner.actor.getSnapshot().context.progress).toEqual(progress);
    owner.actor.send({ type: 'load.done', model });
    expect(selectLoadingModelUrl(owner.actor.getSnapshot())).toBeNull();
    owner.actor.send({ type: 'project.modelUpdated', project: { ...project, modelUrl: '/m2.glb' } });
    expect(owner.actor.getSnapshot().value).toBe('loadingModel');
    const sandbox = sutFor({ kind: 'sandbox', modelUrl: '/sample.glb' }, urls);
    expect(sandbox.actor.getSnapshot().value).toBe('loadingModel');
    expect(selectLoadingModelUrl(sandbox.actor.getSnapshot())).toBe('/sample.glb');
    expect(sandbox.pending.fetchProject).toHaveLength(0);
    expect(urls).toEqual(['/api/v1/models/7.glb', '/m2.glb', '/sample.glb']);
  });
});
