/**
 * Rename dialog machine: model-based paths (every state; each kind of name; the save answered
 * or failed) replayed on the real machine with a controlled PATCH.
 */
import { describe, expect, it } from 'vitest';
import { projectNameError } from '../../src/api/projectName';
import { canRename, renameMachine, type RenameEvent } from '../../src/machines/projects/renameMachine';
import { createSut, modelPaths } from '../helpers/modelBased';

const input = { project: { id: 7, name: 'Kitchen A' } };
const names = ['Kitchen B', 'Kitchen A', 'x'.repeat(61), '', 'a/b', 'x'.repeat(60)];

const events = [
  ...names.map((name) => ({ type: 'rename.change', name })),
  { type: 'rename.submit' },
  { type: 'rename.cancel' },
  { type: 'xstate.done.actor.renameProject' },
  { type: 'xstate.error.actor.renameProject', error: new Error('500') },
] as unknown as RenameEvent[];

describe('rename machine (model-based)', () => {
  const { cases, reachedByModel, allStates } = modelPaths(renameMachine, {
    events,
    input,
    sut: () => createSut(renameMachine, { promiseActors: ['renameProject'], input }),
    check: (real, model, sut, event) => {
      expect(real.value).toEqual(model.value);
      expect(real.context).toEqual(model.context);
      const { context } = real;
      expect(context.error).toBe(projectNameError(context.name));
      if (event.type === 'rename.submit') {
        // Submitting saves only a valid name that differs from the current one.
        expect(real.matches('saving')).toBe(canRename(context));
        if (real.matches('saving')) expect(sut.pending.renameProject.at(-1)?.input).toEqual({ id: 7, name: context.name });
      }
      if (real.status === 'done') {
        expect(real.output).toEqual(real.matches('renamed') ? { id: 7, name: context.name } : null);
      }
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});

describe('rename rules', () => {
  it('each invalid name has its reason; a valid one must also differ', () => {
    const ctx = (name: string) => ({ id: 1, original: 'A', name, error: projectNameError(name), saveFailed: false, result: null });
    expect(projectNameError('x'.repeat(61))).toBe('tooLong');
    expect(projectNameError('')).toBe('tooShort');
    for (const c of '\\/:*?"<>|') expect(projectNameError(`a${c}b`)).toBe('invalidCharacters');
    expect(canRename(ctx('A'))).toBe(false);
    expect(canRename(ctx('B'))).toBe(true);
    expect(canRename(ctx('x'.repeat(60)))).toBe(true);
    expect(canRename(ctx('x'.repeat(61)))).toBe(false);
  });
});

describe('rename machine (examples)', () => {
  it('refuses to submit an invalid name or the unchanged one', async () => {
    const sut = createSut(renameMachine, { promiseActors: ['renameProject'], input });
    for (const name of ['Kitchen A', '', 'x'.repeat(61), 'a|b']) {
      sut.actor.send({ type: 'rename.change', name });
      sut.actor.send({ type: 'rename.submit' });
      expect(sut.actor.getSnapshot().value).toBe('editing');
    }
    expect(sut.pending.renameProject).toHaveLength(0);
  });
});
