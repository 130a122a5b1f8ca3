/**
 * Share dialog machine: model-based paths (publish, options only while published, changes merged
 * while a save runs, a failed save returning to the server's values, closing while saving),
 * checked by the oracle of tests/models/share.ts.
 */
import { describe, expect, it } from 'vitest';
import { shareMachine } from '../../src/machines/projects/shareMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut } from '../helpers/modelBased';
import { modelTests } from '../helpers/modelTests';
import { shareModel } from '../models/share';

const project = makeProject({ id: 4, isPublished: false });
const input = { project };

modelTests(shareModel);

describe('share machine (examples)', () => {
  it('ignores option changes while the project is not published', () => {
    const sut = createSut(shareMachine, { promiseActors: ['patchProject'], input });
    sut.actor.send({ type: 'share.option', key: 'isHierarchyVisible', value: false });
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.actor.getSnapshot().context.project.shareOptions.isHierarchyVisible).toBe(true);
    expect(sut.pending.patchProject).toHaveLength(0);
  });

  it('merges a change made during a save into the next PATCH', async () => {
    const sut = createSut(shareMachine, { promiseActors: ['patchProject'], input });
    sut.actor.send({ type: 'share.publish', value: true });
    sut.actor.send({ type: 'share.option', key: 'isHierarchyVisible', value: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.pending.patchProject.map((c) => c.input)).toEqual([{ id: 4, patch: { isPublished: true, shareOptions: { isHierarchyVisible: false } } }]);
  });
});
