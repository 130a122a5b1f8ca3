/**
 * The notes machines' screens, comments and hyperlinks: the panel of one kind in the owner's viewer
 * of a fresh kitchen whose server holds the model's three notes (written through the API, oldest
 * first: Comment 1, 2 and 3, or Link 1, 2 and 3). The page's first reads of the list are held until
 * the path's answer: the server's own, or a refusal. Each note the form sends is held too, and
 * answered by the server or refused as the model's failure says (a dropped answer, the guests' rate
 * limit, a full project). After each step the panel shows the oracle's list (the notes in order, or
 * "Loading", or the failure with Try again), the draft in its fields, the problem in words, the
 * fields locked while a note is sent and the submit button enabled only for a draft it takes; the
 * page sent as many notes as the model, each with the draft's content and the account's name; and
 * the server holds the notes the list shows.
 *
 * The paths played are the owner's form's rules (FORM_RUN). The model's other runs are not played
 * here: see `unplayable`.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { api } from '../../bench/lib/appServer';
import { commentsModel, FORM_RUN, hyperlinksModel, LIST_RUN, sendableDraft, type NotesExpected } from '../../tests/models/notes';
import { e2eServer } from '../linkHelpers';
import { ownerWithProject, type OwnerWithProject } from './listScreen';
import { HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

/** The owner's name (the screen drivers' accounts): notes are sent under it. */
const AUTHOR = 'Screen Tester';
/** SPEC's words on the panels (English). */
const TEXTS = {
  loading: 'Loading',
  retry: 'Try again',
  dismiss: 'Dismiss',
  invalidResponse: 'Invalid response from server.',
  tooFast: 'Too many in a short time. Please wait a minute and try again.',
  full: 'This project has reached its limit: no more can be added for now.',
  comments: {
    tool: 'Comments',
    panel: 'Comments',
    submit: 'Send',
    empty: 'No comments yet.',
    loadFailed: 'The comments could not be loaded.',
    createFailed: 'The comment could not be sent. Please try again.',
    deleteFailed: 'The comment could not be deleted. It is back in the list.',
  },
  hyperlinks: {
    tool: 'Hyperlinks',
    panel: 'Hyperlinks',
    submit: 'Add',
    empty: 'No hyperlinks yet.',
    loadFailed: 'The hyperlinks could not be loaded.',
    createFailed: 'The hyperlink could not be added. Please try again.',
    deleteFailed: 'The hyperlink could not be deleted. It is back in the list.',
  },
};

type Ns = 'comments' | 'hyperlinks';
type Note = { id: number; text?: string; name?: string; url?: string };

interface NotesScreen extends OwnerWithProject {
  /** The page's reads of the list not answered yet (the review's read of the comments among them). */
  reads: HeldRequests;
  /** How many reads the next answer of the list answers: the comments' and the review's at first, the list's own after a Try again. */
  readers: number;
  /** Whether the list has had its first answer: later reads (the page's own notes heard live) go through. */
  answered: boolean;
  creates: HeldRequests;
  /** The bodies of the notes the page sent. */
  bodies: Array<Record<string, string>>;
}

/** What one kind differs by: its words, its path on the wire, its notes, its fields. */
interface Kind {
  ns: Ns;
  wire: 'comments' | 'attachments';
  /** A note's words in the list: a comment's text, a hyperlink's name. */
  shown(note: Note): string;
  /** The body the API takes for the model's note `id`. */
  seed(id: number): Record<string, string>;
  /** Types the model's change. */
  type(page: Page, event: Record<string, unknown>): Promise<void>;
  /** The fields' values for a draft. */
  fields(page: Page, draft: unknown): Promise<void>;
  /** The fields, each (to see them locked). */
  inputs(page: Page): Locator[];
  /** What a user tries when the submit button is off: Enter in a field, where the form takes it. */
  tryDisabled(page: Page): Promise<void>;
}

const panel = (page: Page, ns: Ns) => page.getByRole('region', { name: TEXTS[ns].panel, exact: true }).first();
const submitOf = (page: Page, ns: Ns) => panel(page, ns).getByRole('button', { name: TEXTS[ns].submit, exact: true });
const items = (page: Page, ns: Ns) => panel(page, ns).locator('ul > li');

const commentKind: Kind = {
  ns: 'comments',
  wire: 'comments',
  shown: (note) => note.text!,
  seed: (id) => ({ authorName: AUTHOR, text: `Comment ${id}` }),
  type: (page, e) => panel(page, 'comments').getByLabel('Your comment').fill(e.text as string),
  fields: (page, draft) => expect(panel(page, 'comments').getByLabel('Your comment')).toHaveValue(draft as string),
  inputs: (page) => [panel(page, 'comments').getByLabel('Your comment')],
  // A new line is all Enter makes in the comment's box.
  tryDisabled: async () => {},
};

