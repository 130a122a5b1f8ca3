/**
 * The revisions machine's screen: the Revisions panel of the owner's viewer, on a fresh kitchen of
 * three revisions: 1 and 2 the kitchen, 3 that kitchen revised (a part added, one removed, one
 * changed: samples/revise.ts). The panel's reads of the list and of the changes, and its restores,
 * are held until the path's answer: the server's own, or a refusal with the API's code (a credit to
 * confirm, no credit left, another revision meanwhile, a 500). The model's new revision 4 is made
 * on the server: a restore the server answers (the page tells its panel at once), else the kitchen
 * uploaded again from another client, which the page hears live. The client's approval of revision
 * 3 is given through the link. After each step the panel shows the list's state (loading, failed
 * with Try again, the current and the on-screen rows), the revision open read-only, the comparison
 * (its title, "Comparing…", its failure, the server's counts for the two revisions, Show only
 * changes), the restore's progress or its dialog; the part chosen in the comparison's list is the
 * one selected; and the page asked for as many comparisons and restores as the model.
 */
import { expect, type Page } from '@playwright/test';
import { api, updateProject } from '../../bench/lib/appServer';
import type { RevisionChanges } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { reviseAssembly } from '../../samples/revise';
import { writeSample } from '../../samples/writers/index';
import { PAGE_RUN, revisionsModel, type RevisionsExpected } from '../../tests/models/revisions';
import { e2eServer } from '../linkHelpers';
import { ownerWithProject, type OwnerWithProject } from './listScreen';
import { heldAnswers, HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const NAME = 'Kitchen revisions';
/** SPEC's words on the panel and its dialogs (English). */
const TEXTS = {
  projectTool: 'Project',
  revisions: 'Revisions',
  loading: 'Loading the revisions…',
  loadFailed: 'The revisions could not be loaded.',
  retry: 'Try again',
  current: 'Current',
  onScreen: 'On screen',
  open: 'Open',
  compare: 'Compare',
  makeCurrent: 'Make current',
  readOnly: (n: number) => `Revision ${n} (read only)`,
  backToCurrent: 'Back to current',
  comparing: (from: number, to: number) => `Revision ${from} → current revision ${to}`,
  comparedWith: (from: number, to: number) => `Revision ${from} compared with revision ${to} (on screen)`,
  compareLoading: 'Comparing…',
  compareFailed: 'The revisions could not be compared.',
  stopCompare: 'Stop comparing',
  onlyChanges: 'Show only changes',
  restoring: (n: number) => `Making revision ${n} current…`,
  restoreFailed: (n: number) => `Revision ${n} could not be made current. Please try again.`,
  approved: (n: number) => `Revision ${n} is approved`,
  keep: 'Keep the approval',
  askAgain: 'Ask for approval again',
  confirmCredit: 'Confirm credit usage',
  insufficient: 'You have insufficient credits remaining in your subscription to proceed.',
  selectedPart: 'Selected part',
};

const kitchen = generateAssembly({ parts: 20, seed: 3 });
let written: { kitchen: Promise<Uint8Array>; revised: Promise<Uint8Array> } | null = null;
/** The two kitchens' files, written when first asked for. */
const files = () => (written ??= { kitchen: writeSample(kitchen, 'dae'), revised: writeSample(reviseAssembly(kitchen), 'dae') });
/** Which kitchen each revision holds: 3 the revised one; 1, 2 and the new 4 (revision 2 restored, or the kitchen uploaded again) the first. */
const holdsRevised = (n: number) => n === 3;

interface RevisionsScreen extends OwnerWithProject {
  lists: HeldRequests;
  changes: HeldRequests;
  restores: HeldRequests;
  /** Whether the panel has been opened (the path's first load opens it). */
  opened: boolean;
  /** The part last chosen in the comparison's list, by its name; how many were chosen; whether the step that chose it is the last one. */
  chosen: { name: string; count: number; fresh: boolean } | null;
}

type Event = { type: string; revisionNumber?: number; partId?: string; value?: boolean; keepApproval?: boolean; approvedRevision?: number | null; error?: { status: number; code?: string } };
const treeSelects = (e: RevisionsExpected) => e.seen.parent.filter((m) => (m as { type: string }).type === 'viewer.treeSelect').length;

/**
 * What the page cannot play: the paths of the model's other run (the panel's controls as it does
 * not offer them, with no viewer to answer a restore: the run "in the viewer" plays them as it
 * does); a part chosen between two revisions that hold the same kitchen (no row to choose).
 */
function unplayable(path: ScreenPath<RevisionsExpected>): string | null {
  if (path.run !== PAGE_RUN) return `the panel's controls show as the run "${PAGE_RUN}" plays them`;
  for (const { event, before } of statesBefore(revisionsModel, path)) {
    if (event.type === 'revisions.select' && !holdsRevised(before.comparing!) && !holdsRevised(before.comparedWith!)) return 'the two revisions hold the same kitchen: no row to choose';
  }
  return null;
}

const toolbar = (page: Page) => page.getByRole('navigation', { name: 'Project toolbar' });
const projectPanel = (page: Page) => page.getByRole('region', { name: TEXTS.projectTool, exact: true }).first();
const panel = (page: Page) => page.getByRole('region', { name: TEXTS.revisions, exact: true }).first();
const row = (page: Page, n: number) => panel(page).locator(`[data-revision="${n}"]`);
const readOnlyBanner = (page: Page) => page.getByRole('status').filter({ has: page.getByText(/^Revision \d+ \(read only\)$/) });
const dialogs = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]');
const comparison = (page: Page) => panel(page).getByRole('region', { name: /^Revision \d+ (→ current revision|compared with revision) \d+/ });

