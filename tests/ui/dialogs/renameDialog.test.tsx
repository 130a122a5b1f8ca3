// @vitest-environment jsdom
/** The rename dialog with the real rename machine and a fake PATCH (SPEC §5 name rules). */
import type { PageRequest, ProjectPage } from '../../../src/machines/projects/listPages';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { projectListMachine } from '../../../src/machines/projects/projectListMachine';
import { renameMachine } from '../../../src/machines/projects/renameMachine';
import { RenameDialog } from '../../../src/ui/dialogs/RenameDialog';
import { ListDialogs } from '../../../src/ui/list/ListDialogs';
import { makeProject } from '../../helpers/fakeProjectsApi';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

type Save = (input: { id: number; name: string }) => Promise<void>;

function renameLogic(sent: Array<{ id: number; name: string }>, save: Save = async () => undefined) {
  return renameMachine.provide({
    actors: {
      renameProject: fromPromise<void, { id: number; name: string }>(({ input }) => {
        sent.push(input);
        return save(input);
      }),
    },
  });
}

function setup(options: { name?: string; locale?: 'en' | 'fr'; save?: Save } = {}) {
  const sent: Array<{ id: number; name: string }> = [];
  const actor = createActor(renameLogic(sent, options.save), { input: { project: { id: 7, name: options.name ?? 'Kitchen' } } }).start();
  renderWithLocale(<RenameDialog actor={actor} />, options.locale ?? 'en');
  return { actor, sent, user: userEvent.setup({ delay: null }) };
}

const field = () => screen.getByRole('textbox', { name: 'Project name' }) as HTMLInputElement;
const renameButton = (name = 'Rename') => screen.getByRole('button', { name }) as HTMLButtonElement;
const message = () => document.getElementById('rename-message')!.textContent;

async function replaceName(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(field());
  if (text) await user.paste(text);
}

