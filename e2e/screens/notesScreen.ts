/**
 * The notes machines' screens, comments and hyperlinks: the panel of one kind in the owner's viewer
 * of a fresh kitchen whose server holds the model's three notes (Comment 1, 2 and 3, or Link 1, 2
 * and 3, oldest first; 1 and 3 written by guests through the link where the path deletes the
 * guests' comments). The page's first reads of the list are held until the path's answer: the
 * server's own, or a refusal. Each note the form sends, each DELETE of one note and each bulk delete
 * is held too, and answered by the server or refused as the model's failure says (a dropped answer,
 * the guests' rate limit, a full project). After each step the panel shows the oracle's list (the
 * notes in order, or "Loading", or the failure with Try again), the draft in its fields, the
 * problem in words, the fields locked while a note is sent, the submit button enabled only for a
 * draft it takes, a delete button on each note, the picks checked, the confirmation asked; the
 * page sent the notes, the deletes and the bulk deletes the model sent (each note's content with
 * the account's name, each delete's note, each bulk delete's picks or "the guests'"); and the
 * server holds the notes the list shows.
 *
 * The paths played are the owner's runs (FORM_RUN, LIST_RUN); see `unplayable` for the rest.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { api } from '../../bench/lib/appServer';
import { commentsModel, FORM_RUN, hyperlinksModel, LIST_RUN, sendableDraft, type NotesExpected } from '../../tests/models/notes';
import { e2eServer } from '../linkHelpers';
import { SCREEN_TESTER } from './accounts';
import { ownerWithProject, type OwnerWithProject } from './listScreen';
import { escapeRegExp, HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

/** The owner's name (the screen drivers' accounts): notes are sent under it. */
const AUTHOR = SCREEN_TESTER;
/** SPEC's words on the panels (English). */
const TEXTS = {
  loading: 'Loading',
  retry: 'Try again',
  dismiss: 'Dismiss',
  select: 'Select',
  done: 'Done',
  invalidResponse: 'Invalid response from server.',
  tooFast: 'Too many in a short time. Please wait a minute and try again.',
  full: 'This project has reached its limit: no more can be added for now.',
  comments: {
    tool: 'Comments',
    panel: 'Comments',
    submit: 'Send',
    deleteOne: 'Delete this comment',
    selectOne: 'Select this comment',
    deleteGuests: 'Delete guest comments',
    confirmSelected: (n: number) => `Delete ${n} comment${n === 1 ? '' : 's'}? This cannot be undone.`,
    confirmGuests: 'Delete every comment not written by you? This cannot be undone.',
    loadFailed: 'The comments could not be loaded.',
    createFailed: 'The comment could not be sent. Please try again.',
    deleteFailed: 'The comment could not be deleted. It is back in the list.',
  },
  hyperlinks: {
    tool: 'Hyperlinks',
    panel: 'Hyperlinks',
    submit: 'Add',
    deleteOne: 'Delete this hyperlink',
    selectOne: 'Select this hyperlink',
    confirmSelected: (n: number) => `Delete ${n} hyperlink${n === 1 ? '' : 's'}? This cannot be undone.`,
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
  /** The page's DELETEs of one note, and of many (the owner's bulk delete). */
  removes: HeldRequests;
  removals: HeldRequests;
  /** The model's note (1, 2 or 3) of each note written before the page opened, by the server's id. */
  modelIds: Map<number, number>;
  /** The notes the page asked to delete, one by one (model ids), and its bulk deletes' targets. */
  removed: number[];
  targets: Target[];
  /** Whether the list shows its checkboxes (Select pressed, not Done). */
  selecting: boolean;
}

/** What one kind differs by: its words, its path on the wire, its notes, its fields. */
interface Kind {
  ns: Ns;
  wire: 'comments' | 'attachments';
  /** The machine's actors: the list's read, a send, one delete, a bulk delete. */
  effects: { load: string; create: string; remove: string; removeMany: string };
  /** A note's words in the list: a comment's text, a hyperlink's name. */
  shown(note: Note): string;
  /** The body the API takes for the model's note `id`. */
  seed(id: number): Record<string, string>;
  /** Types the model's change. */
  type(page: Page, event: Record<string, unknown>): Promise<void>;
  /** The fields' values for a draft. */
  fields(page: Page, draft: unknown, where: string): Promise<void>;
  /** The fields, each (to see them locked). */
  inputs(page: Page): Locator[];
  /** What a user tries when the submit button is off: Enter in a field, where the form takes it. */
  tryDisabled(page: Page): Promise<void>;
}

const panel = (page: Page, ns: Ns) => page.getByRole('region', { name: TEXTS[ns].panel, exact: true }).first();
const submitOf = (page: Page, ns: Ns) => panel(page, ns).getByRole('button', { name: TEXTS[ns].submit, exact: true });
const items = (page: Page, ns: Ns) => panel(page, ns).locator('ul > li');
/** The model's note `id` (1, 2 or 3) in the list. */
const noteItem = (page: Page, kind: Kind, id: number) => items(page, kind.ns).filter({ has: page.getByText(kind.shown({ id, ...kind.seed(id) }), { exact: true }) });

const commentKind: Kind = {
  ns: 'comments',
  wire: 'comments',
  effects: { load: 'loadComments', create: 'createComment', remove: 'deleteComment', removeMany: 'deleteComments' },
  shown: (note) => note.text!,
  seed: (id) => ({ authorName: AUTHOR, text: `Comment ${id}` }),
  type: (page, e) => panel(page, 'comments').getByLabel('Your comment').fill(e.text as string),
  fields: (page, draft, where) => expect(panel(page, 'comments').getByLabel('Your comment'), where).toHaveValue(draft as string),
  inputs: (page) => [panel(page, 'comments').getByLabel('Your comment')],
  // A new line is all Enter makes in the comment's box.
  tryDisabled: async () => {},
};

const hyperlinkKind: Kind = {
  ns: 'hyperlinks',
  wire: 'attachments',
  effects: { load: 'loadHyperlinks', create: 'createHyperlink', remove: 'deleteHyperlink', removeMany: 'deleteHyperlinks' },
  shown: (note) => note.name!,
  seed: (id) => ({ authorName: AUTHOR, name: `Link ${id}`, url: `https://example.com/${id}` }),
  async type(page, e) {
    await panel(page, 'hyperlinks').getByLabel(e.field === 'name' ? 'Name' : 'Link', { exact: true }).fill(e.value as string);
  },
  async fields(page, draft, where) {
    const { name, url } = draft as { name: string; url: string };
    await expect(panel(page, 'hyperlinks').getByLabel('Name', { exact: true }), where).toHaveValue(name);
    await expect(panel(page, 'hyperlinks').getByLabel('Link', { exact: true }), where).toHaveValue(url);
  },
  inputs: (page) => [panel(page, 'hyperlinks').getByLabel('Name', { exact: true }), panel(page, 'hyperlinks').getByLabel('Link', { exact: true })],
  tryDisabled: (page) => panel(page, 'hyperlinks').getByLabel('Name', { exact: true }).press('Enter'),
};

/** The events of the owner's list run the page does not play: a read again (see `unplayable`). */
const NOT_PLAYED = /\.refresh$/;

type Target = { ids: number[] } | { authors: 'guests' };

/**
 * What the page cannot play:
 * - In the owner's list, a read again: the page reads again on a comment written elsewhere (which
 *   the server would then hold, and the model's answer does not), and never on hyperlinks.
 * - A guest on a link: a guest writes no hyperlink (none of theirs to delete) and has no form for
 *   one; a guest's comments are heard live by the page and read again, which the notes machine
 *   alone (without its viewer) does not play.
 * - A link whose list is off: the link shows no panel of a list its owner turned off.
 * - A new author: the owner's name changes only in the account's settings, away from the viewer.
 * - Dismiss while the list has failed to load: its message offers Try again instead.
 * - A control the page does not show, or shows disabled, where the model plays it (and refuses it):
 *   a delete or a pick of a note not listed, the bulk buttons while confirming, deleting or with
 *   nothing to delete, Delete selected with nothing picked, the confirmation's buttons while none
 *   is asked, Delete guest hyperlinks (guests write none).
 * - A bulk delete answered with ids the server did not delete (the server answers what it
 *   deleted: the picked notes, or the guests' notes it still held), and a DELETE answered as done
 *   for a note a bulk delete already took (the server answers 404).
 */
const unplayableIn = (kind: Kind, model: typeof commentsModel) => (path: ScreenPath<NotesExpected>): string | null => {
  const { ns, effects } = kind;
  if (path.run !== FORM_RUN && path.run !== LIST_RUN) return `the page plays the owner's runs (the others: see notesScreen.ts)`;
  if (path.steps.some((s) => s.event.type.endsWith('.author'))) return "the owner's name changes only in the account's settings, away from the viewer";
  if (path.steps.some((s) => NOT_PLAYED.test(s.event.type))) return 'a read again needs a note written elsewhere';
  /** The model's notes the server still holds (1 and 3 written by guests where the path deletes the guests' notes). */
  const onServer = new Set([1, 2, 3]);
  for (const { event, before } of statesBefore(model, path)) {
    const type = event.type.replace(`${ns}.`, '');
    const id = (event as { id?: number }).id;
    const listed = before.list.some((n) => n.id === id);
    const bar = before.list.some((n) => n.isDeletable) && before.value.bulk !== 'confirming';
    if (type === 'dismissError' && before.value.list === 'failed') return 'while the list has failed to load, its message offers Try again, not Dismiss';
    if ((type === 'delete' || type === 'toggleSelect') && !listed) return 'the note is not on the list: no button for it';
    if ((type === 'deleteSelected' || type === 'deleteGuests') && (!bar || before.value.bulk === 'deleting')) return 'the bulk buttons are not on the page (confirming, or nothing to delete) or are off while deleting';
    if (type === 'deleteSelected' && before.selected.length === 0) return 'Delete selected is off with nothing picked';
    if (type === 'deleteGuests' && ns === 'hyperlinks') return 'guests write no hyperlinks: there is no Delete guest hyperlinks';
    if ((type === 'confirm' || type === 'cancelConfirm') && before.value.bulk !== 'confirming') return 'no confirmation is asked';
    if (event.type === `xstate.done.actor.${effects.remove}`) {
      const gone = before.queue[0]!.id;
      if (!onServer.has(gone)) return 'the note was taken by a bulk delete first: the server answers 404';
      onServer.delete(gone);
    }
    if (event.type === `xstate.done.actor.${effects.removeMany}`) {
      const target = before.target as Target;
      const takes = 'ids' in target ? target.ids.filter((n) => onServer.has(n)) : [1, 3].filter((n) => onServer.has(n));
      const answered = (event as unknown as { output: { deletedIds: number[] } }).output.deletedIds;
      if (JSON.stringify(takes) !== JSON.stringify(answered)) return `the server answers the notes it deleted (${takes.join(', ') || 'none'}), not ${answered.join(', ')}`;
      takes.forEach((n) => onServer.delete(n));
    }
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
  const { ns, wire, effects } = kind;
  return {
    model,
    unplayable: unplayableIn(kind, model),
    offScreen: {
      transitions: [`(root) ${ns}.author#0`, `list.ready ${ns}.refresh#0`],
      why: "a read again comes only from a comment written elsewhere, which the server would then hold (and never for hyperlinks); a new author only from the account's settings",
    },
    answers: 'held',
    async open(page, _, path) {
      const owner = await ownerWithProject(page, `notes-${ns}`, `Kitchen ${ns}`);
      const modelIds = new Map<number, number>();
      // Where the path deletes the guests' comments, Carl's (1) and Bea's (3) are written through the link, by guests.
      const byGuests = path.steps.some((s) => s.event.type === `${ns}.deleteGuests`);
      if (byGuests) await api(e2eServer, `projects/${owner.projectId}`, owner.token, { isPublished: true, shareOptions: { isCommentsVisible: true } }, 'PATCH');
      for (const id of [1, 2, 3]) {
        const asGuest = byGuests && id !== 2;
        const write = () =>
          asGuest
            ? page.request.post(`/api/v1/projects/accessKeys/${owner.accessKey}/${wire}`, { data: { ...kind.seed(id), authorName: id === 1 ? 'Carl' : 'Bea' } })
            : page.request.post(`/api/v1/projects/${owner.projectId}/${wire}`, { data: kind.seed(id), headers: { authorization: `Bearer ${owner.token}` } });
        let created: { id: number } | null = null;
        // Guests write 10 notes a minute from one address: a refusal for that is asked again until taken.
        await expect
          .poll(
            async () => {
              const answer = await write();
              if (answer.ok()) created = (await answer.json()) as { id: number };
              return answer.ok();
            },
            { message: `note ${id} written`, timeout: 75_000, intervals: [5_000] },
          )
          .toBe(true);
        modelIds.set(created!.id, id);
      }
      const screen: NotesScreen = {
        ...owner,
        reads: new HeldRequests(`its read of the ${ns}`),
        readers: ns === 'comments' ? 2 : 1,
        answered: false,
        creates: new HeldRequests(`a new note (${ns})`),
        bodies: [],
        removes: new HeldRequests(`a DELETE of one note (${ns})`),
        removals: new HeldRequests(`a bulk delete (${ns})`),
        modelIds,
        removed: [],
        targets: [],
        selecting: false,
      };
      const list = `/api/v1/projects/${owner.projectId}/${wire}`;
      await page.route(
        (url) => url.pathname === list || url.pathname.startsWith(`${list}/`),
        (route, request) => {
          const { pathname } = new URL(request.url());
          const method = request.method();
          if (pathname !== list) {
            if (method !== 'DELETE' || !/\/\d+$/.test(pathname)) return route.fallback();
            screen.removed.push(modelIds.get(Number(pathname.split('/').at(-1))) ?? -1);
            return screen.removes.hold(route);
          }
          if (method === 'POST') {
            screen.bodies.push(request.postDataJSON() as Record<string, string>);
            return screen.creates.hold(route);
          }
          if (method === 'DELETE') {
            const target = request.postDataJSON() as Target;
            screen.targets.push('ids' in target ? { ids: target.ids.map((n) => modelIds.get(n) ?? -1) } : target);
            return screen.removals.hold(route);
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
      [`${ns}.cancel`]: (page) => panel(page, ns).locator('form').getByRole('button', { name: 'Cancel', exact: true }).click(),
      [`${ns}.dismissError`]: (page) => panel(page, ns).getByRole('alert').getByRole('button', { name: TEXTS.dismiss }).click(),
      [`${ns}.retry`]: (page) => panel(page, ns).getByRole('alert').getByRole('button', { name: TEXTS.retry }).click(),
      [`${ns}.delete`]: (page, _, e) => noteItem(page, kind, (e as unknown as { id: number }).id).getByRole('button', { name: TEXTS[ns].deleteOne, exact: true }).click(),
      async [`${ns}.toggleSelect`](page, screen, e) {
        if (!screen.selecting) await panel(page, ns).getByRole('button', { name: TEXTS.select, exact: true }).click();
        screen.selecting = true;
        await noteItem(page, kind, (e as unknown as { id: number }).id).getByRole('checkbox', { name: TEXTS[ns].selectOne }).click();
      },
      async [`${ns}.clearSelection`](page, screen) {
        await panel(page, ns).getByRole('button', { name: TEXTS.done, exact: true }).click();
        screen.selecting = false;
      },
      async [`${ns}.deleteSelected`](page, screen) {
        if (!screen.selecting) await panel(page, ns).getByRole('button', { name: TEXTS.select, exact: true }).click();
        screen.selecting = true;
        await panel(page, ns).getByRole('button', { name: /^Delete selected \(\d+\)$/ }).click();
      },
      [`${ns}.deleteGuests`]: (page) => panel(page, ns).getByRole('button', { name: TEXTS.comments.deleteGuests, exact: true }).click(),
      [`${ns}.confirm`]: (page) => panel(page, ns).getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click(),
      [`${ns}.cancelConfirm`]: (page) => panel(page, ns).getByRole('alertdialog').getByRole('button', { name: 'Cancel', exact: true }).click(),
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
      [`xstate.done.actor.${effects.remove}`]: async (_, screen) => (await screen.removes.next()).continue(),
      [`xstate.error.actor.${effects.remove}`]: async (_, screen) => refuse(await screen.removes.next()),
      [`xstate.done.actor.${effects.removeMany}`]: async (_, screen) => (await screen.removals.next()).continue(),
      [`xstate.error.actor.${effects.removeMany}`]: async (_, screen) => refuse(await screen.removals.next()),
      [`xstate.error.actor.${effects.create}`]: (_, screen, e) => refuseAs(screen, kind, (e as unknown as { error: { status?: number; code?: string } }).error),
    },
    async expect(page, screen, e, where) {
      const texts = TEXTS[ns];
      const list = panel(page, ns);
      const message: Record<string, string> = { loadFailed: texts.loadFailed, createFailed: texts.createFailed, deleteFailed: texts.deleteFailed, invalidResponse: TEXTS.invalidResponse, tooFast: TEXTS.tooFast, full: TEXTS.full };
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
        await expect(items(page, ns), where).toHaveText(e.list.map((n) => new RegExp(escapeRegExp(kind.shown(n as Note)))));
      }
      await kind.fields(page, e.draft, where);
      const sending = e.value.form === 'sending';
      for (const input of kind.inputs(page)) await expect(input, where).toBeEnabled({ enabled: !sending });
      // Submit takes the draft the model would send.
      const takes = !sending && sendableDraft(ns, e.draft);
      await expect(submitOf(page, ns), where).toBeEnabled({ enabled: takes });
      // The notes sent: as many as the model's, each with its content and the account's name.
      await expect.poll(() => screen.creates.sent, { message: `${where}: notes sent` }).toBe(e.calls.create.length);
      const sent = (e.calls.create as Array<{ body: Record<string, string> }>).map(({ body }) => ({ ...body, authorName: AUTHOR }));
      expect(screen.bodies, `${where}: the notes' bodies`).toEqual(sent);
      // Deletes: a button on each note the owner may delete, the checkboxes while selecting, the confirmation asked.
      await expect(list.getByRole('button', { name: texts.deleteOne, exact: true }), where).toHaveCount(e.value.list === 'failed' ? 0 : e.list.filter((n) => n.isDeletable).length);
      if (screen.selecting && e.value.list !== 'failed') {
        for (const note of e.list.filter((n) => n.isDeletable && n.id <= 3)) {
          await expect(noteItem(page, kind, note.id).getByRole('checkbox'), where).toBeChecked({ checked: e.selected.includes(note.id) });
        }
      }
      const target = e.target as Target | null;
      if (e.value.bulk === 'confirming' && target) {
        const question = 'ids' in target ? texts.confirmSelected(target.ids.length) : TEXTS.comments.confirmGuests;
        await expect(list.getByRole('alertdialog'), where).toHaveText(new RegExp(`^${escapeRegExp(question)}`));
      } else await expect(list.getByRole('alertdialog'), where).toHaveCount(0);
      if (e.value.bulk === 'deleting' && ns === 'comments') await expect(list.getByRole('button', { name: TEXTS.comments.deleteGuests }), where).toBeDisabled();
      await expect.poll(() => screen.removes.sent, { message: `${where}: notes deleted one by one` }).toBe(e.calls.remove.length);
      expect(screen.removed, `${where}: the notes deleted one by one`).toEqual((e.calls.remove as Array<{ id: number }>).map(({ id }) => id));
      await expect.poll(() => screen.removals.sent, { message: `${where}: bulk deletes` }).toBe(e.calls.removeMany.length);
      expect(screen.targets, `${where}: the bulk deletes' targets`).toEqual((e.calls.removeMany as Array<{ target: Target }>).map(({ target }) => target));
      // The server holds what the list shows, once no note is on its way.
      if (!sending && e.value.list === 'ready' && e.value.deletion === 'idle' && e.value.bulk !== 'deleting') {
        const held = await api<Note[]>(e2eServer, `projects/${screen.projectId}/${wire}`, screen.token);
        expect(held.map(kind.shown), `${where}: the ${ns} the server holds`).toEqual(e.list.map((n) => kind.shown(n as Note)));
      }
    },
  };
}


export const commentsScreen = notesScreen(commentKind, commentsModel);
export const hyperlinksScreen = notesScreen(hyperlinkKind, hyperlinksModel);
