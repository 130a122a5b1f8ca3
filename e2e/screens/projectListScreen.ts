/**
 * The project list machine's screen: the list page of a fresh account that owns the model's five
 * projects on the server (Kitchen, Bathroom at Production, Pantry, Shed, Stairs, uploaded oldest
 * first, so the server's newest-first order is the model's). The model reads two cards a page:
 * the page's reads (GET projects) are held until the path's answer and sent on with two a page
 * asked for (the page asks for 36), the server's own answer; a refusal is a 500. The end of the grid is
 * set far below it (as a full page of cards would put it), so the next page is asked for when the
 * user scrolls to it. The stage round-trips (PATCH then GET of Kitchen) and the refreshes (GET)
 * are held too. The dialogs are the real ones (a rename to "Renamed", a delete of Bathroom, Kitchen
 * published), Kitchen's Update takes a new model through the real socket, and a text file dropped
 * on the add tile is refused.
 *
 * After each step the page shows the oracle's state: the search, step filter, sort and reverse;
 * loading, failed with Try again, the cards (names and steps) the search and filter keep, nothing
 * matching; the counts; the end of the grid (more to read, loading more, failed with Try again);
 * the notice; the open dialog; and the page asked for the page and the round-trip the model asks for.
 *
 * The model's server is fixed (tests/models/projectList.ts): a path whose page is answered after a
 * change the real server keeps (a rename, a delete, a step, a new revision: each moves the project's
 * date) is played only where the real server's page is the model's.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';
import { api, uploadProject } from '../../bench/lib/appServer';
import type { Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { p1, p2, p4, p5, p6, PAGE_RUN, projectListModel } from '../../tests/models/projectList';
import { matches, type ListExpected } from '../../tests/models/projectListOracle';
import { e2eServer } from '../linkHelpers';
import { addTile, chooseFile, dropFile, logIn } from '../listHelpers';
import { newAccount, type Account } from './accounts';
import { openProjectAction } from './listScreen';
import { escapeRegExp, HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

/** SPEC's words on the list (English). */
const TEXTS = {
  loading: 'Loading projects...',
  loadFailed: 'The projects could not be loaded.',
  loadingMore: 'Loading more...',
  loadMoreFailed: 'More projects could not be loaded.',
  noMatch: 'No project matches your search.',
  retry: 'Try again',
  saveFailed: 'The change could not be saved.',
  dismiss: 'Dismiss',
  unsupported: (name: string) => `"${name}" is not a model file this product reads.`,
  stages: { all: 'All', new: 'New', approval: 'Pending approval', ready: 'Ready for production', production: 'Production', installation: 'Installation', finished: 'Finished' } as Record<string, string>,
  sorts: { date: 'Date', name: 'Name' } as Record<string, string>,
  count: (shown: number, all: number) => (shown === all ? `${all} project${all === 1 ? '' : 's'}` : `${shown} of ${all} project${all === 1 ? '' : 's'}`),
};

/** The model's page size: the page's own (36) asked for as two. */
const PAGE_SIZE = 2;
/** The model's projects on the server, uploaded in this order (the oldest first). */
const FIXTURE = [p6, p5, p4, p1, p2];

interface ListScreen extends Account {
  /** The real id of each of the model's projects. */
  ids: Map<number, number>;
  pages: HeldRequests;
  patches: HeldRequests;
  reads: HeldRequests;
  /** The oracle's state after the last step (the round-trip on the wire is its). */
  last: ListExpected;
}

/** One account in this worker: its projects are made afresh for each path. */
let account: Promise<Account> | null = null;
let updateFile: Promise<string> | null = null;

/** Kitchen's new model (the Update menu's file). */
function kitchenUpdate(): Promise<string> {
  updateFile ??= (async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'list-screen-')), 'Kitchen v2.dae');
    writeFileSync(file, await writeSample(generateAssembly({ parts: 12, seed: 4 }), 'dae'));
    return file;
  })();
  return updateFile;
}