const hyperlinkKind: Kind = {
  ns: 'hyperlinks',
  wire: 'attachments',
  shown: (note) => note.name!,
  seed: (id) => ({ authorName: AUTHOR, name: `Link ${id}`, url: `https://example.com/${id}` }),
  async type(page, e) {
    await panel(page, 'hyperlinks').getByLabel(e.field === 'name' ? 'Name' : 'Link', { exact: true }).fill(e.value as string);
  },
  async fields(page, draft) {
    const { name, url } = draft as { name: string; url: string };
    await expect(panel(page, 'hyperlinks').getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(panel(page, 'hyperlinks').getByLabel('Link', { exact: true })).toHaveValue(url);
  },
  inputs: (page) => [panel(page, 'hyperlinks').getByLabel('Name', { exact: true }), panel(page, 'hyperlinks').getByLabel('Link', { exact: true })],
  tryDisabled: (page) => panel(page, 'hyperlinks').getByLabel('Name', { exact: true }).press('Enter'),
};

/** The events of the owner's list run the page does not play: a delete or a pick, and a read again (see `unplayable`). */
const NOT_PLAYED = /\.(delete|toggleSelect|clearSelection|deleteSelected|deleteGuests|confirm|cancelConfirm|refresh)$|^xstate\.(done|error)\.actor\.delete/;

/**
 * What the page cannot play:
 * - In the owner's list, a delete or a pick: the model's owner may not delete the owner's own
 *   note 2, where the server lets the owner delete every note. Its paths of reads, failures and
 *   Try again, and of a note sent while the list is read, are played.
 * - In the owner's list, a read again: the page reads again on a comment written elsewhere (which
 *   the server would then hold, and the model's answer does not), and never on hyperlinks.
 * - A guest on a link: a guest writes no hyperlink (none of theirs to delete) and has no form for
 *   one; a guest's comments are heard live by the page and read again, which the notes machine
 *   alone (without its viewer) does not play.
 * - A link whose list is off: the link shows no panel of a list its owner turned off.
 * - A new author: the owner's name changes only in the account's settings, away from the viewer.
 * - Dismiss while the list has failed to load: its message offers Try again instead.
 */
const unplayableIn = (model: typeof commentsModel) => (path: ScreenPath<NotesExpected>): string | null => {
  if (path.run !== FORM_RUN && path.run !== LIST_RUN) return `the page plays the owner's runs (the others: see notesScreen.ts)`;
  if (path.steps.some((s) => s.event.type.endsWith('.author'))) return "the owner's name changes only in the account's settings, away from the viewer";
  if (path.steps.some((s) => NOT_PLAYED.test(s.event.type))) return "the model's owner may not delete note 2 (the server lets the owner delete every note); a read again needs a note written elsewhere";
  for (const { event, before } of statesBefore(model, path)) {
    if (event.type.endsWith('.dismissError') && before.value.list === 'failed') return 'while the list has failed to load, its message offers Try again, not Dismiss';
  }
  return null;
};

/** The model's failure as the server would give it: its status and code, or a 500 (a dropped answer is worded alike). */
async function refuseAs(screen: NotesScreen, kind: Kind, error: { status?: number; code?: string }) {
  const route = await screen.creates.next();
  if (error.status === 429) return refuse(route, 429, 'too_many_requests', 'Too many requests');
  if (error.status === 409) return refuse(route, 409, error.code, 'Full');
  return refuse(route, 500, undefined, `The ${kind.ns} could not be saved`);
}

function notesScreen(kind: Kind, model: typeof commentsModel): ScreenDriver<NotesScreen, NotesExpected> {
  const { ns, wire } = kind;
  const effects =
    ns === 'comments'
      ? { load: 'loadComments', create: 'createComment', remove: 'deleteComment', removeMany: 'deleteComments' }
      : { load: 'loadHyperlinks', create: 'createHyperlink', remove: 'deleteHyperlink', removeMany: 'deleteHyperlinks' };
  return {
    model,
    unplayable: unplayableIn(model),
    offScreen: {
      transitions: [
        `(root) ${ns}.delete#0`,
        `(root) ${ns}.author#0`,
        `list.ready ${ns}.refresh#0`,
        'deletion.idle (always)#0',
        `deletion.deleting xstate.done.actor.${effects.remove}#0`,
        `deletion.deleting xstate.error.actor.${effects.remove}#0`,
        ...['toggleSelect', 'clearSelection', 'deleteSelected', 'deleteGuests'].map((event) => `bulk.idle ${ns}.${event}#0`),
        `bulk.confirming ${ns}.confirm#0`,
        `bulk.confirming ${ns}.cancelConfirm#0`,
        `bulk.deleting xstate.done.actor.${effects.removeMany}#0`,
        `bulk.deleting xstate.error.actor.${effects.removeMany}#0`,
      ],
      why:
        "deletes and picks: the model's owner may not delete the owner's own note 2, where the server lets the owner delete every note (the model's fixtures would first follow the server's rule); a read again comes only from a comment written elsewhere, which the server would then hold; a new author only from the account's settings",
    },
    answers: 'held',
    async open(page) {
      const owner = await ownerWithProject(page, `notes-${ns}`, `Kitchen ${ns}`);
      for (const id of [1, 2, 3]) await api(e2eServer, `projects/${owner.projectId}/${wire}`, owner.token, kind.seed(id), 'POST');
      const screen: NotesScreen = {
        ...owner,
        reads: new HeldRequests(`its read of the ${ns}`),
        readers: ns === 'comments' ? 2 : 1,
        answered: false,
        creates: new HeldRequests(`a new note (${ns})`),
        bodies: [],
      };
      const path = `/api/v1/projects/${owner.projectId}/${wire}`;
      await page.route(
        (url) => url.pathname === path,
        (route, request) => {
          if (request.method() === 'POST') {
            screen.bodies.push(request.postDataJSON() as Record<string, string>);
            return screen.creates.hold(route);
          }
          // The reads until the list's first answer are held (the review reads the comments too); a read after it, the page's own
          // note heard live, goes through.
          return screen.answered ? route.fallback() : screen.reads.hold(route);
        },
      );
      await page.goto(`/projects/${owner.projectId}`);
      await page.getByRole('navigation', { name: 'Tools', exact: true }).getByRole('button', { name: TEXTS[ns].tool, exact: true }).click();
      if (ns === 'comments') await page.getByRole('tab', { name: 'All comments' }).click();
      await expect(panel(page, ns)).toBeVisible({ timeout: 60_000 });
      return screen;
    },
    user: {
      [`${ns}.change`]: (page, _, e) => kind.type(page, e as unknown as Record<string, unknown>),
      async [`${ns}.submit`](page) {
        if (await submitOf(page, ns).isEnabled()) await submitOf(page, ns).click();
        else await kind.tryDisabled(page);
      },
      [`${ns}.cancel`]: (page) => panel(page, ns).getByRole('button', { name: 'Cancel', exact: true }).click(),
      [`${ns}.dismissError`]: (page) => panel(page, ns).getByRole('alert').getByRole('button', { name: TEXTS.dismiss }).click(),
      [`${ns}.retry`]: (page) => panel(page, ns).getByRole('alert').getByRole('button', { name: TEXTS.retry }).click(),
    },
    server: {
      async [`xstate.done.actor.${effects.load}`](_, screen) {
        const reads = await screen.reads.all(screen.readers);
        screen.answered = true;
        for (const route of reads) await route.continue();
      },
      async [`xstate.error.actor.${effects.load}`](_, screen) {
        for (const route of await screen.reads.all(screen.readers)) await refuse(route);
        screen.readers = 1;
      },
      [`xstate.done.actor.${effects.create}`]: async (_, screen) => (await screen.creates.next()).continue(),
      [`xstate.error.actor.${effects.create}`]: (_, screen, e) => refuseAs(screen, kind, (e as unknown as { error: { status?: number; code?: string } }).error),
    },
    async expect(page, screen, e, where) {
      const texts = TEXTS[ns];
      const list = panel(page, ns);
      const message: Record<string, string> = { ...texts, invalidResponse: TEXTS.invalidResponse, tooFast: TEXTS.tooFast, full: TEXTS.full };
      // A list that failed to load says so until it is read, whatever the last problem was.
      const problem = e.error ?? (e.value.list === 'failed' ? 'loadFailed' : null);
      if (problem) await expect(list.getByRole('alert'), where).toContainText(message[problem]!);
      else await expect(list.getByRole('alert'), where).toHaveCount(0);
      if (e.value.list === 'failed') {
        await expect(list.getByRole('alert').getByRole('button', { name: TEXTS.retry }), where).toBeVisible();
        await expect(items(page, ns), where).toHaveCount(0);
      } else if (e.value.list === 'loading' && e.list.length === 0) {
        await expect(list.getByText(TEXTS.loading, { exact: false }).first(), where).toBeVisible();
      } else {
        await expect(items(page, ns), where).toHaveText(e.list.map((n) => new RegExp(escape(kind.shown(n as Note)))));
      }
      await kind.fields(page, e.draft);
      const sending = e.value.form === 'sending';
      for (const input of kind.inputs(page)) await expect(input, where).toBeEnabled({ enabled: !sending });
      // Submit takes the draft the model would send.
      const takes = !sending && sendableDraft(ns, e.draft);
      await expect(submitOf(page, ns), where).toBeEnabled({ enabled: takes });
      // The notes sent: as many as the model's, each with its content and the account's name.
      await expect.poll(() => screen.creates.sent, { message: `${where}: notes sent` }).toBe(e.calls.create.length);
      const sent = (e.calls.create as Array<{ body: Record<string, string> }>).map(({ body }) => ({ ...body, authorName: AUTHOR }));
      expect(screen.bodies, `${where}: the notes' bodies`).toEqual(sent);
      // The server holds what the list shows, once no note is on its way.
      if (!sending && e.value.list === 'ready') {
        const held = await api<Note[]>(e2eServer, `projects/${screen.projectId}/${wire}`, screen.token);
        expect(held.map(kind.shown), `${where}: the ${ns} the server holds`).toEqual(e.list.map((n) => kind.shown(n as Note)));
      }
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const commentsScreen = notesScreen(commentKind, commentsModel);
export const hyperlinksScreen = notesScreen(hyperlinkKind, hyperlinksModel);
