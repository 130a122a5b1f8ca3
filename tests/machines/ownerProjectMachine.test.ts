/**
 * Owner project machine: model-based paths (rename, delete confirmed or cancelled, stage changes
 * only to a new known stage, the share panel's child ending with the saved project), plus examples.
 */
import { describe, expect, it } from 'vitest';
import { ownerProjectMachine } from '../../src/machines/viewer/owner/ownerProjectMachine';
import { createSut, settle } from '../helpers/modelBased';
import { modelTests } from '../helpers/modelTests';
import { children, input, ownerProjectModel, project } from '../models/ownerProject';

modelTests(ownerProjectModel);

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
