/**
 * The review's notes in the viewer, against its rules written here (issue: pinned notes, markup,
 * threads and status), with fake calls the test settles: what is sent, what is emitted for the
 * viewer, what the owner and a guest may do, and what a live event changes.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CommentReviewInput, MarkupShape, NoteAnchor, NoteView, ReviewedComment } from '../../src/api/schemas';
import { reviewMachine, type ReviewEngineCommand, type ReviewInput, type ReviewRef } from '../../src/machines/viewer/review/reviewMachine';

const VIEW: NoteView = { camera: { view: 'free', position: [1, 1, 2], target: [0, 0.5, 0], orthoHalfHeight: null }, renderMode: 'solid', clipping: null, explode: 0, hidden: [], isolated: null, measurement: null };
const note = (id: number, extra: Partial<ReviewedComment> = {}): ReviewedComment => ({
  id,
  date: new Date(1_700_000_000_000),
  authorName: 'Claire',
  authorAvatarUrl: '',
  text: `note ${id}`,
  isDeletable: false,
  parentId: null,
  status: 'open',
  revisionNumber: 1,
  pin: null,
  hasView: false,
  resolvedAt: null,
  ...extra,
});
const ARROW: MarkupShape = { kind: 'arrow', from: [0.1, 0.1], to: [0.3, 0.3], color: '#ef4444' };

/** The server's side of a note with a view: the list says it has one, its view is read alone. */
const withView = (id: number, view: NoteView, markup: MarkupShape[] = []) => ({ note: note(id, { hasView: true }), anchor: { view, markup } });

function start(input: Partial<ReviewInput> = {}, server: { notes?: ReviewedComment[]; views?: Record<number, { view: NoteView; markup: MarkupShape[] }>; failLoad?: boolean; failCreate?: boolean; failAnchor?: boolean } = {}) {
  const calls = { load: 0, anchor: [] as number[], create: [] as (CommentReviewInput & { authorName: string; text: string })[], status: [] as { id: number; status: string }[] };
  const first = withView(1, VIEW, [ARROW]);
  let notes = server.notes ?? [first.note, note(2), note(3, { parentId: 1 })];
  const views = server.views ?? { 1: first.anchor };
  /** What the engine child was asked; a capture answers with the view the engine shows (VIEW). */
  const engine: ReviewEngineCommand[] = [];
  const machine = reviewMachine.provide({
    actors: {
      reviewEngine: fromCallback<ReviewEngineCommand>(({ receive, sendBack }) => {
        receive((command) => {
          engine.push(command);
          if (command.type === 'capture') sendBack({ type: 'review.captured', view: VIEW });
        });
      }),
      loadNotes: fromPromise(async () => {
        calls.load += 1;
        if (server.failLoad) throw new Error('offline');
        return notes;
      }),
      loadAnchor: fromPromise(async ({ input }: { input: { ref: ReviewRef; id: number } }): Promise<NoteAnchor> => {
        calls.anchor.push(input.id);
        if (server.failAnchor) throw new Error('offline');
        return views[input.id] ?? { view: null, markup: [] };
      }),
      createNote: fromPromise(async ({ input }: { input: { ref: ReviewRef; body: CommentReviewInput & { authorName: string; text: string } } }) => {
        calls.create.push(input.body);
        if (server.failCreate) throw new Error('refused');
        const id = 100 + calls.create.length;
        notes = [...notes, note(id, { text: input.body.text, parentId: input.body.parentId ?? null, hasView: input.body.view !== undefined })];
        if (input.body.view) views[id] = { view: input.body.view, markup: input.body.markup ?? [] };
        return { id };
      }),
      setStatus: fromPromise(async ({ input }: { input: { ref: ReviewRef; id: number; status: 'open' | 'resolved' } }) => {
        calls.status.push({ id: input.id, status: input.status });
        notes = notes.map((n) => (n.id === input.id ? { ...n, status: input.status } : n));
      }),
    },
  });
  const actor = createActor(machine, { input: { ref: { accessKey: 'k' }, role: 'guest', revisionNumber: 4, authorName: 'Claire', ...input } });
  actor.start();
  return { actor, calls, engine, state: () => actor.getSnapshot() };
}
const settled = () => new Promise((r) => setTimeout(r, 0));

