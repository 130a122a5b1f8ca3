/** Delete confirmation machine: model-based paths, the DELETE answered or failed, cancel and retry. */
import { describe, expect, it } from 'vitest';
import { deleteMachine, type DeleteEvent } from '../../src/machines/projects/deleteMachine';
import { createSut, modelPaths } from '../helpers/modelBased';

const input = { project: { id: 3, name: 'Bathroom' } };
const events = [
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'xstate.done.actor.deleteProject' },
  { type: 'xstate.error.actor.deleteProject', error: new Error('500') },
] as unknown as DeleteEvent[];

describe('delete machine (model-based)', () => {
  const { cases, reachedByModel, allStates } = modelPaths(deleteMachine, {
    events,
    input,
    paths: 'simple',
    sut: () => createSut(deleteMachine, { promiseActors: ['deleteProject'], input }),
    check: (real, model, sut, event) => {
      expect(real.value).toEqual(model.value);
      expect(real.context).toEqual(model.context);
      if (event.type === 'delete.confirm') expect(sut.pending.deleteProject.at(-1)?.input).toEqual({ id: 3 });
      if (real.matches('deleting')) expect(real.hasTag('busy')).toBe(true);
      if (real.status === 'done') expect(real.output).toEqual(real.matches('deleted') ? { id: 3 } : null);
      if (event.type === ('xstate.error.actor.deleteProject' as string)) expect(real.context.failed).toBe(true);
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});
