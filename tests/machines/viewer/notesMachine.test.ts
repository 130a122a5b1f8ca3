/**
 * The notes machine, for both kinds (comments and hyperlinks): examples of what the model of
 * tests/models/notes.ts (run by tests/machines/notesModel.test.ts) does not play: a delete of a
 * note the list does not hold, and the rate limit and the full project answered to the list's read.
 */
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/api/errors';
import { commentsMachine } from '../../../src/machines/viewer/commentsMachine';
import { hyperlinksMachine } from '../../../src/machines/viewer/hyperlinksMachine';
import type { NoteItem } from '../../../src/machines/viewer/notesMachine';
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
  { kind: 'comments', machine: commentsMachine, effects: { load: 'loadComments', create: 'createComment', remove: 'deleteComment', removeMany: 'deleteComments' } },
  { kind: 'hyperlinks', machine: hyperlinksMachine, effects: { load: 'loadHyperlinks', create: 'createHyperlink', remove: 'deleteHyperlink', removeMany: 'deleteHyperlinks' } },
] as const;

describe.each(KINDS)('notes machine for $kind (examples)', ({ kind, machine, effects }) => {
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
});
