/**
 * The review machine's model: events, system under test, and an oracle written from the review's
 * rules (issue "The client's review"), not from the machine: which calls go out with which body,
 * what the engine is asked (pick, capture, show), which note is open and whose view is on screen,
 * who may resolve, and that a draft or a reply is never lost by a failure.
 */
import { expect } from 'vitest';
import { fromCallback, type EventObject } from 'xstate';
import type { MarkupShape, NoteView, ReviewedComment } from '../../src/api/schemas';
import { reviewMachine, type ReviewEngineCommand, type ReviewEvent, type ReviewInput } from '../../src/machines/viewer/review/reviewMachine';
import { createSut, type Expected, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

export const VIEW: NoteView = { camera: { view: 'free', position: [1, 1, 2], target: [0, 0.5, 0], orthoHalfHeight: null }, renderMode: 'wireframe', clipping: { axis: 'x', inverted: false, position: 300 }, explode: 0, hidden: [], isolated: null, measurement: null };
const CAPTURED: NoteView = { ...VIEW, renderMode: 'solid', clipping: null, explode: 0.5 };
const note = (id: number, extra: Partial<ReviewedComment>): ReviewedComment => ({
  id, date: new Date(1_700_000_000_000), authorName: 'Claire', authorAvatarUrl: '', text: `note ${id}`, isDeletable: false,
  parentId: null, status: 'open', revisionNumber: 1, pin: null, hasView: false, resolvedAt: null, ...extra,
});
/** Note 1 has a view (read when it is opened), note 2 none, note 3 is a reply to note 1. */
const NOTES = [note(1, { hasView: true }), note(2, {}), note(3, { parentId: 1 })];
export const ARROW: MarkupShape = { kind: 'arrow', from: [0.1, 0.1], to: [0.3, 0.3], color: '#f97316' };
/** What the server answers for note 1's view. */
const ANCHOR = { view: VIEW, markup: [ARROW] };
/** A freehand line of 1,000 points: three of them pass the points a markup holds. */
const LONG_LINE: MarkupShape = { kind: 'line', points: Array.from({ length: 1000 }, (_, i) => [i / 1000, 0.5] as [number, number]), color: '#f97316' };
const PIN = { point: [0.2, 0.9, 0.3] as [number, number, number], partId: '7', partName: 'Left door' };

const events = [
  { type: 'xstate.done.actor.loadNotes', output: NOTES },
  { type: 'xstate.error.actor.loadNotes', error: new Error('offline') },
  { type: 'review.retry' },
  { type: 'review.refresh' },
  { type: 'review.open', id: 1 },
  { type: 'xstate.done.actor.loadAnchor', output: ANCHOR },
  { type: 'xstate.error.actor.loadAnchor', error: new Error('offline') },
  { type: 'review.open', id: 2 },
  { type: 'review.open', id: 3 },
  { type: 'review.close' },
  { type: 'review.viewLeft' },
  { type: 'review.compose' },
  { type: 'review.pinned', pin: PIN },
  { type: 'review.wholeView' },
  { type: 'review.tool', tool: 'arrow' },
  { type: 'review.shape', shape: ARROW },
  { type: 'review.shape', shape: LONG_LINE },
  { type: 'review.undo' },
  { type: 'review.markupText', text: 'here' },
  { type: 'review.text', text: '  Open to the left  ' },
  { type: 'review.text', text: '   ' },
  { type: 'review.send' },
  { type: 'review.captured', view: CAPTURED },
  { type: 'xstate.done.actor.createNote', output: { id: 50 } },
  { type: 'xstate.error.actor.createNote', error: new Error('refused') },
  { type: 'review.cancel' },
  { type: 'review.reply', id: 1 },
  { type: 'review.reply', id: 3 },
  { type: 'review.setStatus', id: 1, status: 'resolved' },
  { type: 'xstate.done.actor.setStatus' },
  { type: 'xstate.error.actor.setStatus', error: new Error('refused') },
  { type: 'review.author', authorName: 'Claire Martin' },
  { type: 'review.revision', revisionNumber: 5 },
] as unknown as ReviewEvent[];

type Phase = 'loading' | 'failed' | 'browsing' | 'openingView' | 'refreshing' | 'settingStatus' | 'placing' | 'drawing' | 'capturing' | 'sending' | 'replying' | 'sendingReply';

/** The rules, replayed over the events played. */
function replay(input: ReviewInput, played: EventObject[]) {
  let phase: Phase = 'loading';
  let notes: ReviewedComment[] = [];
  /** The views read so far: a note's is read once, the first time it is opened. */
  const anchors = new Map<number, typeof ANCHOR>();
  let openId: number | null = null;
  let shownId: number | null = null;
  let author = input.authorName;
  let revision = input.revisionNumber;
  let draft: { pin: typeof PIN | null; view: NoteView | null; markup: MarkupShape[]; text: string } | null = null;
  let reply: { parentId: number; text: string } | null = null;
  let error: string | null = null;
  const calls = { load: 1, create: [] as unknown[], status: [] as unknown[], anchor: [] as unknown[] };
  const engine: ReviewEngineCommand[] = [];
  const sendable = (text: string) => text.trim() !== '' && text.trim().length <= 4000;
  /** A note a list shows at its top level (replies are not opened, replied to or resolved). */
  const top = (id: number) => notes.some((n) => n.id === id && n.parentId === null);
  const browsing = () => ['browsing'].includes(phase);
  /** The open note's view on screen, if it was read: the link offers neither wireframe nor clipping, so it opens solid and uncut. */
  const show = () => {
    const view = openId === null ? null : (anchors.get(openId)?.view ?? null);
    if (!view) return;
    shownId = openId;
    engine.push({ type: 'show', view: { ...view, renderMode: input.renderModes!.includes(view.renderMode) ? view.renderMode : 'solid', clipping: input.clipping === false ? null : view.clipping } });
  };
  for (const event of played) {
    const e = event as EventObject & Record<string, never>;
    switch (e.type as string) {
      case 'review.author': author = (event as unknown as { authorName: string }).authorName; break;
      // Another model on screen: a note's markup no longer matches the picture, as when the user turns it.
      case 'review.revision': (revision = (event as unknown as { revisionNumber: number }).revisionNumber), (shownId = null); break;
      case 'review.viewLeft': shownId = null; break;
      case 'xstate.done.actor.loadNotes':
        if (phase === 'loading' || phase === 'refreshing') (notes = (event as unknown as { output: ReviewedComment[] }).output), (phase = 'browsing');
        if (phase === 'browsing') error = error === 'load' ? null : error;
        break;
      case 'xstate.error.actor.loadNotes':
        if (phase === 'loading') (phase = 'failed'), (error = 'load');
        else if (phase === 'refreshing') phase = 'browsing'; // the notes shown stay
        break;
      case 'review.retry':
        if (phase === 'failed') (phase = 'loading'), calls.load++;
        break;
      case 'review.refresh':
        if (browsing()) (phase = 'refreshing'), calls.load++;
        break;
      case 'review.open': {
        const id = (event as unknown as { id: number }).id;
        if ((browsing() || phase === 'openingView') && top(id)) {
          openId = id;
          if (phase === 'browsing') shownId = null;
          if (notes.find((n) => n.id === id)!.hasView && !anchors.has(id)) (phase = 'openingView'), calls.anchor.push({ ref: input.ref, id });
          else (phase = 'browsing'), show();
        }
        break;
      }
      case 'xstate.done.actor.loadAnchor':
        if (phase === 'openingView') (anchors.set(openId!, (event as unknown as { output: typeof ANCHOR }).output), (phase = 'browsing'), (error = null), show());
        break;
      case 'xstate.error.actor.loadAnchor':
        // The note stays open, without its view, and says why.
        if (phase === 'openingView') (phase = 'browsing'), (error = 'view');
        break;
      case 'review.close':
        if (browsing() || phase === 'openingView') (phase = 'browsing'), (openId = null), (shownId = null);
        break;
      case 'review.compose':
        if (browsing()) {
          phase = 'placing';
          draft = { pin: null, view: null, markup: [], text: '' };
          openId = shownId = null;
          error = null;
          engine.push({ type: 'pick', active: true });
        }
        break;
      case 'review.pinned':
      case 'review.wholeView':
        if (phase === 'placing') {
          phase = 'drawing';
          draft!.pin = e.type === 'review.pinned' ? PIN : null;
          engine.push({ type: 'pick', active: false });
        }
        break;
      case 'review.shape': {
        const shape = (event as unknown as { shape: MarkupShape }).shape;
        const points = (m: MarkupShape) => (m.kind === 'line' ? m.points.length : m.kind === 'text' ? 1 : 2);
        // At most 100 shapes and 2,000 points in all.
        if (phase === 'drawing' && draft!.markup.length < 100 && [...draft!.markup, shape].reduce((sum, m) => sum + points(m), 0) <= 2000) draft!.markup = [...draft!.markup, shape];
        break;
      }
      case 'review.undo':
        if (phase === 'drawing') draft!.markup = draft!.markup.slice(0, -1);
        break;
      case 'review.text': {
        const text = (event as unknown as { text: string }).text;
        if (phase === 'drawing') draft!.text = text;
        else if (phase === 'replying') reply!.text = text;
        break;
      }
      case 'review.send':
        if (phase === 'drawing' && sendable(draft!.text)) (phase = 'capturing'), engine.push({ type: 'capture' });
        else if (phase === 'replying' && sendable(reply!.text)) {
          phase = 'sendingReply';
          calls.create.push({ authorName: author, text: reply!.text.trim(), parentId: reply!.parentId, revisionNumber: revision });
        }
        break;
      case 'review.captured':
        if (phase === 'capturing') {
          phase = 'sending';
          draft!.view = CAPTURED;
          calls.create.push({
            authorName: author, text: draft!.text.trim(), revisionNumber: revision,
            ...(draft!.pin ? { pin: draft!.pin } : {}), view: CAPTURED, ...(draft!.markup.length ? { markup: draft!.markup } : {}),
          });
        }
        break;
      case 'xstate.done.actor.createNote':
        if (phase === 'sending') (phase = 'refreshing'), (draft = null), (openId = 50), (error = null), calls.load++;
        else if (phase === 'sendingReply') (phase = 'refreshing'), (reply = null), (error = null), calls.load++;
        break;
      case 'xstate.error.actor.createNote':
        // The draft or the reply stays, with the reason.
        if (phase === 'sending') (phase = 'drawing'), (error = 'send');
        else if (phase === 'sendingReply') (phase = 'replying'), (error = 'send');
        break;
      case 'review.cancel':
        if (phase === 'placing' || phase === 'drawing' || phase === 'capturing' || phase === 'sending') {
          if (phase === 'placing') engine.push({ type: 'pick', active: false });
          phase = 'browsing';
          draft = null;
        } else if (phase === 'replying') (phase = 'browsing'), (reply = null);
        break;
      case 'review.reply': {
        const id = (event as unknown as { id: number }).id;
        if (browsing() && top(id)) (phase = 'replying'), (reply = { parentId: id, text: '' }), (openId = id), (error = null);
        break;
      }
      case 'review.setStatus':
        if (browsing() && input.role === 'owner') (phase = 'settingStatus'), calls.status.push({ ref: input.ref, id: 1, status: 'resolved' });
        break;
      case 'xstate.done.actor.setStatus':
        if (phase === 'settingStatus') (phase = 'refreshing'), calls.load++;
        break;
      case 'xstate.error.actor.setStatus':
        if (phase === 'settingStatus') (phase = 'browsing'), (error = 'status');
        break;
    }
  }
  return { phase, openId, shownId, author, revision, markup: draft?.markup.length ?? null, pin: draft?.pin ?? null, reply, error, calls, engine };
}

const PHASE_OF: Record<string, Phase> = {
  loading: 'loading', failed: 'failed',
  '{"ready":"browsing"}': 'browsing', '{"ready":"openingView"}': 'openingView', '{"ready":"refreshing"}': 'refreshing', '{"ready":"settingStatus"}': 'settingStatus',
  '{"ready":{"composing":"placing"}}': 'placing', '{"ready":{"composing":"drawing"}}': 'drawing',
  '{"ready":{"composing":"capturing"}}': 'capturing', '{"ready":{"composing":"sending"}}': 'sending',
  '{"ready":"replying"}': 'replying', '{"ready":"sendingReply"}': 'sendingReply',
};

type ReviewSut = Sut & { engine: ReviewEngineCommand[]; seen: { load: number; create: unknown[]; status: unknown[]; anchor: unknown[] } };

/** The machine's state value for a phase of the rules (the screen's state, as a driver reads it). */
const VALUE_OF = Object.fromEntries(Object.entries(PHASE_OF).map(([value, phase]) => [phase, value.startsWith('{') ? JSON.parse(value) : value])) as Record<Phase, unknown>;

/** What the rules expect after a step: the events played, and what they give. */
export interface ReviewExpected extends Expected {
  played: EventObject[];
  want: ReturnType<typeof replay>;
}

/** The review's oracle for one input: the rules replayed over the events played, step by step. */
function reviewOracle(input: ReviewInput): Oracle<ReviewEvent, ReviewExpected> {
  const at = (played: EventObject[], before: ReviewExpected | null): ReviewExpected => {
    const want = replay(input, played);
    const calls = (w: ReturnType<typeof replay> | undefined) => ({ create: w?.calls.create.length ?? 0, status: w?.calls.status.length ?? 0, anchor: w?.calls.anchor.length ?? 0, engine: w?.engine.length ?? 0 });
    const was = calls(before?.want);
    const effects = [
      ...want.calls.create.slice(was.create).map((body) => `POST note ${JSON.stringify(body)}`),
      ...want.calls.status.slice(was.status).map((call) => `PATCH status ${JSON.stringify(call)}`),
      ...want.calls.anchor.slice(was.anchor).map((call) => `GET view ${JSON.stringify(call)}`),
      ...want.engine.slice(was.engine).map((command) => `engine ${command.type}`),
    ];
    return { value: VALUE_OF[want.phase], effects, played, want };
  };
  return {
    initial: () => at([], null),
    next: (before, event) => at([...before.played, event], before),
    check(real, exp, sut) {
      const s = sut as ReviewSut;
      const { want } = exp;
      expect(PHASE_OF[typeof real.value === 'string' ? real.value : JSON.stringify(real.value)]).toBe(want.phase);
      const c = real.context as { openId: number | null; shownId: number | null; authorName: string; revisionNumber: number; draft: { markup: unknown[]; pin: unknown } | null; reply: unknown; error: unknown };
      expect({ openId: c.openId, shownId: c.shownId, author: c.authorName, revision: c.revisionNumber, error: c.error }).toEqual({ openId: want.openId, shownId: want.shownId, author: want.author, revision: want.revision, error: want.error });
      expect(c.draft ? c.draft.markup.length : null).toBe(want.markup);
      expect(c.draft ? c.draft.pin : null).toEqual(want.pin);
      expect(c.reply).toEqual(want.reply);
      expect(s.engine).toEqual(want.engine);
      // Every call that went out, in order (the pending ones and those the path settled).
      for (const call of s.pending.createNote) if (!s.seen.create.includes(call.input)) s.seen.create.push(call.input);
      for (const call of s.pending.setStatus) if (!s.seen.status.includes(call.input)) s.seen.status.push(call.input);
      expect(s.seen.create.map((call) => (call as { body: unknown }).body)).toEqual(want.calls.create);
      expect(s.seen.status).toEqual(want.calls.status);
      for (const call of s.pending.loadAnchor) if (!s.seen.anchor.includes(call.input)) s.seen.anchor.push(call.input);
      expect(s.seen.anchor).toEqual(want.calls.anchor);
    },
  };
}

function reviewRun(input: ReviewInput) {
  return defineRun<ReviewEvent>({
    events,
    input,
    // The paths are generated without the engine child: the model leaves its commands out (the real machine sends them).
    model: reviewMachine.provide({ actions: { pickOn: () => {}, pickOff: () => {}, capture: () => {}, showView: () => {} } }),
    serializeState: (snapshot) => {
      const c = snapshot.context as { anchors: object; openId: unknown; shownId: unknown; draft: { pin: unknown; markup: unknown[]; text: string } | null; reply: { text: string } | null; error: unknown; authorName: string; revisionNumber: number };
      // Small on purpose: a shape more, another author name or revision are the same state for the paths.
      return JSON.stringify([snapshot.value, c.openId, c.shownId !== null, Object.keys(c.anchors).length, c.draft && [c.draft.pin !== null, c.draft.markup.length > 0, c.draft.text.trim() !== ''], c.reply?.text.trim() !== '', c.error]);
    },
    sut: () => {
      const engine: ReviewEngineCommand[] = [];
      const sut = createSut(reviewMachine, {
        promiseActors: ['loadNotes', 'loadAnchor', 'createNote', 'setStatus'],
        input,
        provide: { actors: { reviewEngine: fromCallback<ReviewEngineCommand>(({ receive }) => receive((command) => void engine.push(command))) } },
      });
      return Object.assign(sut, { engine, seen: { load: 0, create: [] as unknown[], status: [] as unknown[], anchor: [] as unknown[] } });
    },
    oracle: reviewOracle(input) as never,
  });
}

/** The model's runs: a client on a link (which offers neither wireframe nor clipping), and the owner. */
export const GUEST_RUN = 'a client on a link without wireframe or clipping';
export const OWNER_RUN = 'the owner';

export const reviewModel: MachineModel = {
  name: 'review',
  machine: reviewMachine,
  source: 'src/machines/viewer/review/reviewMachine.ts',
  testFile: 'tests/machines/reviewModel.test.ts',
  runs: [
    { label: GUEST_RUN, run: reviewRun({ ref: { accessKey: 'k1' }, role: 'guest', revisionNumber: 4, authorName: 'Claire', renderModes: ['solid', 'xray'], clipping: false }) },
    { label: OWNER_RUN, run: reviewRun({ ref: { id: 7 }, role: 'owner', revisionNumber: 4, authorName: 'Olga', renderModes: ['solid', 'xray', 'wireframe', 'illustration'], clipping: true }) },
  ],
};
