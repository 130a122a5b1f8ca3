/**
 * Comments: what only comments do (the box cleared after sending, Cancel, who may send, the
 * text's rules). The notes machine's paths and shared rules are tested for both kinds by the
 * model of tests/models/notes.ts (notesModel.test.ts), with examples in notesMachine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../src/api/schemas';
import { commentDraftError, commentsMachine } from '../../../src/machines/viewer/notes/commentsMachine';
import { createSut, play, settle } from '../../helpers/modelBased';

const created = { id: 9, date: new Date(Date.UTC(2025, 1, 1)), isDeletable: true };
const input = { ref: { id: 4 }, canCreate: true, authorName: 'Ana' };

const sut = (sutInput: unknown = input) =>
  createSut(commentsMachine, { promiseActors: ['loadComments', 'createComment', 'deleteComment', 'deleteComments'], input: sutInput });

describe('comments machine (examples)', () => {
  it('clears the box after a comment is sent, keeps it when sending fails', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadComments', output: [] } as never);
    s.actor.send({ type: 'comments.change', text: 'First' });
    s.actor.send({ type: 'comments.submit' });
    await settle();
    await play(s, { type: 'xstate.error.actor.createComment', error: new Error('500') } as never);
    expect(s.actor.getSnapshot().context).toMatchObject({ draft: 'First', error: 'createFailed' });
    s.actor.send({ type: 'comments.submit' });
    await settle();
    await play(s, { type: 'xstate.done.actor.createComment', output: created } as never);
    expect(s.actor.getSnapshot().context).toMatchObject({ draft: '', error: null });
    expect(s.actor.getSnapshot().context.comments).toEqual([{ ...created, authorName: 'Ana', authorAvatarUrl: '', text: 'First' }]);
  });

  it('Cancel clears the box', () => {
    const s = sut();
    s.actor.send({ type: 'comments.change', text: 'Draft' });
    s.actor.send({ type: 'comments.cancel' });
    expect(s.actor.getSnapshot().context.draft).toBe('');
  });

  it('guard canSubmit: blank text, or no right to create, sends nothing', () => {
    const blank = sut();
    blank.actor.send({ type: 'comments.change', text: ' \n\t ' });
    blank.actor.send({ type: 'comments.submit' });
    expect(blank.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    const reader = sut({ ...input, canCreate: false });
    reader.actor.send({ type: 'comments.change', text: 'Hi' });
    reader.actor.send({ type: 'comments.submit' });
    expect(reader.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
  });

  it('commentDraftError: trimmed text must be non-empty and not too long', () => {
    expect(commentDraftError('   ')).toBe('empty');
    expect(commentDraftError(' a ')).toBeNull();
    expect(commentDraftError('x'.repeat(4001))).toBe('tooLong');
  });
});
