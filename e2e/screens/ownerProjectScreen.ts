/**
 * The owner's project machine's screen: the Project panel of the owner's viewer, on a fresh
 * account's kitchen ("Kitchen owner", the model's project 3, new). The panel's stage saves and
 * exports are held until the path's answer: the server's own, or a 500. The dialogs it opens
 * answer as their user does: Rename takes "Kitchen" (the model's new name) or is cancelled; Delete
 * is confirmed or cancelled; the share panel, opened by More options, hands the project back as
 * the owner leaves it for the Project panel. After each step the page shows the oracle's project (its name, its stage),
 * the stage and export failures, which dialog or panel is open, the actions disabled while one
 * runs, or the list once the project is deleted; the server holds the name and stage it shows.
 */
import { expect, type Page } from '@playwright/test';
import { api } from '../../bench/lib/appServer';
import type { Project } from '../../src/api/schemas';
import { ownerProjectModel, type OwnerExpected as OwnerProjectExpected } from '../../tests/models/ownerProject';
import { e2eServer } from '../linkHelpers';
import { ownerWithProject, type OwnerWithProject } from './listScreen';
import { HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const NAME = 'Kitchen owner';
/** The model's project 3 is the account's kitchen: its name is the kitchen's until renamed. */
const shownName = (name: string) => (name === 'Project 3' ? NAME : name);
const TEXTS = {
  panel: 'Project',
  rename: 'Rename',
  delete: 'Delete',
  moreOptions: 'More options',
  export: 'Export (.vok)',
  stageFailed: 'The change could not be saved.',
  exportFailed: 'The export failed. Try again.',
  stages: { new: 'New', approval: 'Pending approval', ready: 'Ready for production', production: 'Production', installation: 'Installation', finished: 'Finished' } as Record<string, string>,
};

interface OwnerScreen extends OwnerWithProject {
  stages: HeldRequests;
  exports: HeldRequests;
}

/**
 * What the page cannot play: a stage the list does not offer; the share panel's project changed
 * (publishing is the share machine's own path, played by its driver); the share panel left apart
 * from its child's answer (leaving it ends the child at once: the driver plays the two as one, at
 * the answer); a dialog's child stopped, or the project replaced by another revision, from outside
 * the panel; anything once the project is deleted, or on the panel while a dialog covers it.
 */
function unplayable(path: ScreenPath<OwnerProjectExpected>): string | null {
  for (const { event, before } of statesBefore(ownerProjectModel, path)) {
    const e = event as unknown as { type: string; stage?: string; output?: Project };
    if (before.state === 'deleted') return 'once deleted the viewer is gone';
    if (e.type === 'owner.stage' && !(e.stage! in TEXTS.stages)) return 'the stage list offers only the known stages';
    if (e.type === 'owner.closeShare') return 'leaving the share panel ends its child at once: played as the child’s answer';
    if (e.type === 'xstate.done.actor.share' && e.output!.isPublished !== before.project.isPublished) return 'publishing is the share machine’s path, played by its driver';
    if (/^xstate\.error\.actor\.(rename|delete|share)$/.test(e.type)) return 'a dialog is stopped only when the viewer goes';
    if (e.type === 'owner.replaced') return 'a new revision replaces the project from outside the panel (the upload paths update it)';
    // While a dialog or the share panel is open, the panel behind it takes no clicks.
    if (e.type.startsWith('owner.') && !['idle', 'savingStage', 'exporting'].includes(before.state)) return 'an open dialog or panel covers the project panel';
  }
  return null;
}

const panelOf = (page: Page) => page.getByRole('region', { name: TEXTS.panel, exact: true }).first();
const toolbar = (page: Page) => page.getByRole('navigation', { name: 'Project toolbar' });
const renameDialog = (page: Page) => page.getByRole('dialog', { name: 'Rename project' });
const deleteDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Delete project' });

export const ownerProjectScreen: ScreenDriver<OwnerScreen, OwnerProjectExpected> = {
  model: ownerProjectModel,
  unplayable,
  offScreen: {
    transitions: ['(root) owner.replaced#0', 'renaming xstate.error.actor.rename#0', 'deleting xstate.error.actor.delete#0', 'sharing xstate.error.actor.share#0', 'sharing owner.closeShare#0'],
    why:
      'a new revision replaces the project from outside the panel (an upload, played by the upload paths); a dialog is stopped only when the viewer goes; leaving the share panel sends its close and brings the child\'s answer at once, played as one step',
  },
  answers: 'held',
  async open(page) {
    const owner = await ownerWithProject(page, 'owner-project', NAME);
    const screen: OwnerScreen = { ...owner, stages: new HeldRequests('a save of the stage'), exports: new HeldRequests('an export') };
    const project = `/api/v1/projects/${owner.projectId}`;
    await page.route(
      (url) => url.pathname === project || url.pathname === `${project}/export.vok`,
      (route, request) => {
        if (request.url().endsWith('/export.vok')) return screen.exports.hold(route);
        const body = request.method() === 'PATCH' ? (request.postDataJSON() as Record<string, unknown>) : {};
        return 'currentStage' in body ? screen.stages.hold(route) : route.fallback();
      },
    );
    await page.goto(`/projects/${owner.projectId}`);
    await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
    const button = toolbar(page).getByRole('button', { name: TEXTS.panel, exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    return screen;
  },
  user: {
    'owner.rename': (page) => panelOf(page).getByRole('button', { name: TEXTS.rename, exact: true }).click(),
    'owner.delete': (page) => panelOf(page).getByRole('button', { name: TEXTS.delete, exact: true }).click(),
    async 'owner.stage'(page, _, e) {
      await panelOf(page).getByRole('button', { name: /^Step / }).click();
      await page.getByRole('option', { name: TEXTS.stages[(e as unknown as { stage: string }).stage], exact: true }).click();
    },
    'owner.export': (page) => panelOf(page).getByRole('button', { name: TEXTS.export }).click(),
    'owner.openShare': (page) => panelOf(page).getByRole('button', { name: TEXTS.moreOptions }).click(),
  },
  server: {
    async 'xstate.done.actor.rename'(page, _, e) {
      const output = (e as unknown as { output: { name: string } | null }).output;
      if (output) {
        await renameDialog(page).getByRole('textbox', { name: 'Project name' }).fill(output.name);
        await renameDialog(page).getByRole('button', { name: TEXTS.rename }).click();
      } else await renameDialog(page).getByRole('button', { name: 'Cancel' }).click();
    },
    async 'xstate.done.actor.delete'(page, _, e) {
      const output = (e as unknown as { output: { id: number } | null }).output;
      await deleteDialog(page).getByRole('button', { name: output ? TEXTS.delete : 'Cancel' }).click();
    },
    // Leaving the share panel (for the Project panel) closes its child, which hands the project back at once.
    'xstate.done.actor.share': (page) => toolbar(page).getByRole('button', { name: TEXTS.panel, exact: true }).click(),
    'xstate.done.actor.patchStage': async (_, screen) => (await screen.stages.next()).continue(),
    'xstate.error.actor.patchStage': async (_, screen) => refuse(await screen.stages.next()),
    'xstate.done.actor.exportVok': async (_, screen) => (await screen.exports.next()).continue(),
    'xstate.error.actor.exportVok': async (_, screen) => refuse(await screen.exports.next()),
  },
  async expect(page, screen, e, where) {
    if (e.state === 'deleted') {
      // The viewer is over: back on the list, and the server no longer has the project.
      await expect(page, where).toHaveURL(/\/$/);
      await expect.poll(async () => (await fetch(`${e2eServer.url}/api/v1/projects/${screen.projectId}`, { headers: { authorization: `Bearer ${screen.token}` } })).status, { message: `${where}: the project gone` }).toBe(404);
      return;
    }
    await expect(renameDialog(page), where).toHaveCount(e.state === 'renaming' ? 1 : 0);
    await expect(deleteDialog(page), where).toHaveCount(e.state === 'deleting' ? 1 : 0);
    await expect(page.getByRole('region', { name: 'Share', exact: true }), where).toHaveCount(e.state === 'sharing' ? 1 : 0);
    if (e.state !== 'sharing') {
      const panel = panelOf(page);
      await expect(panel.getByRole('heading', { level: 3 }), where).toHaveText(shownName(e.project.name));
      await expect(panel.getByRole('button', { name: /^Step / }), where).toContainText(TEXTS.stages[e.project.currentStage]);
      await expect(panel.getByText(TEXTS.stageFailed), where).toBeVisible({ visible: e.stageFailed });
      await expect(panel.getByText(TEXTS.exportFailed), where).toBeVisible({ visible: e.exportFailed });
      // One action at a time: the others wait while a stage is saved or an export runs.
      await expect(panel.getByRole('button', { name: TEXTS.rename, exact: true }), where).toBeEnabled({ enabled: e.state === 'idle' });
    }
    // The server holds the name and the stage shown (a save in flight has not reached it).
    const held = await api<Project>(e2eServer, `projects/${screen.projectId}`, screen.token);
    expect({ name: held.name, stage: held.currentStage }, `${where}: what the server holds`).toEqual({ name: shownName(e.project.name), stage: e.project.currentStage });
  },
};
