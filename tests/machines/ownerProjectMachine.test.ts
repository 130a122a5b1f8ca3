/**
 * Owner project machine: model-based paths (rename, delete confirmed or cancelled, stage changes
 * only to a new known stage, the share panel's child ending with the saved project), plus examples.
 */
import { describe, expect, it } from 'vitest';
import { ownerProjectMachine, type OwnerProjectEvent } from '../../src/machines/viewer/ownerProjectMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, modelPaths, settle } from '../helpers/modelBased';

const project = makeProject({ id: 3, currentStage: 'new' });
const input = { project };
const children = ['rename', 'delete', 'share', 'patchStage'];

const events = [
  { type: 'owner.rename' },
  { type: 'owner.delete' },
  { type: 'owner.stage', stage: 'ready' },
  { type: 'owner.stage', stage: 'new' },
  { type: 'owner.stage', stage: 'unknown' },
  { type: 'owner.openShare' },
  { type: 'owner.closeShare' },
  { type: 'xstate.done.actor.rename', output: { id: 3, name: 'Kitchen' } },
  { type: 'xstate.done.actor.rename', output: null },
  { type: 'xstate.done.actor.delete', output: { id: 3 } },
  { type: 'xstate.done.actor.delete', output: null },
  { type: 'xstate.done.actor.patchStage', output: { ...project, currentStage: 'ready' } },
  { type: 'xstate.error.actor.patchStage', error: new Error('500') },
  { type: 'xstate.done.actor.share', output: { ...project, isPublished: true } },
] as unknown as OwnerProjectEvent[];

describe('owner project machine (model-based)', () => {
  const { cases, reachedByModel, allStates } = modelPaths(ownerProjectMachine, {
    events,
    input,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { stageFailed: boolean }).stageFailed]),
    sut: () => createSut(ownerProjectMachine, { promiseActors: children, input }),
    check: (real, model) => {
      expect(real.value).toEqual(model.value);
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});

describe('owner project machine (examples)', () => {
  it('renames, changes the stage and keeps what the share panel saved', async () => {
    const sut = createSut(ownerProjectMachine, { promiseActors: children, input });
    sut.actor.send({ type: 'owner.rename' });
    await settle();
    sut.pending.rename[0].resolve({ id: 3, name: 'Kitchen' });
    await settle();
    expect(sut.actor.getSnapshot().context.project.name).toBe('Kitchen');
    sut.actor.send({ type: 'owner.stage', stage: 'production' });
    await settle();
    expect(sut.pending.patchStage[0].input).toEqual({ id: 3, stage: 'production' });
    sut.pending.patchStage[0].reject(new Error('500'));
    await settle();
    expect(sut.actor.getSnapshot().context.stageFailed).toBe(true);
    sut.actor.send({ type: 'owner.openShare' });
    await settle();
    sut.pending.share[0].resolve({ ...project, name: 'Kitchen', isPublished: true });
    await settle();
    expect(sut.actor.getSnapshot().context.project.isPublished).toBe(true);
  });

  it('ends when the project is deleted', async () => {
    const sut = createSut(ownerProjectMachine, { promiseActors: children, input });
    sut.actor.send({ type: 'owner.delete' });
    await settle();
    sut.pending.delete[0].resolve({ id: 3 });
    await settle();
    expect(sut.actor.getSnapshot().status).toBe('done');
  });
});
