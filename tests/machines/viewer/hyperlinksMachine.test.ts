/**
 * Hyperlinks: what only hyperlinks do (the form cleared after adding, Cancel, who may add, the
 * name's and link's rules). The notes machine's paths and shared rules are tested for both kinds
 * by the model of tests/models/notes.ts (notesModel.test.ts), with examples in notesMachine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { hyperlinkDraftError, hyperlinksMachine, normalizeLink } from '../../../src/machines/viewer/notes/hyperlinksMachine';
import { createSut, play, settle } from '../../helpers/modelBased';

const created = { id: 9, date: new Date(Date.UTC(2025, 1, 1)), isDeletable: true };
const input = { ref: { id: 4 }, canCreate: true, authorName: 'Ana' };

const sut = (sutInput: unknown = input) =>
  createSut(hyperlinksMachine, { promiseActors: ['loadHyperlinks', 'createHyperlink', 'deleteHyperlink', 'deleteHyperlinks'], input: sutInput });

describe('hyperlinks machine (examples)', () => {
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
