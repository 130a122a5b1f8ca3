/**
 * Delete confirmation (SPEC §2, §4): Confirm sends DELETE projects/{id}; success closes with the
 * deleted project's id, failure returns to the question (marked failed) so the user may retry or
 * cancel; Cancel closes without deleting.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { deleteMachine, type DeleteEvent } from '../../src/machines/projects/deleteMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

const input = { project: { id: 3, name: 'Bathroom' } };

export interface DeleteExpected extends Expected {
  failed: boolean;
  calls: number;
  output?: { id: number } | null;
}

const deleteOracle: Oracle<DeleteEvent, DeleteExpected> = {
  initial: () => ({ value: 'confirming', effects: [], failed: false, calls: 0 }),
  next(e, event) {
    const type = event.type as string;
    const base = { ...e, effects: [] as string[] };
    if (e.value === 'confirming' && type === 'delete.confirm') {
      return { ...base, value: 'deleting', failed: false, calls: e.calls + 1, effects: ['DELETE projects/3'] };
    }
    if (e.value === 'confirming' && type === 'delete.cancel') return { ...base, value: 'cancelled', output: null, effects: ['closes, nothing deleted'] };
    if (e.value === 'deleting' && type === 'xstate.done.actor.deleteProject') return { ...base, value: 'deleted', output: { id: 3 }, effects: ['closes with { id: 3 }'] };
    if (e.value === 'deleting' && type === 'xstate.error.actor.deleteProject') return { ...base, value: 'confirming', failed: true, effects: ['failure shown'] };
    return base;
  },
  check(real, e, sut) {
    same(real.context.failed, e.failed, 'the failure shown');
    same(real.hasTag('busy'), e.value === 'deleting', 'busy while deleting');
    same(sut.pending.deleteProject.map((c) => c.input), e.value === 'deleting' ? [{ id: 3 }] : [], 'the DELETE in flight');
    if (e.output !== undefined) same([real.status, real.output], ['done', e.output], 'the output');
    else same(real.status, 'active');
  },
};

export const deleteModel: MachineModel = {
  name: 'delete',
  machine: deleteMachine,
  source: 'src/machines/projects/deleteMachine.ts',
  testFile: 'tests/machines/deleteMachine.test.ts',
  runs: [
    {
      label: 'delete',
      run: defineRun<DeleteEvent>({
        events: [
          { type: 'delete.confirm' },
          { type: 'delete.cancel' },
          { type: 'xstate.done.actor.deleteProject' },
          { type: 'xstate.error.actor.deleteProject', error: new Error('500') },
        ] as unknown as DeleteEvent[],
        input,
        paths: 'simple',
        sut: () => createSut(deleteMachine, { promiseActors: ['deleteProject'], input }),
        oracle: deleteOracle as never,
      }),
    },
  ],
};
