/**
 * Comments: model-based paths (load, retry, send, cancel, optimistic delete and rollback) and
 * examples for form clearing, order, and each guard's two branches.
 */
import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../../../src/api/errors';
import type { Comment } from '../../../src/api/schemas';
import { commentDraftError, commentsMachine, type CommentsEvent } from '../../../src/machines/viewer/commentsMachine';
import { createSut, modelPaths, play, settle } from '../../helpers/modelBased';

const comment = (id: number, day: number, isDeletable: boolean): Comment => ({
  id,
  date: new Date(Date.UTC(2025, 0, day)),
  authorName: `Author ${id}`,
  authorAvatarUrl: '/a.svg',
  text: `Text ${id}`,
  isDeletable,
});
const list0 = [comment(2, 5, false), comment(1, 3, true)];
const list = list0;
const created = { id: 9, date: new Date(Date.UTC(2025, 1, 1)), isDeletable: true };
const input = { ref: { id: 4 }, canCreate: true, authorName: 'Ana' };

type Ctx = { draft: string; comments: Comment[]; deleting: Comment[]; error: string | null };

/**
 * The events of the model, kept finite and small: one draft text, one delete at a time (queued
 * deletes are an example below), the fake server's answers in the states that wait for them.
 */
const events = (snapshot: { context: unknown }): CommentsEvent[] => {
  const c = snapshot.context as Ctx;
  const list: unknown[] = [
    { type: 'comments.retry' },
    { type: 'comments.cancel' },
    { type: 'comments.submit' },
    { type: 'comments.dismissError' },
    { type: 'xstate.done.actor.loadComments', output: list0 },
    { type: 'xstate.error.actor.loadComments', error: new Error('500') },
    { type: 'xstate.done.actor.createComment', output: created },
    { type: 'xstate.error.actor.createComment', error: new Error('500') },
    { type: 'xstate.done.actor.deleteComment' },
    { type: 'xstate.error.actor.deleteComment', error: new Error('500') },
    { type: 'xstate.done.actor.deleteComments', output: { deletedIds: [1] } },
    { type: 'xstate.error.actor.deleteComments', error: new Error('500') },
    { type: 'comments.toggleSelect', id: 1 },
  ];
  // (A type left out would be sent without payload: a no-op event stands in for it.)
  list.push({ type: 'comments.change', text: c.draft === '' ? ' Hello ' : c.draft });
  if (c.deleting.length === 0) list.push({ type: 'comments.delete', id: 1 }, { type: 'comments.delete', id: 2 });
  else list.push({ type: 'comments.delete', id: -1 });
  return list as CommentsEvent[];
};
/** What tells two model states apart: everything the guards and the rollback read. */
const key = (context: unknown, value: unknown) => {
  const c = context as Ctx;
  return JSON.stringify([value, c.draft, c.comments.map((x) => x.id), c.deleting.map((x) => x.id), c.error !== null]);
};

const sut = (sutInput: unknown = input) =>
  createSut(commentsMachine, { promiseActors: ['loadComments', 'createComment', 'deleteComment', 'deleteComments'], input: sutInput });

describe('comments machine (model-based)', () => {
  // The same model where the link's owner turned the list off: it must never ask the server.
  const off = modelPaths(commentsMachine, {
    events,
    input: { ...input, enabled: false },
    sut: () => sut({ ...input, enabled: false }),
    serializeState: ({ value, context }) => key(context, value),
    check: (real, model, s) => {
      expect(key(real.context, real.value)).toEqual(key(model.context, model.value));
      expect(s.pending.loadComments).toEqual([]);
    },
  });
  const { cases, reachedByModel, allStates } = modelPaths(commentsMachine, {
    events,
    input,
    sut: () => sut(),
    serializeState: ({ value, context }) => key(context, value),
    check: (real, model, s, event) => {
      expect(key(real.context, real.value)).toEqual(key(model.context, model.value));
      const ids = real.context.comments.map((c: Comment) => c.id);
      // Never shown while its delete runs; always oldest first.
      for (const d of real.context.deleting) expect(ids).not.toContain(d.id);
      const times = real.context.comments.map((c: Comment) => c.date.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      if (event.type === 'comments.submit' && real.matches({ form: 'sending' })) {
        expect(s.pending.createComment.at(-1)?.input).toEqual({ ref: { id: 4 }, body: { authorName: 'Ana', text: 'Hello' } });
      }
    },
  });

  it('reaches every state of the machine', () => {
    // list.starting only chooses between loading and off (an eventless transition): never a resting state.
    const resting = allStates.filter((s) => s !== 'list.starting');
    expect(resting.filter((s) => !reachedByModel.has(s) && !off.reachedByModel.has(s))).toEqual([]);
  });

  it('turned off, it never leaves the off list', () => {
    expect([...off.reachedByModel].filter((s) => s.startsWith('list.'))).toEqual(['list.off']);
  });

  for (const c of off.cases) it(`turned off: ${c.name}`, async () => void (await c.execute()));

  it('stays a small model', () => expect(cases.length).toBeLessThan(400));

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});

describe('comments machine (examples)', () => {
  it('loads the list sorted oldest first', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadComments', output: list } as never);
    expect(s.actor.getSnapshot().context.comments.map((c: Comment) => c.id)).toEqual([1, 2]);
  });

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

  it('deletes optimistically and puts the comment back when the server refuses', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadComments', output: list } as never);
    s.actor.send({ type: 'comments.delete', id: 1 });
    expect(s.actor.getSnapshot().context.comments.map((c: Comment) => c.id)).toEqual([2]);
    await settle();
    expect(s.pending.deleteComment[0].input).toEqual({ ref: { id: 4 }, id: 1 });
    await play(s, { type: 'xstate.error.actor.deleteComment', error: new Error('500') } as never);
    expect(s.actor.getSnapshot().context.comments.map((c: Comment) => c.id)).toEqual([1, 2]);
    expect(s.actor.getSnapshot().context.error).toBe('deleteFailed');
  });

  it('runs queued deletes one after the other', async () => {
    const more = [...list, comment(3, 4, true)];
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadComments', output: more } as never);
    s.actor.send({ type: 'comments.delete', id: 1 });
    s.actor.send({ type: 'comments.delete', id: 3 });
    await settle();
    await play(s, { type: 'xstate.done.actor.deleteComment' } as never);
    expect(s.pending.deleteComment[0].input).toEqual({ ref: { id: 4 }, id: 3 });
    await play(s, { type: 'xstate.done.actor.deleteComment' } as never);
    expect(s.actor.getSnapshot().context).toMatchObject({ deleting: [], error: null });
    expect(s.actor.getSnapshot().context.comments.map((c: Comment) => c.id)).toEqual([2]);
  });

  it('guard canDelete: a comment not marked deletable stays', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadComments', output: list } as never);
    s.actor.send({ type: 'comments.delete', id: 2 });
    s.actor.send({ type: 'comments.delete', id: 77 });
    expect(s.actor.getSnapshot().context.comments).toHaveLength(2);
    expect(s.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
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

  it('words a wrong answer as an invalid response', async () => {
    const s = sut();
    await play(s, { type: 'xstate.error.actor.loadComments', error: new InvalidResponseError() } as never);
    expect(s.actor.getSnapshot().context.error).toBe('invalidResponse');
  });

  it('commentDraftError: trimmed text must be non-empty and not too long', () => {
    expect(commentDraftError('   ')).toBe('empty');
    expect(commentDraftError(' a ')).toBeNull();
    expect(commentDraftError('x'.repeat(4001))).toBe('tooLong');
  });
});
