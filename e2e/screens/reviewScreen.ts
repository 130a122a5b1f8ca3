/**
 * The review machine's screen: the Notes tab of the comments panel, in the owner's viewer and on a
 * client's link (comments shown; neither wireframe nor clipping offered, as the model's link). The
 * project is the cabinet of two parts the viewers' driver uses; its server holds the model's three
 * notes: Note one (with a view in wireframe, cut along x, and an arrow drawn over it), Note two, and
 * Note three, a reply to Note one.
 *
 * The server's answers are held: the page's reads of the notes (the comments list of the second tab
 * reads alongside at first, and again on a note elsewhere while it is shown; each answer of the path
 * answers those too), its read of a note's view, each note it sends and each change of status, each
 * answered at the path's step by the server or refused. The page's live stream is held as well and
 * answered only where the path has news: a note written elsewhere (written through the real API
 * first) or a new revision (uploaded first), so the page's own notes do not come back to it as news
 * at moments the path does not say.
 *
 * After each step the panel shows the oracle's state: "…" while the notes are read, the failure with
 * Try again, the note being written (the words asking for a tap, the markup's shapes, Sending…), the
 * reply box under its note, the open note (its Close), the problem in words; the open note's view on
 * screen (its arrow over the model, in wireframe and cut for the owner, solid and uncut on the link);
 * and the page sent what the model sent: the notes (text, reply to, pin, view, shapes, revision, the
 * author's name), the changes of status, the reads of a note's view.
 */