async function openPanel(page: Page): Promise<void> {
  const project = toolbar(page).getByRole('button', { name: TEXTS.projectTool, exact: true });
  if ((await project.getAttribute('aria-pressed')) !== 'true') await project.click();
  await projectPanel(page).getByRole('button', { name: TEXTS.revisions, exact: true }).click();
  await expect(panel(page)).toBeVisible();
}

export const revisionsScreen: ScreenDriver<RevisionsScreen, RevisionsExpected> = {
  model: revisionsModel,
  unplayable,
  answers: 'held',
  async open(page, _run, path) {
    const owner = await ownerWithProject(page, 'revisions', NAME, kitchen);
    await updateProject(e2eServer, owner.token, owner.projectId, 'kitchen.dae', await files().kitchen);
    await updateProject(e2eServer, owner.token, owner.projectId, 'kitchen revised.dae', await files().revised);
    if (path.steps.some((s) => s.event.type === 'revisions.approval' && (s.event as Event).approvedRevision !== null)) {
      // Shared for approval: the client approves revision 3 through the link at the path's step.
      await api(e2eServer, `projects/${owner.projectId}`, owner.token, { isPublished: true, currentStage: 'approval', shareOptions: { isApprovalAvailable: true } }, 'PATCH');
    }
    const screen: RevisionsScreen = { ...owner, lists: new HeldRequests('its read of the revisions'), changes: new HeldRequests('its read of the changes'), restores: new HeldRequests('a restore'), opened: false, chosen: null };
    const revisions = `/api/v1/projects/${owner.projectId}/revisions`;
    await page.route(
      (url) => url.pathname.startsWith(revisions),
      (route, request) => {
        const { pathname } = new URL(request.url());
        if (pathname === revisions) return screen.lists.hold(route);
        if (pathname.endsWith('/changes')) return screen.changes.hold(route);
        if (pathname.endsWith('/restore')) return screen.restores.hold(route);
        return route.fallback();
      },
    );
    await page.goto(`/projects/${owner.projectId}`);
    await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
    return screen;
  },
  user: {
    async 'revisions.load'(page, screen) {
      // Try again on a failed list; else the panel opened (again): it asks for the list when it opens.
      const retry = panel(page).getByRole('button', { name: TEXTS.retry });
      if (screen.opened && (await retry.count()) > 0) return retry.click();
      await openPanel(page);
      screen.opened = true;
    },
    'revisions.view': (page, _, e) => row(page, (e as Event).revisionNumber!).getByRole('button', { name: TEXTS.open, exact: true }).click(),
    'revisions.viewCurrent': (page) => readOnlyBanner(page).getByRole('button', { name: TEXTS.backToCurrent }).click(),
    'revisions.compare': (page, _, e) => row(page, (e as Event).revisionNumber!).getByRole('button', { name: TEXTS.compare, exact: true }).click(),
    'revisions.restore': (page, _, e) => row(page, (e as Event).revisionNumber!).getByRole('button', { name: TEXTS.makeCurrent }).click(),
    'revisions.onlyChanges': (page) => comparison(page).getByRole('switch', { name: TEXTS.onlyChanges }).click(),
    'revisions.stopCompare': (page) => comparison(page).getByRole('button', { name: TEXTS.stopCompare }).click(),
    async 'revisions.select'(page, screen, e) {
      // The model's 12 is an added part, its 4 a changed one: the first row of that kind.
      const status = (e as Event).partId === '12' ? 'added' : 'changed';
      const button = comparison(page).getByRole('list', { name: 'Changed parts' }).locator(`li[data-status="${status}"]`).first().getByRole('button');
      const name = (await button.locator('span').nth(1).innerText()).split(' (')[0].split(' › ').at(-1)!;
      screen.chosen = { name, count: (screen.chosen?.count ?? 0) + 1, fresh: true };
      await button.click();
    },
    'revisions.confirmApproval': (page, _, e) => page.getByRole('button', { name: (e as Event).keepApproval ? TEXTS.keep : TEXTS.askAgain }).click(),
    'revisions.confirmCredit': (page) => page.getByRole('alertdialog', { name: TEXTS.confirmCredit }).getByRole('button', { name: 'Continue' }).click(),
    async 'revisions.cancel'(page) {
      const dialog = dialogs(page);
      const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
      await ((await cancel.count()) > 0 ? cancel : dialog.getByRole('button', { name: 'Close', exact: true })).click();
    },
  },
  server: {
    ...heldAnswers<RevisionsScreen>('listRevisions', (s) => s.lists, 'newest'),
    ...heldAnswers<RevisionsScreen>('readChanges', (s) => s.changes, 'newest'),
    'xstate.done.actor.restoreRevision': async (_, screen) => (await screen.restores.next()).continue(),
    async 'xstate.error.actor.restoreRevision'(_, screen, e) {
      const { status, code } = (e as Event).error!;
      await refuse(await screen.restores.next(), status, code);
    },
    // The kitchen uploaded again by another client: the page hears it live. (A restore's new revision the page tells its panel itself.)
    async 'revisions.changed'(_, screen) {
      const sent = screen.lists.sent;
      await updateProject(e2eServer, screen.token, screen.projectId, 'kitchen again.dae', await files().kitchen);
      // The page hears it live and reads the list again: the path's next answer is to that read, once it is sent.
      await expect.poll(() => screen.lists.sent, { message: 'the page read the revisions again after the new one', timeout: 30_000 }).toBeGreaterThan(sent);
    },
    async 'revisions.approval'(page, screen, e) {
      const reread = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/v1/projects/${screen.projectId}`);
      await api(e2eServer, `projects/accessKeys/${screen.accessKey}/approval`, undefined, { name: 'Clara Client', revisionNumber: (e as Event).approvedRevision });
      // The page hears the decision live and reads the project again.
      await reread;
    },
  },
  async expect(page, screen, e, where) {
    if (!screen.opened) return;
    await expect.poll(() => screen.changes.sent, { message: `${where}: reads of the changes` }).toBe(e.calls.changes.length);
    await expect.poll(() => screen.restores.sent, { message: `${where}: restores` }).toBe(e.calls.restore.length);
    const restore = e.value.restore;
    // The restore: its progress, or its dialog (which hides the page behind it).
    const restoring = restore === 'restoring' || restore === 'restoringPaid';
    await expect(page.getByText(TEXTS.restoring(e.restoring ?? 0), { exact: true }), where).toHaveCount(restoring ? 1 : 0);
    const dialog = dialogs(page);
    if (restore === 'confirmingApproval') await expect(dialog, where).toHaveAccessibleName(TEXTS.approved(e.current));
    else if (restore === 'confirmingCredit') await expect(dialog, where).toHaveAccessibleName(TEXTS.confirmCredit);
    else if (restore === 'insufficientCredits') await expect(dialog, where).toContainText(TEXTS.insufficient);
    else if (restore === 'failed') await expect(dialog, where).toContainText(TEXTS.restoreFailed(e.restoring!));
    else await expect(dialog, where).toHaveCount(0);
    // Behind a dialog the panel is hidden from the user's reach.
    if (!restoring && restore !== 'idle') return;
    const list = e.value.list;
    await expect(panel(page).getByText(TEXTS.loading, { exact: true }), where).toHaveCount(list === 'loading' || list === 'idle' ? 1 : 0);
    await expect(panel(page).getByRole('alert').filter({ hasText: TEXTS.loadFailed }), where).toHaveCount(list === 'failed' ? 1 : 0);
    if (list === 'ready') {
      await expect(row(page, e.current).locator('p').first(), where).toContainText(TEXTS.current);
      await expect(panel(page).getByText(TEXTS.onScreen, { exact: true }), where).toHaveCount(e.viewing === null ? 0 : 1);
      if (e.viewing !== null) await expect(row(page, e.viewing).locator('p').first(), where).toContainText(TEXTS.onScreen);
      const compare = e.value.compare;
      await expect(comparison(page), where).toHaveCount(compare === 'off' ? 0 : 1);
      if (compare !== 'off') {
        const title = e.comparedWith === e.current ? TEXTS.comparing(e.comparing!, e.comparedWith!) : TEXTS.comparedWith(e.comparing!, e.comparedWith!);
        await expect(comparison(page).getByRole('heading'), where).toHaveText(title);
        await expect(comparison(page).getByText(TEXTS.compareLoading), where).toHaveCount(compare === 'loading' ? 1 : 0);
        await expect(comparison(page).getByRole('alert'), where).toHaveText(compare === 'failed' ? [TEXTS.compareFailed] : []);
      }
      if (compare === 'shown') {
        const changes = await api<RevisionChanges>(e2eServer, `projects/${screen.projectId}/revisions/${e.comparing}/changes?to=${e.comparedWith}`, screen.token);
        for (const status of ['added', 'removed', 'changed', 'unchanged'] as const) {
          await expect(comparison(page).locator(`[data-status="${status}"] dd`), `${where}: ${status}`).toHaveText(String(changes.counts[status]));
        }
        await expect(comparison(page).getByRole('switch', { name: TEXTS.onlyChanges }), where).toHaveAttribute('aria-checked', String(e.onlyChanges));
      }
    }
    // The revision open read-only, above the model.
    await expect(readOnlyBanner(page).locator('span'), where).toHaveText(e.viewing === null ? [] : [TEXTS.readOnly(e.viewing)]);
    // The part last chosen in a comparison's list is the one selected.
    if (screen.chosen?.fresh) {
      screen.chosen.fresh = false;
      expect(treeSelects(e), `${where}: parts chosen`).toBe(screen.chosen.count);
      await expect(page.getByLabel(TEXTS.selectedPart, { exact: true }), where).toContainText(screen.chosen.name);
    }
  },
};
