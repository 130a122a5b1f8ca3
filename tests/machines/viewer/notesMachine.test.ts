/**
 * The notes machine, for both kinds (comments and hyperlinks): examples of what the model of
 * tests/models/notes.ts (run by tests/machines/notesModel.test.ts) does not play: a delete of a
 * note the list does not hold, the rate limit and the full project answered to the list's read, a
 * note written while the list is read, an author who changes while a note is sent, and a rate
 * limit answered to a delete.
 */
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/api/errors';
import { commentsMachine } from '../../../src/machines/viewer/notes/commentsMachine';
import { hyperlinksMachine } from '../../../src/machines/viewer/notes/hyperlinksMachine';
import type { NoteItem } from '../../../src/machines/viewer/notes/notesMachine';
import { createSut, play, type Sut } from '../../helpers/modelBased';

const item = (id: number, day: number, isDeletable: boolean) => ({
  id,
  date: new Date(Date.UTC(2025, 0, day)),
  authorName: `Author ${id}`,
  authorAvatarUrl: '/a.svg',
  text: `Text ${id}`,
  name: `Link ${id}`,
  url: `https://example.com/${id}`,
  isDeletable,
});
const loaded = [item(2, 5, false), item(1, 3, true)];
const input = { ref: { id: 4 }, canCreate: true, authorName: ' Ana ' };

const KINDS = [
  {
    kind: 'comments',
    machine: commentsMachine,
    effects: { load: 'loadComments', create: 'createComment', remove: 'deleteComment', removeMany: 'deleteComments' },
    changes: [{ type: 'comments.change', text: 'Hinges on the left' }],
  },
  {
    kind: 'hyperlinks',
    machine: hyperlinksMachine,
    effects: { load: 'loadHyperlinks', create: 'createHyperlink', remove: 'deleteHyperlink', removeMany: 'deleteHyperlinks' },
    changes: [
      { type: 'hyperlinks.change', field: 'name', value: 'Hinge sheet' },
      { type: 'hyperlinks.change', field: 'url', value: 'example.com/hinge' },
    ],
  },
] as const;
const created = { id: 9, date: new Date(Date.UTC(2025, 1, 1)), isDeletable: true };

describe.each(KINDS)('notes machine for $kind (examples)', ({ kind, machine, effects, changes }) => {
  const ev = (name: string) => `${kind}.${name}`;
  const sutOf = (sutInput: unknown = input) => createSut(machine, { promiseActors: Object.values(effects), input: sutInput });
  const listed = (s: Sut) => (s.actor.getSnapshot().context[kind] as NoteItem[]).map((i) => i.id);

  it('keeps a note the server did not mark deletable, and ignores unknown ids', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    s.actor.send({ type: ev('delete'), id: 2 });
    s.actor.send({ type: ev('delete'), id: 77 });
    expect(listed(s)).toEqual([1, 2]);
    expect(s.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
    expect(s.pending[effects.remove]).toEqual([]);
  });

  it('words a rate limit and a full project as such', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.error.actor.${effects.load}`, error: new RequestError('GET', '/x', 429, 'Too Many Requests', 'too_many_requests') } as never);
    expect(s.actor.getSnapshot().context.error).toBe('tooFast');
    const full = sutOf();
    const code = kind === 'comments' ? 'too_many_comments' : 'too_many_attachments';
    await play(full, { type: `xstate.error.actor.${effects.load}`, error: new RequestError('POST', '/x', 409, 'Conflict', code) } as never);
    expect(full.actor.getSnapshot().context.error).toBe('full');
  });

  it('keeps a note written while the list was read: the answer, read before it, does not take it away', async () => {
    const s = sutOf();
    for (const change of changes) s.actor.send(change as never);
    s.actor.send({ type: ev('submit') });
    await play(s, { type: `xstate.done.actor.${effects.create}`, output: created } as never);
    expect(listed(s)).toEqual([9]);
    // The list's answer, read before the note was written.
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    expect(listed(s)).toEqual([1, 2, 9]);
  });

  it('shows a note under the name it was sent with, when the author changes while it is sent (a guest logging in)', async () => {
    const s = sutOf({ ...input, authorName: 'Guest', authorAvatarUrl: '/avatar-default.svg' });
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    for (const change of changes) s.actor.send(change as never);
    s.actor.send({ type: ev('submit') });
    expect((s.pending[effects.create][0].input as { body: { authorName: string } }).body.authorName).toBe('Guest');
    s.actor.send({ type: ev('author'), authorName: 'Ana Martin', authorAvatarUrl: '/ana.png' });
    await play(s, { type: `xstate.done.actor.${effects.create}`, output: created } as never);
    const note = (s.actor.getSnapshot().context[kind] as NoteItem[]).find((i) => i.id === 9)!;
    expect([note.authorName, note.authorAvatarUrl]).toEqual(['Guest', '/avatar-default.svg']);
    // The next note is written as the new author.
    for (const change of changes) s.actor.send(change as never);
    s.actor.send({ type: ev('submit') });
    expect((s.pending[effects.create][0].input as { body: { authorName: string } }).body.authorName).toBe('Ana Martin');
  });

  it('puts a note back when its delete fails, and words a rate limit as such', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    s.actor.send({ type: ev('delete'), id: 1 });
    expect(listed(s)).toEqual([2]);
    await play(s, { type: `xstate.error.actor.${effects.remove}`, error: new RequestError('DELETE', '/x', 429, 'Too Many Requests', 'too_many_requests') } as never);
    expect(listed(s)).toEqual([1, 2]);
    expect(s.actor.getSnapshot().context.error).toBe('tooFast');
    s.actor.send({ type: ev('delete'), id: 1 });
    await play(s, { type: `xstate.error.actor.${effects.remove}`, error: new Error('Failed to fetch') } as never);
    expect(s.actor.getSnapshot().context.error).toBe('deleteFailed');
  });
});
