/**
 * Hyperlinks: model-based paths (load, retry, add, cancel, optimistic delete and rollback) and
 * examples for form clearing, order, and each guard's two branches.
 */
import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../../../src/api/errors';
import type { Attachment } from '../../../src/api/schemas';
import { hyperlinkDraftError, hyperlinksMachine, normalizeLink, type HyperlinksEvent } from '../../../src/machines/viewer/hyperlinksMachine';
import { createSut, modelPaths, play, settle } from '../../helpers/modelBased';

const link = (id: number, day: number, isDeletable: boolean): Attachment => ({
  id,
  date: new Date(Date.UTC(2025, 0, day)),
  authorName: `Author ${id}`,
  authorAvatarUrl: '/a.svg',
  name: `Link ${id}`,
  url: `https://example.com/${id}`,
  isDeletable,
});
const list0 = [link(2, 5, false), link(1, 3, true)];
const list = list0;
const created = { id: 9, date: new Date(Date.UTC(2025, 1, 1)), isDeletable: true };
const input = { ref: { id: 4 }, canCreate: true, authorName: 'Ana' };

type Ctx = { draft: { name: string; url: string }; hyperlinks: Attachment[]; deleting: Attachment[]; error: string | null };

/**
 * The events of the model, kept finite and small: one name and one link, one delete at a time (queued
 * deletes are an example below), the fake server's answers in the states that wait for them.
 */
const events = (snapshot: { context: unknown }): HyperlinksEvent[] => {
  const c = snapshot.context as Ctx;
  const list: unknown[] = [
    { type: 'hyperlinks.retry' },
    { type: 'hyperlinks.cancel' },
    { type: 'hyperlinks.submit' },
    { type: 'hyperlinks.dismissError' },
    { type: 'xstate.done.actor.loadHyperlinks', output: list0 },
    { type: 'xstate.error.actor.loadHyperlinks', error: new Error('500') },
    { type: 'xstate.done.actor.createHyperlink', output: created },
    { type: 'xstate.error.actor.createHyperlink', error: new Error('500') },
    { type: 'xstate.done.actor.deleteHyperlink' },
    { type: 'xstate.error.actor.deleteHyperlink', error: new Error('500') },
    { type: 'xstate.done.actor.deleteHyperlinks', output: { deletedIds: [1] } },
    { type: 'xstate.error.actor.deleteHyperlinks', error: new Error('500') },
    { type: 'hyperlinks.toggleSelect', id: 1 },
  ];
  // (A type left out would be sent without payload: a no-op event stands in for it.)
  list.push({ type: 'hyperlinks.change', field: 'name', value: c.draft.name === '' ? ' Docs ' : c.draft.name });
  list.push({ type: 'hyperlinks.change', field: 'url', value: c.draft.url === '' ? ' example.com/a ' : c.draft.url });
  if (c.deleting.length === 0) list.push({ type: 'hyperlinks.delete', id: 1 }, { type: 'hyperlinks.delete', id: 2 });
  else list.push({ type: 'hyperlinks.delete', id: -1 });
  return list as HyperlinksEvent[];
};
/** What tells two model states apart: everything the guards and the rollback read. */
const key = (context: unknown, value: unknown) => {
  const c = context as Ctx;
  return JSON.stringify([value, c.draft, c.hyperlinks.map((x) => x.id), c.deleting.map((x) => x.id), c.error !== null]);
};

const sut = (sutInput: unknown = input) =>
  createSut(hyperlinksMachine, { promiseActors: ['loadHyperlinks', 'createHyperlink', 'deleteHyperlink', 'deleteHyperlinks'], input: sutInput });