/** The account's projects made again as the model's server holds them; their real ids. */
async function fixture(owner: Account): Promise<Map<number, number>> {
  for (const old of await api<{ id: number }[]>(e2eServer, 'projects', owner.token)) await api(e2eServer, `projects/${old.id}`, owner.token, undefined, 'DELETE');
  const dae = await writeSample(generateAssembly({ parts: 6, seed: 2 }), 'dae');
  const ids = new Map<number, number>();
  for (const project of FIXTURE) {
    const made = await uploadProject(e2eServer, owner.token, project.name, 'model.dae', dae);
    if (project.currentStage !== 'new') await api(e2eServer, `projects/${made.id}`, owner.token, { currentStage: project.currentStage }, 'PATCH');
    ids.set(project.id, made.id);
  }
  // Dates are kept to the second: a change made on a path is then the newest, as the model's date says.
  const madeIn = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000), { message: 'the second the projects were made is over' }).toBeGreaterThan(madeIn);
  return ids;
}

type Query = ListExpected['query'];

/** A project as the real server holds it on a path: its place in the upload order, and whether a change made it the newest. */
interface Held {
  id: number;
  name: string;
  currentStage: string;
  order: number;
  moved: boolean;
}

/** The real server's order (newest first, ties by the later upload; or by name), flipped when reversed. */
function realOrder(q: Query) {
  const names = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return (a: { name: string; moved: boolean; order: number }, b: typeof a) =>
    (q.reversed ? -1 : 1) * ((q.sort === 'name' ? names.compare(a.name, b.name) : Number(b.moved) - Number(a.moved)) || b.order - a.order);
}

/**
 * Why the path's pages are not what the real server would answer: the model's server stays as it
 * was, while a rename, a delete, a step or a new revision the path makes is kept by the real one.
 */
function divergence(path: ScreenPath<ListExpected>): string | null {
  let held: Held[] = FIXTURE.map((p, order) => ({ id: p.id, name: p.name, currentStage: p.currentStage, order, moved: false }));
  let cursor: Held | null = null;
  const kitchen = () => held.find((p) => p.id === 1);
  for (const { event, before } of statesBefore(projectListModel, path)) {
    const output = (event as { output?: unknown }).output;
    switch (event.type) {
      case 'xstate.done.actor.rename':
        if (output) Object.assign(kitchen()!, { name: (output as { name: string }).name, moved: true });
        break;
      case 'xstate.done.actor.delete':
        if (output) held = held.filter((p) => p.id !== (output as { id: number }).id);
        break;
      case 'xstate.done.actor.share':
        if ((output as Project).isPublished !== before.dialogProject?.isPublished) kitchen()!.moved = true;
        break;
      case 'xstate.done.actor.syncProject':
        if (before.inFlight?.patch && kitchen()) Object.assign(kitchen()!, { currentStage: before.inFlight.patch.currentStage, moved: true });
        break;
      case 'list.projectUpdated':
        if (kitchen()) kitchen()!.moved = true;
        break;
      case 'xstate.done.actor.loadPage': {
        const request = before.request!;
        const order = realOrder(request.query);
        const all = held.filter((p) => matches(p, request.query)).sort(order);
        const after: Held | null = cursor;
        const start: number = request.cursor === null || after === null ? 0 : all.findIndex((p) => order(after, p) < 0);
        const items: Held[] = start < 0 ? [] : all.slice(start, start + PAGE_SIZE);
        const more = start >= 0 && start + PAGE_SIZE < all.length;
        const page = output as { items: Project[]; nextCursor: string | null; total: number; all: number };
        const same = JSON.stringify([items.map((p) => p.id), more, all.length, held.length]) === JSON.stringify([page.items.map((p) => p.id), page.nextCursor !== null, page.total, page.all]);
        if (!same) return 'a page read after a change the real server keeps (a rename, a delete, a step, a new revision) is not the model\'s: its server stays as it was';
        cursor = items.at(-1) ?? cursor;
        break;
      }
    }
  }
  return null;
}

/** The model's paths the page plays: its own run's, where the real server's pages are the model's. */
function unplayable(path: ScreenPath<ListExpected>): string | null {
  if (path.run !== PAGE_RUN) return `the list's controls show as the run "${PAGE_RUN}" plays them (no upload from the list: it opens the viewer; nothing behind a dialog; a card's controls with its card)`;
  return divergence(path);
}

