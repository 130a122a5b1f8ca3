/**
 * Share dialog machine: model-based paths (publish, options only while published, changes merged
 * while a save runs, a failed save returning to the server's values, closing while saving).
 */
import { describe, expect, it } from 'vitest';
import { shareMachine, type ShareEvent } from '../../src/machines/projects/shareMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, modelPaths } from '../helpers/modelBased';

const project = makeProject({ id: 4, isPublished: false });
const input = { project };

const events = [
  { type: 'share.publish', value: true },
  { type: 'share.publish', value: false },
  { type: 'share.option', key: 'isCommentsVisible', value: false },
  { type: 'share.close' },
  { type: 'xstate.done.actor.patchProject' },
  { type: 'xstate.error.actor.patchProject', error: new Error('500') },
] as unknown as ShareEvent[];

describe('share machine (model-based)', () => {
  const { cases, reachedByModel, allStates } = modelPaths(shareMachine, {
    events,
    input,
    sut: () => createSut(shareMachine, { promiseActors: ['patchProject'], input }),
    check: (real, model, sut, event) => {
      expect(real.value).toEqual(model.value);
      expect(real.context).toEqual(model.context);
      const { context } = real;
      if (real.matches('saving') && event.type.startsWith('share.') && event.type !== 'share.close') {
        // The save sends every change not yet accepted, merged.
        expect(sut.pending.patchProject.at(-1)?.input).toEqual({ id: 4, patch: context.pending });
      }
      if (event.type === ('xstate.error.actor.patchProject' as string)) {
        expect(context.project).toEqual(context.saved);
        expect(context.failed).toBe(true);
      }
      if (real.status === 'done') expect(real.output).toEqual(context.project);
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});

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