describe('rename dialog', () => {
  it('opens titled Rename project with the current name, Rename disabled and no error', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Rename project' })).toBeTruthy();
    expect(field().value).toBe('Kitchen');
    expect(renameButton().disabled).toBe(true);
    expect(message()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('7/60')).toBeTruthy();
  });

  it('0 characters: "You need at least 1 character." and Rename disabled', async () => {
    const { user } = setup();
    await user.clear(field());
    expect(screen.getByRole('alert').textContent).toBe('You need at least 1 character.');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(renameButton().disabled).toBe(true);
    expect(screen.getByText('0/60')).toBeTruthy();
  });

  it('61 characters: "60 maximum characters" and Rename disabled; 60 characters are accepted', async () => {
    const { user } = setup();
    await replaceName(user, 'a'.repeat(61));
    expect(screen.getByRole('alert').textContent).toBe('60 maximum characters');
    expect(renameButton().disabled).toBe(true);
    expect(screen.getByText('61/60')).toBeTruthy();
    await user.type(field(), '{Backspace}');
    expect(field().value).toHaveLength(60);
    expect(message()).toBe('');
    expect(renameButton().disabled).toBe(false);
  });

  it.each([
    ['a right-to-left override', '\u202e'],
    ['a left-to-right mark', '\u200e'],
    ['an isolate', '\u2066'],
    ['a line separator', '\u2028'],
    ['a zero-width joiner', '\u200d'],
    ['a bell', '\u0007'],
  ])('%s: "Invalid characters." in English and French, and never sent', async (_, character) => {
    for (const [locale, label, text, button] of [
      ['en', 'Project name', 'Invalid characters.', 'Rename'],
      ['fr', 'Nom du projet', 'Caractères non valides.', 'Renommer'],
    ] as const) {
      const { user, sent } = setup({ locale });
      const input = screen.getByRole('textbox', { name: label });
      await user.clear(input);
      await user.paste(`abc${character}gpj.exe`);
      expect(screen.getByRole('alert').textContent).toBe(text);
      expect(renameButton(button).disabled).toBe(true);
      await user.keyboard('{Enter}');
      expect(sent).toEqual([]);
      cleanup();
    }
  });

  it.each(['\\', '/', ':', '*', '?', '"', '<', '>', '|'])('the character %s: "Invalid characters." and Rename disabled', async (character) => {
    const { user } = setup();
    await replaceName(user, `Kitchen ${character} A`);
    expect(field().value).toBe(`Kitchen ${character} A`);
    expect(screen.getByRole('alert').textContent).toBe('Invalid characters.');
    expect(renameButton().disabled).toBe(true);
    await replaceName(user, 'Kitchen A');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(renameButton().disabled).toBe(false);
  });

  it('the same name as the current one: Rename disabled without an error', async () => {
    const { user } = setup();
    await replaceName(user, 'Kitchen 2');
    expect(renameButton().disabled).toBe(false);
    await replaceName(user, 'Kitchen');
    expect(renameButton().disabled).toBe(true);
    expect(message()).toBe('');
    expect(field().getAttribute('aria-invalid')).toBeNull();
  });

  it('only spaces count as 0 characters: the same message, and Rename disabled', async () => {
    const { user } = setup();
    await replaceName(user, '   ');
    expect(screen.getByRole('alert').textContent).toBe('You need at least 1 character.');
    expect(renameButton().disabled).toBe(true);
  });

  it('spaces around a name are not sent', async () => {
    const { user, actor, sent } = setup();
    await replaceName(user, '  Kitchen v3 ');
    await user.click(renameButton());
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([{ id: 7, name: 'Kitchen v3' }]);
    expect(actor.getSnapshot().output).toEqual({ id: 7, name: 'Kitchen v3' });
  });

  it('a valid different name: Rename enabled, and clicking it sends the new name', async () => {
    const { user, actor, sent } = setup();
    await replaceName(user, 'Kitchen v2');
    expect(renameButton().disabled).toBe(false);
    await user.click(renameButton());
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([{ id: 7, name: 'Kitchen v2' }]);
    expect(actor.getSnapshot().output).toEqual({ id: 7, name: 'Kitchen v2' });
  });

  it('Enter submits a valid name, and does nothing while the name is invalid', async () => {
    const { user, actor, sent } = setup();
    await replaceName(user, 'Bad|name');
    await user.keyboard('{Enter}');
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
    await replaceName(user, 'Bathroom');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([{ id: 7, name: 'Bathroom' }]);
  });

  it('disables the field and Rename while saving, and says so when the save fails', async () => {
    let fail!: (e: Error) => void;
    const { user, actor } = setup({ save: () => new Promise((_, reject) => (fail = reject)) });
    await replaceName(user, 'Kitchen v2');
    await user.click(renameButton());
    expect(field().disabled).toBe(true);
    expect(renameButton().disabled).toBe(true);
    await act(async () => fail(new Error('500')));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The project could not be renamed. Please try again.');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(field().disabled).toBe(false);
    expect(renameButton().disabled).toBe(false);
    await user.type(field(), 's');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Cancel and Escape close without saving', async () => {
    const first = setup();
    await replaceName(first.user, 'Kitchen v2');
    await first.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(first.actor.getSnapshot().status).toBe('done');
    expect(first.actor.getSnapshot().output).toBeNull();
    expect(first.sent).toEqual([]);
    cleanup();
    const second = setup();
    await second.user.keyboard('{Escape}');
    expect(second.actor.getSnapshot().status).toBe('done');
    expect(second.actor.getSnapshot().output).toBeNull();
  });

  it('starts without an error when opened again from the list', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: Array<{ id: number; name: string }> = [];
    const list = createActor(
      projectListMachine.provide({
        actors: {
          loadPage: fromPromise<ProjectPage, PageRequest>(async () => ({ items: [makeProject({ id: 7, name: 'Kitchen' })], nextCursor: null, total: 1, all: 1 })),
          syncProject: fromPromise(async ({ input }) => makeProject({ id: input.id, name: 'Kitchen' })),
          uploadEvents: fromCallback(() => () => {}),
          rename: renameLogic(sent),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(() => expect(list.getSnapshot().matches({ data: 'complete' })).toBe(true));
    renderWithLocale(<ListDialogs list={list} />);
    act(() => list.send({ type: 'list.rename', id: 7 }));
    await replaceName(user, 'Kit?chen');
    expect(screen.getByRole('alert').textContent).toBe('Invalid characters.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => list.send({ type: 'list.rename', id: 7 }));
    expect(await screen.findByRole('dialog', { name: 'Rename project' })).toBeTruthy();
    expect(field().value).toBe('Kitchen');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(message()).toBe('');
    expect(renameButton().disabled).toBe(true);
    expect(sent).toEqual([]);
  });

  it('speaks French', async () => {
    const { user } = setup({ locale: 'fr' });
    expect(screen.getByRole('dialog', { name: 'Renommer le projet' })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Nom du projet' });
    await user.clear(input);
    expect(screen.getByRole('alert').textContent).toBe('Il faut au moins 1 caractère.');
    await user.paste('a'.repeat(61));
    expect(screen.getByRole('alert').textContent).toBe('60 caractères maximum');
    await user.clear(input);
    await user.paste('a:b');
    expect(screen.getByRole('alert').textContent).toBe('Caractères non valides.');
    expect(renameButton('Renommer').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});
