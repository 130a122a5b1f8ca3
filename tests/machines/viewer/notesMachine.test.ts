/**
 * The notes machine, for both kinds (comments and hyperlinks): model-based paths through every
 * region, the owner's bulk delete included, checked against what the fake server was asked
 * (load, create with the kind's body, bulk delete with the target the path asked for) and against
 * what it answered (a bulk delete drops exactly the ids the server says it deleted). Examples:
 * a guest (link path) has no bulk delete, and 429 / a full project are worded as such.
 */
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, RequestError } from '../../../src/api/errors';
import { commentsMachine } from '../../../src/machines/viewer/commentsMachine';
import { hyperlinksMachine } from '../../../src/machines/viewer/hyperlinksMachine';
import type { NoteItem } from '../../../src/machines/viewer/notesMachine';
import { createSut, modelPaths, play, settle, type Sut } from '../../helpers/modelBased';
import { realCoverageTest } from '../../helpers/modelTests';

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
const created = { id: 9, date: new Date(Date.UTC(2025, 1, 1)), isDeletable: true };
const input = { ref: { id: 4 }, canCreate: true, authorName: ' Ana ' };

const KINDS = [
  {
    kind: 'comments',
    machine: commentsMachine,
    effects: { load: 'loadComments', create: 'createComment', remove: 'deleteComment', removeMany: 'deleteComments' },
    changes: [{ type: 'comments.change', text: ' Hello ' }],
    body: { authorName: 'Ana', text: 'Hello' },
  },
  {
    kind: 'hyperlinks',
    machine: hyperlinksMachine,
    effects: { load: 'loadHyperlinks', create: 'createHyperlink', remove: 'deleteHyperlink', removeMany: 'deleteHyperlinks' },
    changes: [
      { type: 'hyperlinks.change', field: 'name', value: ' Docs ' },
      { type: 'hyperlinks.change', field: 'url', value: 'example.com/a' },
    ],
    body: { authorName: 'Ana', name: 'Docs', url: 'https://example.com/a' },
  },
] as const;

type Ctx = { draft: unknown; deleting: NoteItem[]; error: string | null; selected: number[]; bulkTarget: unknown } & Record<string, unknown>;
type Tracked = Sut & { asked: string | null };

describe.each(KINDS)('notes machine for $kind (model-based)', ({ kind, machine, effects, changes, body }) => {
  const ev = (name: string) => `${kind}.${name}`;
  const ids = (c: Ctx) => (c[kind] as NoteItem[]).map((i) => i.id);
  const events = () => [
    { type: ev('retry') },
    { type: ev('cancel') },
    { type: ev('submit') },
    { type: ev('dismissError') },
    ...changes,
    { type: ev('delete'), id: 1 },
    { type: ev('toggleSelect'), id: 1 },
    { type: ev('clearSelection') },
    { type: ev('deleteSelected') },
    { type: ev('deleteGuests') },
    { type: ev('confirm') },
    { type: ev('cancelConfirm') },
    { type: `xstate.done.actor.${effects.load}`, output: loaded },
    { type: `xstate.error.actor.${effects.load}`, error: new Error('500') },
    { type: `xstate.done.actor.${effects.create}`, output: created },
    { type: `xstate.error.actor.${effects.create}`, error: new Error('500') },
    { type: `xstate.done.actor.${effects.remove}` },
    { type: `xstate.error.actor.${effects.remove}`, error: new Error('500') },
    { type: `xstate.done.actor.${effects.removeMany}`, output: { deletedIds: [1] } },
    { type: `xstate.error.actor.${effects.removeMany}`, error: new Error('500') },
  ];
  const key = (context: unknown, value: unknown) => {
    const c = context as Ctx;
    return JSON.stringify([value, c.draft, ids(c), c.deleting.map((d) => d.id), c.error !== null, c.selected, c.bulkTarget]);
  };
  const sut = (): Tracked => {
    const s = createSut(machine, { promiseActors: Object.values(effects), input }) as Tracked;
    s.asked = null;
    return s;
  };
  const generated = modelPaths(machine, {
    events: events as never,
    input,
    sut,
    serializeState: ({ value, context }) => key(context, value),
    check: (real, model, s, event) => {
      const t = s as Tracked;
      const e = event as { type: string };
      if (e.type === ev('deleteGuests') || e.type === ev('deleteSelected')) t.asked = e.type;
      const pending = t.pending;
      // Only one load at a time, and one exactly while loading.
      expect(pending[effects.load].length).toBe(real.matches({ list: 'loading' }) ? 1 : 0);
      if (e.type === ev('submit') && real.matches({ form: 'sending' })) {
        expect(pending[effects.create].at(-1)?.input).toEqual({ ref: { id: 4 }, body });
      }
      if (e.type === ev('confirm') && real.matches({ bulk: 'deleting' })) {
        // Only note 1 is deletable: a selection can only be [1].
        const target = t.asked === ev('deleteGuests') ? { authors: 'guests' } : { ids: [1] };
        expect(pending[effects.removeMany].at(-1)?.input).toEqual({ ref: { id: 4 }, target });
      }
      if (e.type === `xstate.done.actor.${effects.removeMany}`) {
        expect(ids(real.context)).not.toContain(1);
        expect(real.context.selected).toEqual([]);
      }
    },
  });

  // A link whose owner turned the list off: nothing is fetched, whatever is played.
  const offInput = { ...input, enabled: false };
  const off = modelPaths(machine, {
    events: events as never,
    input: offInput,
    serializeState: ({ value, context }) => key(context, value),
    sut: () => createSut(machine, { promiseActors: Object.values(effects), input: offInput }),
    check: (real, _model, s) => {
      expect(real.matches({ list: 'off' })).toBe(true);
      expect(s.pending[effects.load]).toEqual([]);
    },
  });
  for (const c of off.cases) it(`list turned off: ${c.name}`, async () => void (await c.execute()));

  const { cases } = generated;
  realCoverageTest([generated, off]);
  it('stays a small model', () => expect(cases.length).toBeLessThan(600));
  for (const c of cases) it(c.name, async () => void (await c.execute()));
});