import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { api, updateProject } from '../../bench/lib/appServer';
import { ARROW, GUEST_RUN, OWNER_RUN, reviewModel, VIEW, type ReviewExpected } from '../../tests/models/review';
import { e2eServer } from '../linkHelpers';
import { SCREEN_TESTER } from './accounts';
import { accountWithProject, ownerWithProject } from './listScreen';
import { HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';
import { DOOR_AND_SHELF, modelFiles } from './viewerScreen';

const NAME = 'Review cabinet';
/** The owner's name (the screen drivers' accounts), and a client's on a link (the viewer's guest name). */
const OWNER_NAME = SCREEN_TESTER;
const GUEST_NAME = 'Guest';
const TEXTS = {
  panel: 'Notes',
  loading: '…',
  loadFailed: 'The notes could not be loaded.',
  retry: 'Try again',
  pinNote: 'Pin a note',
  placing: 'Tap the model where the note belongs.',
  noPin: 'Note on the whole view',
  cancel: 'Cancel',
  send: 'Send',
  sending: 'Sending…',
  text: 'Your note',
  replyText: 'Your reply',
  markupText: 'Words to place',
  tools: { arrow: 'Arrow', line: 'Freehand', text: 'Text' } as Record<string, string>,
  undo: 'Undo the last shape',
  close: 'Close the note',
  reply: 'Reply',
  failed: { send: 'Your note could not be sent. Please try again.', status: 'The note could not be changed. Please try again.', view: 'The note’s view could not be loaded. Please try again.' } as Record<string, string>,
};
/** The model's notes 1, 2 and 3 as the server holds them. */
const NOTE_TEXTS: Record<number, string> = { 1: 'Note one', 2: 'Note two', 3: 'Note three' };

type Want = ReviewExpected['want'];
type Phase = Want['phase'];

interface ReviewScreen {
  guest: boolean;
  token: string;
  projectId: number;
  /** The page's API path of the project's comments (the owner's, or the link's). */
  comments: string;
  /** The model's note (1, 2, 3) of each server id. */
  modelIds: Map<number, number>;
  reads: HeldRequests;
  /** The comments list's read is among those to answer (at first, and after a note elsewhere while its list was read). */
  listReads: number;
  listReady: boolean;
  views: HeldRequests;
  /** The notes whose view the page read (model ids), in order. */
  viewsAsked: number[];
  creates: HeldRequests;
  bodies: Array<Record<string, unknown>>;
  statuses: HeldRequests;
  /** The page's live stream, held until the path has news for it. */
  streams: HeldRequests;
  /** The phase the page was last seen in (the words typed go to the note's box or the reply's). */
  phase: Phase;
  /** The revision on screen when each note the model sent went (the model numbers its own revisions). */
  sentAt: number[];
  /** The note open when last seen (the model's number), Note one's id on the server, the taps that pinned so far. */
  openId: number | null;
  note1: number;
  taps: number;
}

/** Where Note one's pin is, in fractions of the canvas (new pins go lower, each beside the last: see `review.pinned`). */
const PIN_AT = [0.45, 0.4] as const;

const panel = (page: Page) => page.getByRole('region', { name: TEXTS.panel, exact: true });
const card = (page: Page, id: number) => panel(page).locator('[data-note]').filter({ hasText: NOTE_TEXTS[id] });
const markup = (page: Page) => page.getByTestId('markup-layer').locator('[data-shape]');
const canvas = (page: Page) => page.locator('canvas[data-engine-ready="true"]');

const composing = (phase: Phase) => ['placing', 'drawing', 'capturing', 'sending'].includes(phase);
const listed = (phase: Phase) => phase !== 'loading' && phase !== 'failed';
/** The open note's card offers Close (a card with its reply box offers Send and Cancel instead). */
const closeOffered = (w: Want) => listed(w.phase) && w.openId !== null && w.reply === null;

/**
 * What the page cannot play: a control it does not show where the model plays the event (the
 * machine would ignore it, or act where the page offers nothing), an engine's answer it was not
 * asked for, and a new author (the session's user changes only through the user panel's Log in,
 * the settings' driver's path).
 */
function unplayable(path: ScreenPath<ReviewExpected>): string | null {
  if (path.steps.some((s) => s.event.type === 'review.author')) return 'the author changes only when the visitor logs in (the settings’ driver plays the user panel)';
  const steps = statesBefore(reviewModel, path);
  for (const [i, { event, before }] of steps.entries()) {
    const w = before.want;
    const id = (event as { id?: number }).id;
    switch (event.type) {
      case 'review.open':
        if (id === 3) return 'a reply shows inside its note’s card: it has no card or Show of its own';
        if (!listed(w.phase)) return 'no note is listed yet';
        if (w.openId === id && id !== 1 && (w.phase === 'browsing' || w.phase === 'openingView')) return 'an open note’s card offers Close, not Show (and Note two has no pin)';
        break;
      case 'review.reply':
        if (id === 3) return 'a reply shows inside its note’s card: it has no Reply of its own';
        if (!listed(w.phase) || w.reply?.parentId === id) return 'the note’s card offers no Reply (not listed, or its reply box is open)';
        break;
      case 'review.setStatus':
        if (path.run === GUEST_RUN) return 'a client has no Resolve: only the owner resolves';
        if (!listed(w.phase) || w.reply?.parentId === id) return 'the note’s card offers no Resolve (not listed, or its reply box is open)';
        break;
      case 'review.close':
        if (!closeOffered(w)) return 'no open note offers Close';
        break;
      case 'review.compose':
        if (!listed(w.phase) || composing(w.phase)) return 'Pin a note is not on the page (no list yet, or a note is being written)';
        break;
      case 'review.pinned':
      case 'review.wholeView':
        if (w.phase !== 'placing') return 'a tap pins, and Note on the whole view is offered, only while a note is placed';
        break;
      case 'review.tool':
      case 'review.shape':
      case 'review.undo':
      case 'review.markupText':
        if (w.phase !== 'drawing') return 'the markup tools show only while a note is drawn';
        break;
      case 'review.text':
        if (w.phase !== 'drawing' && w.phase !== 'replying') return 'no note or reply is being written: no box for its words';
        break;
      case 'review.send':
        if (!['drawing', 'sending', 'replying', 'sendingReply'].includes(w.phase)) return 'no Send on the page';
        break;
      case 'review.cancel':
        if (!['placing', 'drawing', 'sending', 'replying', 'sendingReply'].includes(w.phase)) return 'no Cancel on the page';
        break;
      case 'review.retry':
        if (w.phase !== 'failed') return 'Try again shows only when the notes could not be read';
        break;
      case 'review.viewLeft':
        // Turned without a note's view on screen, the model leaves nothing: the machine has nothing to forget either.
        if (composing(w.phase)) return 'while a note is written, a drag on the view draws (or places the note)';
        break;
      case 'review.captured':
        if (w.phase !== 'capturing') return 'the engine captures the view only when asked';
        break;
    }
    // The engine captures the view as soon as it is asked: nothing comes between Send and the capture.
    if (steps[i].expected.want.phase === 'capturing' && steps[i + 1] && steps[i + 1].event.type !== 'review.captured') return 'the engine captures the view at once: nothing comes between Send and the capture';
  }
  return null;
}

/** The view's area (the drawing surface over it while a note is drawn). */
const surface = (page: Page) => page.getByTestId('markup-layer');

/** Drags on the view from `from` to `to` (fractions of `within`: the canvas, or the view's area), through `steps` moves. */
async function drag(page: Page, from: [number, number], to: [number, number], steps: number, within = canvas(page)) {
  const box = (await within.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps });
  await page.mouse.up();
}

