/**
 * The link changes machine's screen: the "What changed" banner of a client's link at revision 5,
 * on a kitchen (one per worker) whose revisions 1 to 3 are one kitchen and 4 and 5 that kitchen
 * revised (a part added, one removed, one changed: samples/revise.ts). The revision this browser
 * saw last is put in its storage before the page opens, as the path's first answer says. The
 * page's read of the changes is held until the path's answer: the server's own from that revision
 * (the parts named, or, on a path whose answer has no names, with the link's hierarchy hidden),
 * the server's own from revision 4 (nothing changed since), a 404 (the revision seen no longer
 * kept), or a 500. After each step the banner says since which revision and the server's counts,
 * its Show or Hide pressed as the tints are on, its list open or not, the part the client chose
 * selected in the hierarchy; the browser remembers revision 5 once the banner is done with; and
 * the page asked for the changes as many times.
 */
import { expect, type Page } from '@playwright/test';
import { api, updateProject } from '../../bench/lib/appServer';
import type { RevisionChanges } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { reviseAssembly } from '../../samples/revise';
import { writeSample } from '../../samples/writers/index';
import { linkChangesModel, OFFERED_RUN, type LinkChangesExpected } from '../../tests/models/linkChanges';
import { e2eServer, publishedKitchen } from '../linkHelpers';
import { HeldRequests, refuse } from './requests';
import { type ScreenDriver, type ScreenPath } from './screenPaths';

/** SPEC's words on the banner (English). */
const TEXTS = {
  banner: 'What changed',
  since: (seen: number) => `Revision 5 is new. Since revision ${seen}, which you saw last:`,
  counts: (c: RevisionChanges['counts']) => `${c.added} added · ${c.changed} changed · ${c.removed} removed`,
  show: 'Show the changes',
  hide: 'Hide the changes',
  dismiss: 'Got it',
  openList: 'List the parts',
  closeList: 'Close the list',
  list: 'Changed parts',
};
/** The browser's record of the revisions seen per link (src/machines/viewer/review/reviewServices.ts). */
const SEEN_KEY = 'cv.linkSeen';
/** The kitchen's revision equal to the one shown: changes from it are none. */
const SAME_AS_SHOWN = 4;

interface ChangesLink {
  accessKey: string;
  projectId: number;
  token: string;
}

interface ChangesScreen extends ChangesLink {
  changes: HeldRequests;
  /** The part's row last clicked in the banner's list, by its name. */
  chosen: string | null;
}

let link: Promise<ChangesLink> | null = null;
/** A published kitchen at revision 5 per worker: 1 to 3 the kitchen, 4 and 5 it revised. */
function changesLink(): Promise<ChangesLink> {
  link ??= (async () => {
    const kitchen = generateAssembly({ parts: 30, seed: 3 });
    const published = await publishedKitchen(30, 'Changing kitchen');
    const first = await writeSample(kitchen, 'dae');
    const revised = await writeSample(reviseAssembly(kitchen), 'dae');
    // publishedKitchen's revision 1 is another kitchen: 2 and 3 are this one, 4 and 5 it revised.
    for (const file of [first, first, revised, revised]) await updateProject(e2eServer, published.token, published.projectId, 'kitchen.dae', file);
    return { accessKey: published.accessKey, projectId: published.projectId, token: published.token };
  })();
  return link;
}

type Event = { type: string; output?: unknown; partId?: string };
const outputOf = (path: ScreenPath<LinkChangesExpected>, type: string) => (path.steps.find((s) => s.event.type === type)?.event as Event | undefined)?.output;
const nothingChanged = (changes: RevisionChanges) => changes.counts.added + changes.counts.changed + changes.counts.removed === 0;
const bannerShown = (e: LinkChangesExpected) => e.value === 'ready' || e.value === 'showing';
const banner = (page: Page) => page.getByRole('region', { name: TEXTS.banner });

/**
 * What the page cannot play: the browser's storage refusing (the page reads and writes it at its
 * best: a refusal reads as no revision seen, and is not told); the banner's controls other than as
 * it offers them (the model's run of those plays them).
 */
function unplayable(path: ScreenPath<LinkChangesExpected>): string | null {
  if (path.steps.some((s) => s.event.type === 'xstate.error.actor.readSeen' || s.event.type === 'xstate.error.actor.rememberSeen')) return "the browser's storage is read and written at its best: a refusal is not told";
  return path.run === OFFERED_RUN ? null : `the banner's controls show as the run "${OFFERED_RUN}" plays them`;
}

