/**
 * The delete machine's screen: the project list's delete confirmation, on an account that owns
 * "Bathroom" (the model's project). A failed delete is the real server refusing the DELETE (500).
 */
import { expect, type Page } from '@playwright/test';
import { deleteModel, type DeleteExpected } from '../../tests/models/delete';
import { openProjectAction, ownerWithProject, type OwnerWithProject } from './listScreen';
import { refuseNext } from './requests';
import type { ScreenDriver } from './screenPaths';

const NAME = 'Bathroom';

const dialogOf = (page: Page) => page.getByRole('alertdialog', { name: 'Delete project' });

export const deleteScreen: ScreenDriver<OwnerWithProject, DeleteExpected> = {
  model: deleteModel,
  async open(page) {
    const owner = await ownerWithProject(page, 'delete', NAME);
    await openProjectAction(page, NAME, 'Delete');
    return owner;
  },
  user: {
    'delete.confirm': (page) => dialogOf(page).getByRole('button', { name: 'Delete' }).click(),
    'delete.cancel': (page) => dialogOf(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  server: {
    'xstate.done.actor.deleteProject': async () => {},
    'xstate.error.actor.deleteProject': (page, owner) => refuseNext(page, 'DELETE', `/api/v1/projects/${owner.projectId}`),
  },
  async expect(page, owner, e, where) {
    const dialog = dialogOf(page);
    const card = page.getByRole('link', { name: `Open ${NAME}`, exact: true });
    if (e.value === 'deleting') return; // the server's answer follows at once
    if (e.value === 'confirming') {
      await expect(dialog, where).toContainText(`Are you sure you wish to delete "${NAME}"?`);
      if (e.failed) await expect(dialog.getByRole('alert'), where).toHaveText('The project could not be deleted. Please try again.');
      else await expect(dialog.getByRole('alert'), where).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Delete' }), where).toBeEnabled();
    } else await expect(dialog, where).toHaveCount(0);
    const deleted = e.value === 'deleted';
    if (e.value !== 'confirming') await expect(card, where).toHaveCount(deleted ? 0 : 1);
    const held = await fetch(`${owner.server.url}/api/v1/projects/${owner.projectId}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(held.status, `${where}: the project on the server`).toBe(deleted ? 404 : 200);
  },
};