/**
 * A freehand line of `points` points from `from` to `to` (fractions of the canvas): the press and
 * the release are the mouse's; the moves between are the pointer's events sent on the drawing surface
 * in the page, each after the page has drawn the last (a thousand mouse moves take minutes here).
 */
async function freehand(page: Page, from: [number, number], to: [number, number], points: number) {
  const box = (await surface(page).boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await surface(page).evaluate(
    async (layer, { box, from, to, points }) => {
      for (let i = 1; i < points; i += 1) {
        const t = i / (points - 1);
        const [x, y] = [box.x + box.width * (from[0] + (to[0] - from[0]) * t), box.y + box.height * (from[1] + (to[1] - from[1]) * t)];
        layer.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', isPrimary: true, buttons: 1 }));
        await new Promise((next) => setTimeout(next, 0));
      }
    },
    { box, from, to, points },
  );
  await page.mouse.up();
}

async function chooseTool(page: Page, tool: string) {
  const button = panel(page).getByRole('toolbar').getByRole('button', { name: TEXTS.tools[tool], exact: true });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
}

/** The answer to the page's reads of the notes: the review's, and the comments list's where it reads too. */
async function answerReads(screen: ReviewScreen, answer: (route: Awaited<ReturnType<HeldRequests['next']>>) => Promise<void>, ok: boolean) {
  const routes = await screen.reads.all(1 + screen.listReads);
  if (screen.listReads > 0) screen.listReady = ok;
  screen.listReads = 0;
  for (const route of routes) await answer(route);
}

/** The news on the page's live stream (its held request answered with one event; the page connects again). */
async function tell(screen: ReviewScreen, event: Record<string, unknown>) {
  const stream = await screen.streams.newest();
  await stream.fulfill({ status: 200, contentType: 'text/event-stream', body: `: open\n\nevent: ${event.type as string}\ndata: ${JSON.stringify({ projectId: screen.projectId, ...event })}\n\n` });
}

/** The revision each note names: the first, then one more for each new revision the path brought. */
const revisionOf = (played: EventObject[]) => 1 + played.filter((e) => e.type === 'review.revision').length;

export const reviewScreen: ScreenDriver<ReviewScreen, ReviewExpected> = {
  model: reviewModel,
  unplayable,
  offScreen: {
    transitions: ['(root) review.author#0'],
    why: 'the author changes only when the visitor logs in (the settings’ driver plays the user panel; the viewers’ drivers name it too)',
  },
  answers: 'held',
  async open(page, run) {
    const guest = run === GUEST_RUN;
    let account: { token: string; projectId: number; accessKey: string };
    if (guest) {
      account = await accountWithProject('review-link', NAME, DOOR_AND_SHELF);
      await api(e2eServer, `projects/${account.projectId}`, account.token, { isPublished: true, shareOptions: { isCommentsVisible: true, isWireframeRenderModeAvailable: false, isClippingPlaneAvailable: false } }, 'PATCH');
    } else {
      if (run !== OWNER_RUN) throw new Error(`no screen for the review's run "${run}"`);
      account = await ownerWithProject(page, 'review', NAME, DOOR_AND_SHELF);
    }
    const modelIds = new Map<number, number>();
    const base = guest ? `/api/v1/projects/accessKeys/${account.accessKey}` : `/api/v1/projects/${account.projectId}`;
    const screen: ReviewScreen = {
      guest,
      token: account.token,
      projectId: account.projectId,
      comments: `${base}/comments`,
      modelIds,
      reads: new HeldRequests('its read of the notes'),
      listReads: 1,
      listReady: false,
      views: new HeldRequests('its read of a note’s view'),
      viewsAsked: [],
      creates: new HeldRequests('a new note'),
      bodies: [],
      statuses: new HeldRequests('a change of status'),
      streams: new HeldRequests('its live stream'),
      phase: 'loading',
      sentAt: [],
      openId: null,
      note1: 0,
      taps: 0,
    };
    const streamPath = guest ? `${base}/events` : '/api/v1/projects/events';
    await page.route(
      (url) => url.pathname === streamPath || url.pathname === screen.comments || url.pathname.startsWith(`${screen.comments}/`),
      (route, request) => {
        const { pathname } = new URL(request.url());
        const method = request.method();
        if (pathname === streamPath) return screen.streams.hold(route);
        if (pathname === screen.comments && method === 'GET') return screen.reads.hold(route);
        if (pathname === screen.comments && method === 'POST') {
          screen.bodies.push(request.postDataJSON() as Record<string, unknown>);
          return screen.creates.hold(route);
        }
        const view = /\/comments\/(\d+)\/view$/.exec(pathname);
        if (view && method === 'GET') {
          screen.viewsAsked.push(modelIds.get(Number(view[1])) ?? -1);
          return screen.views.hold(route);
        }
        if (/\/comments\/\d+$/.test(pathname) && method === 'PATCH') return screen.statuses.hold(route);
        return route.fallback();
      },
    );
    await page.goto(guest ? `/s/${account.accessKey}` : `/projects/${account.projectId}`);
    await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
    // The model's notes (the page's reads of them are held: the server answers with these): 1 pinned on the door, with the model's
    // view seen from the camera the page opens at (its pin then in sight) and its arrow; 2; and 3, a reply to 1.
    const { hit, camera } = await canvas(page).evaluate((element, at) => {
      const engine = window.viewerEngine!;
      const { width, height } = element.getBoundingClientRect();
      const state = engine.getCameraState();
      return { hit: engine.pickAt(width * at[0], height * at[1]), camera: { view: state.view, position: [...state.position], target: [...state.target], orthoHalfHeight: state.orthoHalfHeight } };
    }, PIN_AT);
    expect(hit.point, 'the door under the pin of Note one').not.toBeNull();
    const write = async (n: number, extra: Record<string, unknown>) => {
      const { id } = await api<{ id: number }>(e2eServer, `projects/${account.projectId}/comments`, account.token, { authorName: OWNER_NAME, text: NOTE_TEXTS[n], ...extra });
      modelIds.set(id, n);
      return id;
    };
    screen.note1 = await write(1, { pin: { point: hit.point, partId: hit.partId, partName: 'Door' }, view: { ...VIEW, camera }, markup: [ARROW], revisionNumber: 1 });
    await write(2, {});
    await write(3, { parentId: screen.note1 });
    await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: 'Comments', exact: true }).click();
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    return screen;
  },
  user: {
    'review.retry': (page) => page.getByRole('alert').getByRole('button', { name: TEXTS.retry, exact: true }).click(),
    async 'review.open'(page, screen, event) {
      const { id } = event as unknown as { id: number };
      // The note's card (its words: a click on a control of the card is that control's); the open
      // note's card offers Close, not Show: its pin on the model opens it again.
      if (screen.openId === id && id === 1) return page.locator(`[data-pin="${screen.note1}"]`).click();
      await card(page, id).getByText(NOTE_TEXTS[id], { exact: true }).click();
    },
    'review.close': (page) => panel(page).getByRole('button', { name: TEXTS.close, exact: true }).click(),
    // The user turns the model: the note's view is left.
    'review.viewLeft': (page) => drag(page, [0.35, 0.5], [0.2, 0.55], 8),
    'review.compose': (page) => panel(page).getByRole('button', { name: TEXTS.pinNote, exact: true }).click(),
    async 'review.pinned'(page, screen) {
      // On the door, below Note one's pin, and beside the pins this path's notes left (a tap on a pin opens its note).
      const box = (await canvas(page).boundingBox())!;
      const k = screen.taps++;
      await canvas(page).click({ position: { x: box.width * (0.4 + 0.07 * (k % 4)), y: box.height * (0.6 + 0.06 * Math.floor(k / 4)) } });
    },
    'review.wholeView': (page) => panel(page).getByRole('button', { name: TEXTS.noPin, exact: true }).click(),
    'review.tool': (page, _screen, event) => chooseTool(page, (event as unknown as { tool: string }).tool),
    async 'review.shape'(page, _screen, event) {
      const { shape } = event as unknown as { shape: { kind: string } };
      // The model's arrow, or a freehand line of 1,000 points (the most one line takes).
      await chooseTool(page, shape.kind);
      // In the middle of the view (a tap's part information card takes its top left corner).
      if (shape.kind === 'arrow') await drag(page, [0.45, 0.45], [0.6, 0.6], 5, surface(page));
      else await freehand(page, [0.3, 0.8], [0.7, 0.85], 1000);
    },
    async 'review.undo'(page) {
      const undo = panel(page).getByRole('button', { name: TEXTS.undo, exact: true });
      // Off with nothing drawn (the machine has nothing to take back).
      if (await undo.isEnabled()) await undo.click();
    },
    async 'review.markupText'(page, _screen, event) {
      await chooseTool(page, 'text');
      await panel(page).getByRole('textbox', { name: new RegExp(`^${TEXTS.markupText}`) }).fill((event as unknown as { text: string }).text);
    },
    async 'review.text'(page, screen, event) {
      // The box's name holds its words too (a label around its box): named by its start.
      const label = screen.phase === 'replying' ? TEXTS.replyText : TEXTS.text;
      await panel(page).getByRole('textbox', { name: new RegExp(`^${label}`) }).fill((event as unknown as { text: string }).text);
    },
    async 'review.send'(page) {
      const send = panel(page).getByRole('button', { name: new RegExp(`^(${TEXTS.send}|${TEXTS.sending})$`) });
      // Off for a blank text, and while a note is on its way.
      if (await send.isEnabled()) await send.click();
    },
    'review.cancel': (page) => panel(page).getByRole('button', { name: TEXTS.cancel, exact: true }).click(),
    'review.reply': (page, _screen, event) => card(page, (event as unknown as { id: number }).id).getByRole('button', { name: TEXTS.reply, exact: true }).click(),
    'review.setStatus': (page, _screen, event) => card(page, (event as unknown as { id: number }).id).getByRole('button', { name: /^(Resolve|Reopen)$/ }).click(),
    async 'review.revision'(_page, screen) {
      // A new revision uploaded elsewhere, and the news of it on the page's live stream.
      const { revisionNumber } = await updateProject(e2eServer, screen.token, screen.projectId, 'cabinet.dae', (await modelFiles()).next);
      await tell(screen, { type: 'revision', revisionNumber });
    },
  },
  server: {
    'xstate.done.actor.loadNotes': (_page, screen) => answerReads(screen, (route) => route.continue(), true),
    'xstate.error.actor.loadNotes': (_page, screen) => answerReads(screen, (route) => refuse(route), false),
    async 'review.refresh'(_page, screen) {
      // A note written elsewhere; the review reads again where it lists its notes, the comments list where it shows its own.
      const { id } = await api<{ id: number }>(e2eServer, `projects/${screen.projectId}/comments`, screen.token, { authorName: 'Ana Martin', text: 'Written elsewhere' });
      if (screen.listReady) (screen.listReads += 1), (screen.listReady = false);
      await tell(screen, { type: 'note', noteId: id });
    },
    // The read the page waits for (a note opened again while its view is read asks again).
    'xstate.done.actor.loadAnchor': async (_page, screen) => (await screen.views.newest()).continue(),
    'xstate.error.actor.loadAnchor': async (_page, screen) => refuse(await screen.views.newest()),
    // The engine answers the capture by itself, as soon as Send asks it.
    'review.captured': async () => {},
    'xstate.done.actor.createNote': async (_page, screen) => (await screen.creates.next()).continue(),
    'xstate.error.actor.createNote': async (_page, screen) => refuse(await screen.creates.next()),
    'xstate.done.actor.setStatus': async (_page, screen) => (await screen.statuses.next()).continue(),
    'xstate.error.actor.setStatus': async (_page, screen) => refuse(await screen.statuses.next()),
  },
  async expect(page, screen, e, where) {
    const w = e.want;
    screen.phase = w.phase;
    screen.openId = w.openId;
    if (w.phase === 'loading') {
      await expect(page.getByRole('tabpanel').getByText(TEXTS.loading, { exact: true }), where).toBeVisible();
      await expect(panel(page), where).toHaveCount(0);
    } else if (w.phase === 'failed') {
      await expect(page.getByRole('alert').filter({ hasText: TEXTS.loadFailed }).getByRole('button', { name: TEXTS.retry }), where).toBeVisible();
      await expect(panel(page), where).toHaveCount(0);
    } else {
      await expect(card(page, 1), where).toBeVisible();
      await expect(card(page, 2), where).toBeVisible();
      // The problem in words, or none.
      const problem = w.error && w.error !== 'load' ? TEXTS.failed[w.error] : null;
      if (problem) await expect(panel(page).getByRole('alert'), where).toHaveText(problem);
      else await expect(panel(page).getByRole('alert'), where).toHaveCount(0);
      // The note being written: the tap asked for, its shapes, Sending… while it goes.
      await expect(panel(page).getByText(TEXTS.placing), where).toHaveCount(w.phase === 'placing' ? 1 : 0);
      await expect(panel(page).getByRole('button', { name: TEXTS.pinNote, exact: true }), where).toHaveCount(composing(w.phase) ? 0 : 1);
      await expect(panel(page).getByRole('toolbar'), where).toHaveCount(['drawing', 'capturing', 'sending'].includes(w.phase) ? 1 : 0);
      // The engine captures the view at once: capturing is already sending on the page.
      const sending = w.phase === 'capturing' || w.phase === 'sending' || w.phase === 'sendingReply';
      await expect(panel(page).getByRole('button', { name: TEXTS.sending, exact: true }), where).toHaveCount(sending ? 1 : 0);
      // The reply box under its note, with its words.
      const replyBox = (within: ReturnType<typeof panel>) => within.getByRole('textbox', { name: new RegExp(`^${TEXTS.replyText}`) });
      if (w.reply) await expect(replyBox(card(page, w.reply.parentId)), where).toHaveValue(w.reply.text);
      else await expect(replyBox(panel(page)), where).toHaveCount(0);
      // The open note: Close on its card (one of the model's), on no other.
      const closes = panel(page).getByRole('button', { name: TEXTS.close, exact: true });
      if (!closeOffered(w)) await expect(closes, where).toHaveCount(0);
      else if (w.openId !== null && w.openId <= 3) {
        await expect(card(page, w.openId).getByRole('button', { name: TEXTS.close, exact: true }), where).toBeVisible();
        await expect(closes, where).toHaveCount(1);
      }
    }
    // The shapes over the view: the draft's while a note is drawn (none while it goes), else the open note's arrow while its view is on screen.
    const drawn = w.phase === 'drawing' ? w.markup! : w.shownId !== null ? 1 : 0;
    await expect(markup(page), `${where}: the shapes over the view`).toHaveCount(drawn);
    if (w.markup === null && w.shownId !== null) {
      await expect(markup(page).first(), where).toHaveAttribute('data-shape', 'arrow');
      // The note's view: in wireframe and cut for the owner; the link offers neither, so solid and uncut.
      const shown = await page.evaluate(() => ({ mode: window.viewerEngine?.getRenderMode(), clipped: window.viewerEngine?.getClipping().enabled }));
      expect(shown, `${where}: the note's view on screen`).toEqual(screen.guest ? { mode: 'solid', clipped: false } : { mode: 'wireframe', clipped: true });
    }
    // What the page sent: the notes, each as the model's; the changes of status; the reads of a note's view.
    const created = w.calls.create as Array<Record<string, unknown>>;
    // The page captures the view as Send asks: the note goes while the model still captures.
    const capturing = w.phase === 'capturing' ? 1 : 0;
    await expect.poll(() => screen.creates.sent, { message: `${where}: notes sent` }).toBe(created.length + capturing);
    const revision = revisionOf(e.played);
    while (screen.sentAt.length < created.length) screen.sentAt.push(revision);
    // A note in the words both sides share (the note it answers by the model's number).
    const summary = (body: Record<string, unknown>, replyTo: unknown) => ({
      text: body.text,
      replyTo: replyTo ?? null,
      pin: body.pin !== undefined,
      view: body.view !== undefined,
      shapes: (body.markup as unknown[] | undefined)?.length ?? 0,
    });
    const sent = screen.bodies.slice(0, created.length).map((body) => ({
      ...summary(body, body.parentId === undefined ? null : (screen.modelIds.get(body.parentId as number) ?? body.parentId)),
      authorName: body.authorName,
      revisionNumber: body.revisionNumber,
    }));
    const wanted = created.map((body, k) => ({ ...summary(body, body.parentId), authorName: screen.guest ? GUEST_NAME : OWNER_NAME, revisionNumber: screen.sentAt[k] }));
    expect(sent, `${where}: the notes sent`).toEqual(wanted);
    await expect.poll(() => screen.statuses.sent, { message: `${where}: changes of status` }).toBe(w.calls.status.length);
    await expect.poll(() => screen.viewsAsked, { message: `${where}: the notes whose view was read` }).toEqual((w.calls.anchor as Array<{ id: number }>).map(({ id }) => id));
  },
};