describe.each(KINDS)('notes machine for $kind (examples)', ({ kind, machine, effects, changes, body }) => {
  const ev = (name: string) => `${kind}.${name}`;
  const sutOf = (sutInput: unknown = input) => createSut(machine, { promiseActors: Object.values(effects), input: sutInput });
  const listed = (s: Sut) => (s.actor.getSnapshot().context[kind] as NoteItem[]).map((i) => i.id);

  it('loads the list sorted oldest first', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    expect(listed(s)).toEqual([1, 2]);
  });

  it('deletes optimistically and puts the note back when the server refuses', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    s.actor.send({ type: ev('delete'), id: 1 });
    expect(listed(s)).toEqual([2]);
    await settle();
    expect(s.pending[effects.remove][0].input).toEqual({ ref: { id: 4 }, id: 1 });
    await play(s, { type: `xstate.error.actor.${effects.remove}`, error: new Error('500') } as never);
    expect(listed(s)).toEqual([1, 2]);
    expect(s.actor.getSnapshot().context.error).toBe('deleteFailed');
  });

  it('runs queued deletes one after the other', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: [...loaded, item(3, 4, true)] } as never);
    s.actor.send({ type: ev('delete'), id: 1 });
    s.actor.send({ type: ev('delete'), id: 3 });
    await settle();
    await play(s, { type: `xstate.done.actor.${effects.remove}` } as never);
    expect(s.pending[effects.remove][0].input).toEqual({ ref: { id: 4 }, id: 3 });
    await play(s, { type: `xstate.done.actor.${effects.remove}` } as never);
    expect(s.actor.getSnapshot().context).toMatchObject({ deleting: [], error: null });
    expect(listed(s)).toEqual([2]);
  });

  it('keeps a note the server did not mark deletable, and ignores unknown ids', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    s.actor.send({ type: ev('delete'), id: 2 });
    s.actor.send({ type: ev('delete'), id: 77 });
    expect(listed(s)).toEqual([1, 2]);
    expect(s.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
  });

  it('words a wrong answer as an invalid response', async () => {
    const s = sutOf();
    await play(s, { type: `xstate.error.actor.${effects.load}`, error: new InvalidResponseError() } as never);
    expect(s.actor.getSnapshot().context.error).toBe('invalidResponse');
  });

  it('turned off, it asks the server nothing', () => {
    const s = sutOf({ ...input, enabled: false });
    expect(s.actor.getSnapshot().matches({ list: 'off' })).toBe(true);
    expect(s.pending[effects.load]).toEqual([]);
  });

  it('writes as the new author once told (a guest who logged in)', async () => {
    const s = createSut(machine, { promiseActors: Object.values(effects), input: { ...input, authorName: 'Invité' } });
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    s.actor.send({ type: ev('author'), authorName: 'Ana Martin', authorAvatarUrl: '/ana.png' });
    for (const change of changes) s.actor.send(change as never);
    s.actor.send({ type: ev('submit') });
    await settle();
    expect(s.pending[effects.create][0].input).toEqual({ ref: input.ref, body: { ...body, authorName: 'Ana Martin' } });
  });

  it('offers no bulk delete on a link (the owner path only)', async () => {
    const s = createSut(machine, { promiseActors: Object.values(effects), input: { ...input, ref: { accessKey: 'k' } } });
    await play(s, { type: `xstate.done.actor.${effects.load}`, output: loaded } as never);
    s.actor.send({ type: ev('toggleSelect'), id: 1 });
    s.actor.send({ type: ev('deleteGuests') });
    await settle();
    expect(s.actor.getSnapshot().context.selected).toEqual([]);
    expect(s.actor.getSnapshot().matches({ bulk: 'idle' })).toBe(true);
    expect(s.pending[effects.removeMany]).toEqual([]);
  });

  it('words a rate limit and a full project as such', async () => {
    const s = createSut(machine, { promiseActors: Object.values(effects), input });
    await play(s, { type: `xstate.error.actor.${effects.load}`, error: new RequestError('GET', '/x', 429, 'Too Many Requests', 'too_many_requests') } as never);
    expect(s.actor.getSnapshot().context.error).toBe('tooFast');
    const full = createSut(machine, { promiseActors: Object.values(effects), input });
    const code = kind === 'comments' ? 'too_many_comments' : 'too_many_attachments';
    await play(full, { type: `xstate.error.actor.${effects.load}`, error: new RequestError('POST', '/x', 409, 'Conflict', code) } as never);
    expect(full.actor.getSnapshot().context.error).toBe('full');
  });
});
