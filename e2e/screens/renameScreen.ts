/**
 * The rename machine's screen: the project list's Rename dialog, on a fresh account that owns
 * "Kitchen A" (the model's project). A failed save is the real server refusing the PATCH (500).
 */
import { expect, type Page } from '@playwright/test';
import { api } from '../../bench/lib/appServer';
import { renameModel, type RenameExpected } from '../../tests/models/rename';
import { openProjectAction, ownerWithProject, type OwnerWithProject } from './listScreen';
import { refuseNext } from './requests';
import type { ScreenDriver } from './screenPaths';

const NAME = 'Kitchen A';
const TEXTS = {
  tooLong: '60 maximum characters',
  tooShort: 'You need at least 1 character.',
  invalidCharacters: 'Invalid characters.',
  saveFailed: 'The project could not be renamed. Please try again.',
};

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Rename project' });

export const renameScreen: ScreenDriver<OwnerWithProject, RenameExpected> = {
  model: renameModel,
  async open(page) {
    const owner = await ownerWithProject(page, 'rename', NAME);
    await openProjectAction(page, NAME, 'Rename');
    return owner;
  },
  user: {
    'rename.change': (page, _, e) => dialogOf(page).getByRole('textbox', { name: 'Project name' }).fill((e as unknown as { name: string }).name),
    async 'rename.submit'(page) {
      const submit = dialogOf(page).getByRole('button', { name: 'Rename' });
      // A name Rename does not take leaves the button disabled: Enter in the field is all a user can try.
      if (await submit.isEnabled()) await submit.click();
      else await dialogOf(page).getByRole('textbox', { name: 'Project name' }).press('Enter');
    },
    'rename.cancel': (page) => dialogOf(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  server: {
    'xstate.done.actor.renameProject': async () => {},
    'xstate.error.actor.renameProject': (page, owner) => refuseNext(page, 'PATCH', `/api/v1/projects/${owner.projectId}`),
  },
  async expect(page, owner, e, where) {
    const dialog = dialogOf(page);
    if (e.value === 'saving') return; // the server's answer follows at once
    if (e.value === 'editing') {
      await expect(dialog.getByRole('textbox', { name: 'Project name' }), where).toHaveValue(e.name);
      const message = e.error ? TEXTS[e.error] : e.saveFailed ? TEXTS.saveFailed : null;
      if (message) await expect(dialog.getByRole('alert'), where).toHaveText(message);
      else await expect(dialog.getByRole('alert'), where).toHaveCount(0);
      // Rename takes a valid name that differs from the current one (SPEC §5).
      const takes = e.error === null && e.name.trim() !== NAME;
      await expect(dialog.getByRole('button', { name: 'Rename' }), where).toBeEnabled({ enabled: takes });
    } else {
      await expect(dialog, where).toHaveCount(0);
    }
    const name = e.output?.name ?? NAME;
    if (e.value === 'renamed' || e.value === 'cancelled') await expect(page.getByRole('link', { name: `Open ${name}`, exact: true }), where).toBeVisible();
    const held = await api<{ name: string }>(owner.server, `projects/${owner.projectId}`, owner.token);
    expect(held.name, `${where}: the name the server holds`).toBe(name);
  },
};
