/**
 * The share machine's screen: the project list's Share dialog, on a fresh account that owns one
 * unpublished project. The page's saves (PATCH projects/{id}) are held until the path's answer, so
 * the user changes switches and closes while one runs, as the model does: the server's acceptance
 * is the held request sent on; a refusal is answered 500; a save the page replaced never reaches
 * the server. After each step the dialog shows the oracle's switches, which of them are enabled,
 * and its failure notice; the server holds what it last accepted.
 */
import { expect, type Page } from '@playwright/test';
import { api } from '../../bench/lib/appServer';
import type { Project } from '../../src/api/schemas';
import { shareModel, type ShareExpected } from '../../tests/models/share';
import { openProjectAction, ownerWithProject, type OwnerWithProject } from './listScreen';
import { HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const NAME = 'Kitchen share';
const TEXTS = { title: `Share "${NAME}"`, publish: 'Publish', comments: 'Comments', saveFailed: 'The change could not be saved.' };

/** The page's saves held, and the changes made since the last answer (each sends one). */
type ShareScreen = OwnerWithProject & { saves: HeldRequests; changes: number };

const dialogOf = (page: Page) => page.getByRole('dialog', { name: TEXTS.title });
const switchOf = (page: Page, label: string) => dialogOf(page).getByRole('switch', { name: label });

/** The latest save the page sent, once every change has sent its own; those it replaced never reach the server. */
function latestSave(screen: ShareScreen) {
  const count = screen.changes;
  screen.changes = 0;
  return screen.saves.latest(count);
}

/**
 * What the page cannot do that the model can: set a switch to the value it shows (a switch offers
 * the other), or change anything once Close was pressed (the dialog goes at once; the save runs on).
 */
function unplayable(path: ScreenPath<ShareExpected>): string | null {
  for (const { event, before } of statesBefore(shareModel, path)) {
    const e = event as unknown as { type: string; value?: boolean };
    if (before.closing && (e.type === 'share.publish' || e.type === 'share.option')) return 'after Close the dialog is gone while the save runs on';
    if (e.type === 'share.publish' && e.value === before.shown.isPublished) return 'the publish switch offers only the value it does not show';
    if (e.type === 'share.option' && before.shown.isPublished && e.value === before.shown.shareOptions.isCommentsVisible) return 'the comments switch offers only the value it does not show';
  }
  return null;
}

export const shareScreen: ScreenDriver<ShareScreen, ShareExpected> = {
  model: shareModel,
  unplayable,
  answers: 'held',
  async open(page) {
    const owner = await ownerWithProject(page, 'share', NAME);
    // The project as the model starts it: its share options are the model's (a new project's differ;
    // the server takes options only while published), and unpublished.
    const start = shareModel.runs[0].run.oracle?.initial() as ShareExpected;
    await api(owner.server, `projects/${owner.projectId}`, owner.token, { isPublished: true, shareOptions: start.shown.shareOptions }, 'PATCH');
    await api(owner.server, `projects/${owner.projectId}`, owner.token, { isPublished: false }, 'PATCH');
    await page.reload();
    const saves = new HeldRequests('a save for each change');
    await page.route(
      (url) => url.pathname === `/api/v1/projects/${owner.projectId}`,
      (route, request) => (request.method() === 'PATCH' ? saves.hold(route) : route.fallback()),
    );
    await openProjectAction(page, NAME, 'Share');
    return { ...owner, saves, changes: 0 };
  },
  user: {
    async 'share.publish'(page, screen) {
      await switchOf(page, TEXTS.publish).click();
      screen.changes += 1;
    },
    async 'share.option'(page, screen) {
      const comments = switchOf(page, TEXTS.comments);
      // Unpublished, the options are disabled: a press does nothing (the expectation checks it stays so).
      if (await comments.isDisabled()) return;
      await comments.click();
      screen.changes += 1;
    },
    'share.close': (page) => dialogOf(page).getByRole('button', { name: 'Close', exact: true }).last().click(),
  },
  server: {
    'xstate.done.actor.patchProject': async (_, screen) => (await latestSave(screen)).continue(),
    'xstate.error.actor.patchProject': async (_, screen) => refuse(await latestSave(screen)),
  },
  async expect(page, screen, e, where) {
    const open = e.value !== 'closed' && !e.closing;
    if (open) {
      await expect(switchOf(page, TEXTS.publish), where).toBeChecked({ checked: e.shown.isPublished });
      const comments = switchOf(page, TEXTS.comments);
      await expect(comments, where).toBeChecked({ checked: e.shown.shareOptions.isCommentsVisible });
      await expect(comments, where).toBeEnabled({ enabled: e.shown.isPublished });
      if (e.failed) await expect(dialogOf(page).getByRole('alert'), where).toHaveText(TEXTS.saveFailed);
      else await expect(dialogOf(page).getByRole('alert'), where).toHaveCount(0);
    } else {
      await expect(dialogOf(page), where).toHaveCount(0);
    }
    // The server holds what it accepted: a save in flight has not reached it.
    await expect
      .poll(async () => {
        const held = await api<Project>(screen.server, `projects/${screen.projectId}`, screen.token);
        return { isPublished: held.isPublished, isCommentsVisible: held.shareOptions.isCommentsVisible };
      }, { message: `${where}: what the server holds` })
      .toEqual({ isPublished: e.accepted.isPublished, isCommentsVisible: e.accepted.shareOptions.isCommentsVisible });
  },
};