const dialogs = {
  renaming: (page: Page) => page.getByRole('dialog', { name: 'Rename project' }),
  deleting: (page: Page) => page.getByRole('alertdialog', { name: 'Delete project' }),
  sharing: (page: Page) => page.getByRole('dialog', { name: /^Share "/ }),
};
const message = (page: Page) => page.getByRole('dialog', { name: 'Information' });
const grid = (page: Page) => page.getByRole('list', { name: 'Projects', exact: true, includeHidden: true });
/** The step filter's button (a card's step is "Step of <name>"). */
const stepFilter = (page: Page, hidden = false) => page.getByRole('button', { name: /^Step(?! of)/, includeHidden: hidden });

/** A card's step (its stand-in is named "Step of <name>"; the real dropdown, mounted on the first pointer, adds the step). */
const stepOf = (page: Page, name: string, hidden = false) => page.getByRole('button', { name: new RegExp(`^Step of ${escapeRegExp(name)}( |$)`), includeHidden: hidden });

/** The name the card of the model's project `id` shows now. */
const nameOf = (screen: ListScreen, id: number) => screen.last.projects.find((p) => p.id === id)!.name;

/** A page read asks for the query (and a next page, after a cursor, or the first). */
function asksFor(request: Request, query: Query, next: boolean): boolean {
  const params = new URL(request.url()).searchParams;
  return (
    (params.get('search') ?? '') === query.search.trim() &&
    params.get('stage') === query.stage &&
    params.get('sort') === query.sort &&
    params.get('reversed') === String(query.reversed) &&
    params.has('cursor') === next
  );
}

/** The page's read sent on to the server with the model's page size. */
function withModelPageSize(url: string): string {
  const asked = new URL(url);
  asked.searchParams.set('limit', String(PAGE_SIZE));
  return asked.toString();
}

export const projectListScreen: ScreenDriver<ListScreen, ListExpected> = {
  model: projectListModel,
  unplayable,
  offScreen: {
    transitions: ['data list.projectAdded#0', 'data.loading list.projectAdded#0'],
    why: 'an upload from the list opens the new project in the viewer, so the list it was added to is gone (the card it adds is tested as the actor, and e2e/list.spec.ts sees it on the list after)',
  },
  answers: 'held',
  async open(page) {
    account ??= newAccount('list', { credits: 1000 });
    const owner = await account;
    const ids = await fixture(owner);
    const kitchen = ids.get(1)!;
    const screen: ListScreen = {
      ...owner,
      ids,
      pages: new HeldRequests('its read of a page'),
      patches: new HeldRequests("its save of Kitchen's step"),
      reads: new HeldRequests('its read of Kitchen'),
      last: projectListModel.runs[0].run.oracle!.initial() as ListExpected,
    };
    await page.route(
      (url) => url.pathname === '/api/v1/projects',
      (route, request) => (request.method() === 'GET' ? screen.pages.hold(route) : route.fallback()),
    );
    await page.route(
      (url) => url.pathname === `/api/v1/projects/${kitchen}`,
      (route, request) => {
        if (request.method() === 'GET') return screen.reads.hold(route);
        // The step's save (the rename and share dialogs save other fields, and go on).
        if (request.method() === 'PATCH' && 'currentStage' in (request.postDataJSON() as object)) return screen.patches.hold(route);
        return route.fallback();
      },
    );
    // The end of the grid as far below the cards as a full page of them would put it.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '[data-testid="list-end"] { margin-top: 4000px; }';
        document.head.append(style);
      });
    });
    await logIn(page, owner.username, owner.password);
    return screen;
  },
  user: {
    'list.retry': (page) => page.getByRole('button', { name: TEXTS.retry }).click(),
    'list.more': (page) => page.getByTestId('list-end').scrollIntoViewIfNeeded(),
    'list.search': (page, _, e) => page.getByRole('searchbox', { name: 'Search by name' }).fill((e as unknown as { text: string }).text),
    async 'list.filterStage'(page, _, e) {
      await stepFilter(page).click();
      await page.getByRole('option', { name: TEXTS.stages[(e as unknown as { stage: string }).stage], exact: true }).click();
    },
    async 'list.sort'(page, _, e) {
      await page.getByRole('button', { name: /^Sort by/ }).click();
      await page.getByRole('option', { name: TEXTS.sorts[(e as unknown as { by: string }).by], exact: true }).click();
    },
    'list.reverse': (page) => page.getByRole('button', { name: 'Reverse order' }).click(),
    async 'list.changeStage'(page, screen, e) {
      const name = nameOf(screen, 1);
      await stepOf(page, name).click();
      await page.getByRole('option', { name: TEXTS.stages[(e as unknown as { stage: string }).stage], exact: true }).click();
    },
    'list.rename': (page, screen) => openProjectAction(page, nameOf(screen, 1), 'Rename'),
    'list.share': (page, screen) => openProjectAction(page, nameOf(screen, 1), 'Share'),
    'list.delete': (page, screen) => openProjectAction(page, nameOf(screen, 2), 'Delete'),
    async 'list.projectUpdated'(page, screen) {
      const name = nameOf(screen, 1);
      const file = await kitchenUpdate();
      await chooseFile(
        page,
        async () => {
          await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
          await page.getByRole('menuitem', { name: 'Update' }).click();
        },
        file,
      );
      // The new revision goes up and converts; the card takes it when the loading dialog closes.
      await expect(page.getByRole('dialog', { name: 'Loading' })).toHaveCount(0, { timeout: 60_000 });
      await expect.poll(async () => (await api<Project>(e2eServer, `projects/${screen.ids.get(1)}`, screen.token)).revisionNumber).toBe(2);
    },
    'list.fileRejected': (page, _, e) => dropFile(page, addTile(page), (e as unknown as { name: string }).name, 'hello'),
    async 'list.dismissNotice'(page, screen) {
      if (screen.last.notice?.kind === 'unsupportedFile') await message(page).getByRole('button', { name: 'Close' }).click();
      else await page.getByRole('alert').filter({ hasText: TEXTS.saveFailed }).getByRole('button', { name: TEXTS.dismiss }).click();
    },
    // The dialogs: Rename to the output's name, or Cancel; Delete, or Cancel; Publish then Close, or Close.
    async 'xstate.done.actor.rename'(page, _, e) {
      const output = (e as unknown as { output: { name: string } | null }).output;
      const dialog = dialogs.renaming(page);
      if (output) {
        await dialog.getByRole('textbox', { name: 'Project name' }).fill(output.name);
        await dialog.getByRole('button', { name: 'Rename' }).click();
      } else await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    },
    async 'xstate.done.actor.delete'(page, _, e) {
      const dialog = dialogs.deleting(page);
      await dialog.getByRole('button', { name: (e as unknown as { output: unknown }).output ? 'Delete' : 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    },
    async 'xstate.done.actor.share'(page, screen, e) {
      const dialog = dialogs.sharing(page);
      const output = (e as unknown as { output: Project }).output;
      if (output.isPublished !== screen.last.dialogProject?.isPublished) {
        const publish = dialog.getByRole('switch', { name: 'Publish' });
        await publish.click();
        await expect(publish).toBeChecked({ checked: output.isPublished });
        await expect.poll(async () => (await api<Project>(e2eServer, `projects/${screen.ids.get(1)}`, screen.token)).isPublished, { message: 'the server took the change' }).toBe(output.isPublished);
      }
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(dialog).toHaveCount(0);
    },
  },
  server: {
    // The keys paused: the page asks by itself.
    'xstate.after.250.projectList.data.searching': async () => {},
    'xstate.done.actor.loadPage': async (_, screen) => {
      const route = await screen.pages.newest();
      await route.continue({ url: withModelPageSize(route.request().url()) });
    },
    'xstate.error.actor.loadPage': async (_, screen) => refuse(await screen.pages.newest()),
    async 'xstate.done.actor.syncProject'(_, screen) {
      if (screen.last.inFlight?.patch) await (await screen.patches.next()).continue();
      await (await screen.reads.next()).continue();
    },
    async 'xstate.error.actor.syncProject'(_, screen) {
      await refuse(await (screen.last.inFlight?.patch ? screen.patches : screen.reads).next());
    },
  },
  async expect(page, screen, e, where) {
    screen.last = e;
    // The controls show the query.
    await expect(page.getByRole('searchbox', { name: 'Search by name', includeHidden: true }), where).toHaveValue(e.query.search);
    await expect(stepFilter(page, true), where).toContainText(TEXTS.stages[e.query.stage]);
    await expect(page.getByRole('button', { name: /^Sort by/, includeHidden: true }), where).toContainText(TEXTS.sorts[e.query.sort]);
    await expect(page.getByRole('button', { name: 'Reverse order', includeHidden: true }), where).toHaveAttribute('aria-pressed', String(e.query.reversed));

    // The page asked for the page the model asks for (one the page replaced may wait too: it is never answered).
    if (e.request) {
      const { query, cursor } = e.request;
      await expect.poll(() => screen.pages.pending().some((r) => asksFor(r, query, cursor !== null)), { message: `${where}: the page asked for ${JSON.stringify(e.request)}` }).toBe(true);
    }
    // The round-trip on the wire: Kitchen's step saved, or Kitchen read again.
    if (e.inFlight) {
      const waiting = e.inFlight.patch ? screen.patches : screen.reads;
      await expect.poll(() => waiting.pending().length, { message: `${where}: the page sent ${e.inFlight.patch ? 'the step' : 'its read of Kitchen'}` }).toBeGreaterThan(0);
    }

    const data = e.value.data;
    // Behind a dialog the list is hidden from the accessibility tree: it is read there all the same.
    const alerts = page.getByRole('alert', { includeHidden: true });
    if (data === 'failed') {
      await expect(alerts.filter({ hasText: TEXTS.loadFailed }), where).toBeVisible();
      await expect(grid(page), where).toHaveCount(0);
    } else {
      await expect(alerts.filter({ hasText: TEXTS.loadFailed }), where).toHaveCount(0);
      // The cards the search and filter keep, each with its step; none until a first page is in.
      const shown = e.all === null ? [] : e.projects.filter((p) => matches(p, e.query));
      await expect(grid(page).getByRole('link', { name: /^Open /, includeHidden: true }), where).toHaveCount(shown.length);
      for (const p of shown) await expect(stepOf(page, p.name, true), where).toHaveText(TEXTS.stages[p.currentStage]);
      const reading = data === 'loading' || data === 'searching';
      const status = page.getByRole('status', { includeHidden: true }).filter({ hasText: /^(Loading projects\.\.\.|No project matches your search\.)$/ });
      if (shown.length === 0 && (e.all === null || reading)) await expect(status, where).toHaveText(TEXTS.loading);
      else if (shown.length === 0 && data === 'complete') await expect(status, where).toHaveText(TEXTS.noMatch);
      else await expect(status, where).toHaveCount(0);
      // The counts: the server's, where every card read is one the query read keeps.
      if (e.all !== null && e.projects.every((p) => matches(p, e.loadedQuery))) await expect(page.getByTestId('project-count'), where).toHaveText(TEXTS.count(e.total, e.all));
      // The end of the grid.
      await expect(page.getByTestId('list-end'), where).toHaveCount(data === 'more' ? 1 : 0);
      await expect(page.getByRole('status', { includeHidden: true }).filter({ hasText: TEXTS.loadingMore }), where).toHaveCount(data === 'loadingMore' ? 1 : 0);
      await expect(alerts.filter({ hasText: TEXTS.loadMoreFailed }), where).toHaveCount(data === 'moreFailed' ? 1 : 0);
    }
    // The notice, and the open dialog.
    await expect(alerts.filter({ hasText: TEXTS.saveFailed }), where).toHaveCount(e.notice?.kind === 'saveFailed' ? 1 : 0);
    if (e.notice?.kind === 'unsupportedFile') await expect(message(page), where).toContainText(TEXTS.unsupported(e.notice.name!));
    else await expect(message(page), where).toHaveCount(0);
    for (const [state, dialog] of Object.entries(dialogs)) await expect(dialog(page), where).toHaveCount(e.value.dialog === state ? 1 : 0);
    if (e.value.dialog === 'sharing') await expect(dialogs.sharing(page), where).toHaveAccessibleName(`Share "${e.dialogProject!.name}"`);
    if (e.value.dialog === 'deleting') await expect(dialogs.deleting(page), where).toContainText(`"${e.dialogProject!.name}"`);
  },
};
