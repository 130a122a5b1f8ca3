/**
 * Rename dialog machine: model-based paths (every state; each kind of name; the save answered
 * or failed) replayed on the real machine with a controlled PATCH, checked by the oracle of
 * tests/models/rename.ts.
 */
import { describe, expect, it } from 'vitest';
import { projectNameError } from '../../src/model/text/projectName';
import { canRename, renameMachine } from '../../src/machines/projects/renameMachine';
import { createSut } from '../helpers/modelBased';
import { modelTests } from '../helpers/modelTests';
import { renameModel } from '../models/rename';

const input = { project: { id: 7, name: 'Kitchen A' } };

modelTests(renameModel);

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