describe('hyperlinks machine (model-based)', () => {
  // The same model where the link's owner turned the list off: it must never ask the server.
  const off = modelPaths(hyperlinksMachine, {
    events,
    input: { ...input, enabled: false },
    sut: () => sut({ ...input, enabled: false }),
    serializeState: ({ value, context }) => key(context, value),
    check: (real, model, s) => {
      expect(key(real.context, real.value)).toEqual(key(model.context, model.value));
      expect(s.pending.loadHyperlinks).toEqual([]);
    },
  });
  const { cases, reachedByModel, allStates } = modelPaths(hyperlinksMachine, {
    events,
    input,
    sut: () => sut(),
    serializeState: ({ value, context }) => key(context, value),
    check: (real, model, s, event) => {
      expect(key(real.context, real.value)).toEqual(key(model.context, model.value));
      const ids = real.context.hyperlinks.map((c: Attachment) => c.id);
      // Never shown while its delete runs; always oldest first.
      for (const d of real.context.deleting) expect(ids).not.toContain(d.id);
      const times = real.context.hyperlinks.map((c: Attachment) => c.date.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      if (event.type === 'hyperlinks.submit' && real.matches({ form: 'sending' })) {
        expect(s.pending.createHyperlink.at(-1)?.input).toEqual({ ref: { id: 4 }, body: { authorName: 'Ana', name: 'Docs', url: 'https://example.com/a' } });
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

describe('hyperlinks machine (examples)', () => {
  it('loads the list sorted oldest first', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadHyperlinks', output: list } as never);
    expect(s.actor.getSnapshot().context.hyperlinks.map((c: Attachment) => c.id)).toEqual([1, 2]);
  });

  it('clears the form after a hyperlink is added, keeps it when adding fails', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadHyperlinks', output: [] } as never);
    s.actor.send({ type: 'hyperlinks.change', field: 'name', value: 'First' });
    s.actor.send({ type: 'hyperlinks.change', field: 'url', value: 'https://a.example' });
    s.actor.send({ type: 'hyperlinks.submit' });
    await settle();
    await play(s, { type: 'xstate.error.actor.createHyperlink', error: new Error('500') } as never);
    expect(s.actor.getSnapshot().context).toMatchObject({ draft: { name: 'First', url: 'https://a.example' }, error: 'createFailed' });
    s.actor.send({ type: 'hyperlinks.submit' });
    await settle();
    await play(s, { type: 'xstate.done.actor.createHyperlink', output: created } as never);
    expect(s.actor.getSnapshot().context).toMatchObject({ draft: { name: '', url: '' }, error: null });
    expect(s.actor.getSnapshot().context.hyperlinks).toEqual([{ ...created, authorName: 'Ana', authorAvatarUrl: '', name: 'First', url: 'https://a.example' }]);
  });

  it('Cancel clears the form', () => {
    const s = sut();
    s.actor.send({ type: 'hyperlinks.change', field: 'name', value: 'Draft' });
    s.actor.send({ type: 'hyperlinks.cancel' });
    expect(s.actor.getSnapshot().context.draft).toEqual({ name: '', url: '' });
  });

  it('deletes optimistically and puts the hyperlink back when the server refuses', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadHyperlinks', output: list } as never);
    s.actor.send({ type: 'hyperlinks.delete', id: 1 });
    expect(s.actor.getSnapshot().context.hyperlinks.map((c: Attachment) => c.id)).toEqual([2]);
    await settle();
    expect(s.pending.deleteHyperlink[0].input).toEqual({ ref: { id: 4 }, id: 1 });
    await play(s, { type: 'xstate.error.actor.deleteHyperlink', error: new Error('500') } as never);
    expect(s.actor.getSnapshot().context.hyperlinks.map((c: Attachment) => c.id)).toEqual([1, 2]);
    expect(s.actor.getSnapshot().context.error).toBe('deleteFailed');
  });

  it('runs queued deletes one after the other', async () => {
    const more = [...list, link(3, 4, true)];
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadHyperlinks', output: more } as never);
    s.actor.send({ type: 'hyperlinks.delete', id: 1 });
    s.actor.send({ type: 'hyperlinks.delete', id: 3 });
    await settle();
    await play(s, { type: 'xstate.done.actor.deleteHyperlink' } as never);
    expect(s.pending.deleteHyperlink[0].input).toEqual({ ref: { id: 4 }, id: 3 });
    await play(s, { type: 'xstate.done.actor.deleteHyperlink' } as never);
    expect(s.actor.getSnapshot().context).toMatchObject({ deleting: [], error: null });
    expect(s.actor.getSnapshot().context.hyperlinks.map((c: Attachment) => c.id)).toEqual([2]);
  });

  it('guard canDelete: a hyperlink not marked deletable stays', async () => {
    const s = sut();
    await play(s, { type: 'xstate.done.actor.loadHyperlinks', output: list } as never);
    s.actor.send({ type: 'hyperlinks.delete', id: 2 });
    s.actor.send({ type: 'hyperlinks.delete', id: 77 });
    expect(s.actor.getSnapshot().context.hyperlinks).toHaveLength(2);
    expect(s.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
  });

  it('guard canSubmit: a blank name or link, or no right to create, sends nothing', () => {
    const blank = sut();
    blank.actor.send({ type: 'hyperlinks.change', field: 'name', value: '  ' });
    blank.actor.send({ type: 'hyperlinks.change', field: 'url', value: 'https://a.example' });
    blank.actor.send({ type: 'hyperlinks.submit' });
    expect(blank.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    blank.actor.send({ type: 'hyperlinks.change', field: 'name', value: 'Docs' });
    blank.actor.send({ type: 'hyperlinks.change', field: 'url', value: ' \n ' });
    blank.actor.send({ type: 'hyperlinks.submit' });
    expect(blank.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    const reader = sut({ ...input, canCreate: false });
    reader.actor.send({ type: 'hyperlinks.change', field: 'name', value: 'Docs' });
    reader.actor.send({ type: 'hyperlinks.change', field: 'url', value: 'https://a.example' });
    reader.actor.send({ type: 'hyperlinks.submit' });
    expect(reader.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
  });

  it('words a wrong answer as an invalid response', async () => {
    const s = sut();
    await play(s, { type: 'xstate.error.actor.loadHyperlinks', error: new InvalidResponseError() } as never);
    expect(s.actor.getSnapshot().context.error).toBe('invalidResponse');
  });

  it('hyperlinkDraftError: trimmed name and link non-empty, link http(s)', () => {
    expect(hyperlinkDraftError({ name: ' ', url: 'https://a.example' })).toBe('nameEmpty');
    expect(hyperlinkDraftError({ name: 'x'.repeat(201), url: 'https://a.example' })).toBe('nameTooLong');
    expect(hyperlinkDraftError({ name: 'Docs', url: '  ' })).toBe('linkEmpty');
    expect(hyperlinkDraftError({ name: 'Docs', url: 'javascript:alert(1)' })).toBe('linkInvalid');
    expect(hyperlinkDraftError({ name: ' Docs ', url: ' example.com/a ' })).toBeNull();
    expect(normalizeLink(' example.com/a ')).toBe('https://example.com/a');
    expect(normalizeLink('http://a.example')).toBe('http://a.example');
  });
});
