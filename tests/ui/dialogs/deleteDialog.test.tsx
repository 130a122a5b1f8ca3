// @vitest-environment jsdom
/** The delete confirmation with the real delete machine and a fake DELETE (SPEC §2, §4). */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deleteMachine } from '../../../src/machines/projects/deleteMachine';
import { DeleteDialog } from '../../../src/ui/dialogs/DeleteDialog';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

function setup(options: { name?: string; locale?: 'en' | 'fr'; remove?: () => Promise<void> } = {}) {
  const deleted: Array<{ id: number }> = [];
  const actor = createActor(
    deleteMachine.provide({
      actors: {
        deleteProject: fromPromise<void, { id: number }>(({ input }) => {
          deleted.push(input);
          return options.remove ? options.remove() : Promise.resolve();
        }),
      },
    }),
    { input: { project: { id: 12, name: options.name ?? 'Kitchen A' } } },
  ).start();
  renderWithLocale(<DeleteDialog actor={actor} />, options.locale ?? 'en');
  return { actor, deleted, user: userEvent.setup({ delay: null }) };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('delete dialog', () => {
  it('asks for confirmation quoting the project name', () => {
    setup();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete project' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Are you sure you wish to delete "Kitchen A"?')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe('Are you sure you wish to delete "Kitchen A"?');
  });

  it('quotes names with special characters as they are', () => {
    setup({ name: "Bob's <big> & tall" });
    expect(screen.getByText('Are you sure you wish to delete "Bob\'s <big> & tall"?')).toBeTruthy();
  });

  it('Cancel closes without deleting', async () => {
    const { user, actor, deleted } = setup();
    await user.click(button('Cancel'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
    expect(deleted).toEqual([]);
  });

  it('Escape closes without deleting', async () => {
    const { user, actor, deleted } = setup();
    await user.keyboard('{Escape}');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
    expect(deleted).toEqual([]);
  });

  it('Delete deletes that project', async () => {
    const { user, actor, deleted } = setup();
    await user.click(button('Delete'));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(deleted).toEqual([{ id: 12 }]);
    expect(actor.getSnapshot().output).toEqual({ id: 12 });
  });

  it('disables both buttons while deleting, and offers a retry after a failure', async () => {
    let fail!: (e: Error) => void;
    let attempts = 0;
    const { user, actor, deleted } = setup({
      remove: () => (++attempts === 1 ? new Promise((_, reject) => (fail = reject)) : Promise.resolve()),
    });
    await user.click(button('Delete'));
    expect(button('Delete').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    await act(async () => fail(new Error('500')));
    expect((await screen.findByRole('alert')).textContent).toBe('The project could not be deleted. Please try again.');
    expect(button('Delete').disabled).toBe(false);
    expect(actor.getSnapshot().status).toBe('active');
    await user.click(button('Delete'));
    await waitFor(() => expect(actor.getSnapshot().output).toEqual({ id: 12 }));
    expect(deleted).toEqual([{ id: 12 }, { id: 12 }]);
  });

  it('speaks French', async () => {
    const { user, actor, deleted } = setup({ locale: 'fr' });
    expect(screen.getByRole('alertdialog', { name: 'Supprimer le projet' })).toBeTruthy();
    expect(screen.getByText('Voulez-vous vraiment supprimer « Kitchen A » ?')).toBeTruthy();
    await user.click(button('Annuler'));
    expect(actor.getSnapshot().output).toBeNull();
    expect(deleted).toEqual([]);
    cleanup();
    const again = setup({ locale: 'fr' });
    await again.user.click(button('Supprimer'));
    await waitFor(() => expect(again.deleted).toEqual([{ id: 12 }]));
  });
});
