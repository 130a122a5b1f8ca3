/**
 * Rename dialog (SPEC §5 "Project name"). The oracle's name rules are SPEC's, written again here:
 * 1 to 60 characters (spaces around the name do not count), none of \ / : * ? " < > |; Rename
 * saves only a name without error that differs from the current one. A save that fails stays in
 * the dialog, marked failed; an accepted one closes it with the new name.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { renameMachine, type RenameEvent } from '../../src/machines/projects/renameMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

const project = { id: 7, name: 'Kitchen A' };
const input = { project };
const names = ['Kitchen B', 'Kitchen A', 'x'.repeat(61), '', 'a/b', 'x'.repeat(60), '  Kitchen A  '];

type NameError = 'tooLong' | 'tooShort' | 'invalidCharacters' | null;
/** SPEC §5, in the order the dialog reports them. */
function nameError(name: string): NameError {
  const kept = name.trim();
  if (kept.length > 60) return 'tooLong';
  if (kept.length === 0) return 'tooShort';
  for (const c of ['\\', '/', ':', '*', '?', '"', '<', '>', '|']) if (kept.includes(c)) return 'invalidCharacters';
  return null;
}

export interface RenameExpected extends Expected {
  name: string;
  error: NameError;
  saveFailed: boolean;
  /** The PATCH the dialog is waiting for. */
  call: { id: number; name: string } | null;
  output?: { id: number; name: string } | null;
}

export const renameOracle: Oracle<RenameEvent, RenameExpected> = {
  initial: () => ({ value: 'editing', effects: [], name: project.name, error: null, saveFailed: false, call: null }),
  next(e, event) {
    const type = event.type as string;
    const base = { ...e, effects: [] as string[] };
    if (e.value === 'editing') {
      if (event.type === 'rename.change') {
        const error = nameError(event.name);
        return { ...base, name: event.name, error, saveFailed: false, effects: [error ? `name error ${error}` : 'name accepted'] };
      }
      if (event.type === 'rename.submit') {
        const kept = e.name.trim();
        if (e.error !== null || kept === project.name) return { ...base, effects: ['nothing saved'] };
        const call = { id: project.id, name: kept };
        return { ...base, value: 'saving', call, effects: [`PATCH projects/${call.id} ${JSON.stringify({ name: kept })}`] };
      }
      if (event.type === 'rename.cancel') return { ...base, value: 'cancelled', output: null, effects: ['closes, nothing renamed'] };
    }
    if (e.value === 'saving') {
      if (type === 'xstate.done.actor.renameProject') {
        return { ...base, value: 'renamed', call: null, output: e.call, effects: [`closes with ${JSON.stringify(e.call)}`] };
      }
      if (type === 'xstate.error.actor.renameProject') return { ...base, value: 'editing', call: null, saveFailed: true, effects: ['save failed shown'] };
    }
    return base;
  },
  check(real, e, sut) {
    same(real.context.error, e.error, 'the name error shown');
    same(real.context.saveFailed, e.saveFailed, 'the save failure shown');
    same(real.hasTag('busy'), e.value === 'saving', 'busy while saving');
    same(sut.pending.renameProject.map((c) => c.input), e.call ? [e.call] : [], 'the PATCH in flight');
    if (e.output !== undefined) {
      same(real.status, 'done');
      same(real.output, e.output, 'the output');
    } else same(real.status, 'active');
  },
};

export const renameModel: MachineModel = {
  name: 'rename',
  machine: renameMachine,
  source: 'src/machines/projects/renameMachine.ts',
  testFile: 'tests/machines/renameMachine.test.ts',
  runs: [
    {
      label: 'rename',
      run: defineRun<RenameEvent>({
        events: [
          ...names.map((name) => ({ type: 'rename.change' as const, name })),
          { type: 'rename.submit' },
          { type: 'rename.cancel' },
          { type: 'xstate.done.actor.renameProject' },
          { type: 'xstate.error.actor.renameProject', error: new Error('500') },
        ] as unknown as RenameEvent[],
        input,
        sut: () => createSut(renameMachine, { promiseActors: ['renameProject'], input }),
        oracle: renameOracle as never,
      }),
    },
  ],
};