describe('the review machine', () => {
  it('lists the notes, and offers a retry when they cannot be read', async () => {
    const ok = start();
    await settled();
    expect(ok.state().value).toEqual({ ready: 'browsing' });
    expect(ok.state().context.notes.map((n) => n.id)).toEqual([1, 2, 3]);
    const failing = start({}, { failLoad: true });
    await settled();
    expect(failing.state().value).toBe('failed');
    failing.actor.send({ type: 'review.retry' });
    await settled();
    expect(failing.calls.load).toBe(2);
  });

  it("opening a note with a view asks the engine to restore it; one without a view, or a reply, restores nothing", async () => {
    const { actor, engine, state, calls } = start();
    await settled();
    actor.send({ type: 'review.open', id: 1 });
    // The list left the view out: it is read first, then shown with its markup.
    expect(engine).toEqual([]);
    await settled();
    expect(calls.anchor).toEqual([1]);
    expect(engine).toEqual([{ type: 'show', view: VIEW }]);
    expect(state().context.shownId).toBe(1);
    expect(state().context.anchors[1]?.markup).toEqual([ARROW]);
    // The user turns the model: the markup no longer matches the picture, the note stays open.
    actor.send({ type: 'review.viewLeft' });
    expect(state().context).toMatchObject({ shownId: null, openId: 1 });
    actor.send({ type: 'review.open', id: 2 });
    expect(state().context.openId).toBe(2);
    actor.send({ type: 'review.open', id: 3 });
    actor.send({ type: 'review.open', id: 99 });
    expect(state().context.openId).toBe(2);
    expect(engine).toHaveLength(1);
    // Opened again, the view is at hand: not read twice.
    actor.send({ type: 'review.open', id: 1 });
    expect(engine).toHaveLength(2);
    expect(calls.anchor).toEqual([1]);
  });

  it("a note whose view cannot be read stays open without it, says so, and is read again at the next open", async () => {
    const { actor, engine, state, calls } = start({}, { failAnchor: true });
    await settled();
    actor.send({ type: 'review.open', id: 1 });
    await settled();
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(state().context).toMatchObject({ openId: 1, shownId: null, error: 'view' });
    expect(engine).toEqual([]);
    actor.send({ type: 'review.open', id: 1 });
    await settled();
    expect(calls.anchor).toEqual([1, 1]);
  });

  it('closing a note while its view is read shows nothing when the view arrives', async () => {
    const { actor, engine, state } = start();
    await settled();
    actor.send({ type: 'review.open', id: 1 });
    actor.send({ type: 'review.close' });
    await settled();
    expect(state().context).toMatchObject({ openId: null, shownId: null });
    expect(engine).toEqual([]);
  });

  it("a link that does not offer a note's render mode or the clipping plane opens its view solid and uncut", async () => {
    const cut = { ...VIEW, renderMode: 'wireframe' as const, clipping: { axis: 'x' as const, inverted: false, position: 300 } };
    const server = () => ({ notes: [withView(1, cut).note], views: { 1: withView(1, cut).anchor } });
    const { actor, engine } = start({ renderModes: ['solid', 'xray'], clipping: false }, server());
    await settled();
    actor.send({ type: 'review.open', id: 1 });
    await settled();
    expect(engine).toEqual([{ type: 'show', view: { ...cut, renderMode: 'solid', clipping: null } }]);
    const owner = start({}, server());
    await settled();
    owner.actor.send({ type: 'review.open', id: 1 });
    await settled();
    expect(owner.engine).toEqual([{ type: 'show', view: cut }]);
  });

  it('composes a pinned note with markup and sends it with the revision, the author, the pin, the view and the shapes', async () => {
    const { actor, engine, calls, state } = start();
    await settled();
    actor.send({ type: 'review.compose' });
    expect(engine).toEqual([{ type: 'pick', active: true }]);
    // No text yet, no pin yet: nothing can be sent.
    actor.send({ type: 'review.send' });
    expect(calls.create).toEqual([]);
    const pin = { point: [0.2, 0.9, 0.3] as [number, number, number], partId: '7', partName: 'Door' };
    actor.send({ type: 'review.pinned', pin });
    expect(engine).toEqual([{ type: 'pick', active: true }, { type: 'pick', active: false }]);
    actor.send({ type: 'review.tool', tool: 'arrow' });
    actor.send({ type: 'review.shape', shape: ARROW });
    actor.send({ type: 'review.shape', shape: { kind: 'text', at: [0.5, 0.5], text: 'here', color: '#ffffff' } });
    actor.send({ type: 'review.undo' });
    actor.send({ type: 'review.text', text: '   ' });
    actor.send({ type: 'review.send' });
    expect(calls.create).toEqual([]);
    actor.send({ type: 'review.text', text: '  Open to the left  ' });
    actor.send({ type: 'review.send' });
    await settled();
    await settled();
    // The view is read when the note is sent: the one the markup was drawn over.
    expect(engine.at(-1)).toEqual({ type: 'capture' });
    expect(calls.create).toEqual([{ authorName: 'Claire', text: 'Open to the left', revisionNumber: 4, pin, view: VIEW, markup: [ARROW] }]);
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(state().context.openId).toBe(101);
    expect(state().context.notes.some((n) => n.id === 101)).toBe(true);
    expect(state().context.draft).toBeNull();
  });

  it('keeps at most 100 shapes, refuses a text over 4,000 characters, and keeps the draft when sending fails', async () => {
    const { actor, calls, state } = start({}, { failCreate: true });
    await settled();
    actor.send({ type: 'review.compose' });
    actor.send({ type: 'review.wholeView' });
    for (let i = 0; i < 105; i += 1) actor.send({ type: 'review.shape', shape: ARROW });
    expect(state().context.draft?.markup).toHaveLength(100);
    for (let i = 0; i < 100; i += 1) actor.send({ type: 'review.undo' });
    // Freehand lines of 900 points: the third would pass the 2,000 points a markup holds.
    const line: MarkupShape = { kind: 'line', points: Array.from({ length: 900 }, (_, i) => [i / 900, 0.5] as [number, number]), color: '#ef4444' };
    for (let i = 0; i < 3; i += 1) actor.send({ type: 'review.shape', shape: line });
    expect(state().context.draft?.markup).toHaveLength(2);
    actor.send({ type: 'review.shape', shape: ARROW });
    expect(state().context.draft?.markup).toHaveLength(3);
    actor.send({ type: 'review.text', text: 'x'.repeat(4001) });
    actor.send({ type: 'review.send' });
    expect(calls.create).toHaveLength(0);
    actor.send({ type: 'review.text', text: 'Shorter' });
    actor.send({ type: 'review.send' });
    await settled();
    expect(calls.create).toHaveLength(1);
    expect(calls.create[0].pin).toBeUndefined();
    expect(state().value).toEqual({ ready: { composing: 'drawing' } });
    expect(state().context.error).toBe('send');
    expect(state().context.draft?.text).toBe('Shorter');
    actor.send({ type: 'review.cancel' });
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(state().context.draft).toBeNull();
  });

  it('replies under a note, never under a reply, and sends no pin with it', async () => {
    const { actor, calls, state } = start();
    await settled();
    actor.send({ type: 'review.reply', id: 3 });
    expect(state().value).toEqual({ ready: 'browsing' });
    actor.send({ type: 'review.reply', id: 1 });
    actor.send({ type: 'review.send' });
    actor.send({ type: 'review.text', text: 'Agreed' });
    actor.send({ type: 'review.send' });
    await settled();
    await settled();
    expect(calls.create).toEqual([{ authorName: 'Claire', text: 'Agreed', parentId: 1, revisionNumber: 4 }]);
    expect(state().value).toEqual({ ready: 'browsing' });
  });

  it('lets the owner resolve and reopen, and a guest neither', async () => {
    const guest = start();
    await settled();
    guest.actor.send({ type: 'review.setStatus', id: 1, status: 'resolved' });
    await settled();
    expect(guest.calls.status).toEqual([]);

    const owner = start({ role: 'owner', authorName: 'Olga' });
    await settled();
    owner.actor.send({ type: 'review.setStatus', id: 1, status: 'resolved' });
    await settled();
    await settled();
    expect(owner.calls.status).toEqual([{ id: 1, status: 'resolved' }]);
    expect(owner.state().context.notes.find((n) => n.id === 1)?.status).toBe('resolved');
  });

  it('reads the notes again on a live event while browsing, and not while a note is being written', async () => {
    const { actor, calls, state } = start();
    await settled();
    actor.send({ type: 'review.refresh' });
    await settled();
    expect(calls.load).toBe(2);
    actor.send({ type: 'review.compose' });
    actor.send({ type: 'review.wholeView' });
    actor.send({ type: 'review.text', text: 'half written' });
    actor.send({ type: 'review.refresh' });
    await settled();
    expect(calls.load).toBe(2);
    expect(state().context.draft?.text).toBe('half written');
  });
});