export const linkChangesScreen: ScreenDriver<ChangesScreen, LinkChangesExpected> = {
  model: linkChangesModel,
  unplayable,
  offScreen: {
    transitions: ['reading xstate.error.actor.0.linkChanges.reading#0', 'remembering xstate.error.actor.0.linkChanges.remembering#0'],
    why: "the browser's storage is read and written at its best (src/machines/storage/persisted.ts): a storage that refuses reads as no revision seen, and a refused write is not told",
  },
  answers: 'held',
  async open(page, _run, path) {
    const shared = await changesLink();
    const read = outputOf(path, 'xstate.done.actor.readChanges') as RevisionChanges | null | undefined;
    // The link shows the hierarchy (the parts named in the answer) unless the path's answer has the counts alone.
    const countsOnly = Boolean(read && !nothingChanged(read) && read.parts.length === 0);
    const { shareOptions } = await api<{ shareOptions: Record<string, boolean> }>(e2eServer, `projects/${shared.projectId}`, shared.token);
    await api(e2eServer, `projects/${shared.projectId}`, shared.token, { shareOptions: { ...shareOptions, isHierarchyVisible: !countsOnly } }, 'PATCH');
    const seen = outputOf(path, 'xstate.done.actor.readSeen') as number | null | undefined;
    if (typeof seen === 'number') {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [SEEN_KEY, JSON.stringify({ v: 1, data: { [shared.accessKey]: seen } })] as const);
    }
    const screen: ChangesScreen = { ...shared, changes: new HeldRequests('its read of the changes'), chosen: null };
    await page.route(
      (url) => url.pathname.startsWith(`/api/v1/projects/accessKeys/${shared.accessKey}/revisions/`) && url.pathname.endsWith('/changes'),
      (route) => screen.changes.hold(route),
    );
    await page.goto(`/s/${shared.accessKey}`);
    await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
    return screen;
  },
  user: {
    'linkChanges.show': (page) => banner(page).getByRole('button', { name: TEXTS.show }).click(),
    'linkChanges.hide': (page) => banner(page).getByRole('button', { name: TEXTS.hide }).click(),
    'linkChanges.dismiss': (page) => banner(page).getByRole('button', { name: TEXTS.dismiss }).click(),
    'linkChanges.toggleList': (page) => banner(page).getByRole('button', { name: new RegExp(`^(${TEXTS.openList}|${TEXTS.closeList})$`) }).click(),
    async 'linkChanges.select'(page, screen, e) {
      // The model's 31 is an added part, its 7 a changed one: the kitchen's added shelf, its longer side.
      const status = (e as Event).partId === '31' ? 'added' : 'changed';
      const row = banner(page).getByRole('list', { name: TEXTS.list }).locator(`li[data-status="${status}"]`).first().getByRole('button');
      screen.chosen = (await row.locator('span').nth(1).innerText()).split(' (')[0].split(' › ').at(-1)!;
      await row.click();
    },
  },
  server: {
    // The browser's storage answers at once: the page has read and written it by itself.
    'xstate.done.actor.readSeen': async () => {},
    'xstate.done.actor.rememberSeen': async () => {},
    async 'xstate.done.actor.readChanges'(_, screen, e) {
      const route = await screen.changes.next();
      // None to read: the server no longer keeps the revision seen.
      const output = (e as Event).output as RevisionChanges | null;
      if (output === null) return refuse(route, 404, 'not_found');
      if (!nothingChanged(output)) return route.continue();
      // The server's own answer from the revision equal to the one shown.
      await route.continue({ url: route.request().url().replace(/\/revisions\/\d+\/changes/, `/revisions/${SAME_AS_SHOWN}/changes`) });
    },
    'xstate.error.actor.readChanges': async (_, screen) => refuse(await screen.changes.next()),
  },
  async expect(page, screen, e, where) {
    const shown = bannerShown(e);
    await expect(banner(page), where).toHaveCount(shown ? 1 : 0);
    if (shown) {
      const seen = e.banner!.seen;
      const changes = await api<RevisionChanges>(e2eServer, `projects/accessKeys/${screen.accessKey}/revisions/${seen}/changes`);
      await expect(banner(page).locator('p').first(), where).toHaveText(TEXTS.since(seen));
      await expect(banner(page).locator('p').nth(1), where).toHaveText(TEXTS.counts(changes.counts));
      const showing = e.value === 'showing';
      await expect(banner(page).getByRole('button', { name: showing ? TEXTS.hide : TEXTS.show }), where).toHaveAttribute('aria-pressed', String(showing));
      await expect(banner(page).getByRole('button', { name: e.listOpen ? TEXTS.closeList : TEXTS.openList }), where).toHaveCount(e.names ? 1 : 0);
      await expect(banner(page).getByRole('list', { name: TEXTS.list }), where).toHaveCount(e.listOpen ? 1 : 0);
    }
    // The part last chosen in the list is the one selected in the hierarchy.
    if (e.parent.length > 0) await expect(page.getByRole('treeitem', { selected: true }), where).toContainText(screen.chosen!);
    else await expect(page.getByRole('treeitem', { selected: true }), where).toHaveCount(0);
    // Once done with (and not on a failed read), the browser remembers the revision shown.
    if (e.calls.rememberSeen.length > 0) {
      await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), SEEN_KEY), { message: `${where}: the revision remembered` }).toContain(`"${screen.accessKey}":5`);
    }
    // Before its storage answers (at once, on the page) the machine has asked for nothing: the page has already read it.
    if (e.value !== 'reading') await expect.poll(() => screen.changes.sent, { message: `${where}: reads of the changes` }).toBe(e.calls.readChanges.length);
  },
};
