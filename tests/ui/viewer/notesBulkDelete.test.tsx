// @vitest-environment jsdom
/**
 * The owner's bulk delete in the comments panel (real machine, fake calls): select several and
 * delete them after a confirmation, delete every guest comment after a confirmation, cancel sends
 * nothing; guests on a link have no such controls; a guest over the rate limit reads why, in its
 * language.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { RequestError } from '../../../src/api/errors';
import type { ProjectRef } from '../../../src/api/client';
import { createViewerContentServices, type ViewerContentApi } from '../../../src/machines/viewer/notes/contentServices';
import { CommentsPanel } from '../../../src/ui/viewer/panels/CommentsPanel';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const day = (d: number) => new Date(2025, 9, d, 10, 0);
const existing = [
  { id: 1, date: day(1), authorName: 'Gus', authorAvatarUrl: '', text: 'Spam one', isDeletable: true },
  { id: 2, date: day(2), authorName: 'Gus', authorAvatarUrl: '', text: 'Spam two', isDeletable: true },
  { id: 3, date: day(3), authorName: 'Olivia', authorAvatarUrl: '', text: 'Keep me', isDeletable: true },
];

function setup(ref: ProjectRef = { id: 4 }, options: { locale?: 'en' | 'fr'; createFails?: unknown } = {}) {
  const bulk: unknown[] = [];
  const api = {
    listComments: async () => existing,
    createComment: async () => {
      throw options.createFails;
    },
    deleteComment: async () => undefined,
    deleteComments: async (_ref: unknown, target: { ids?: number[]; authors?: string }) => {
      bulk.push(target);
      return { deletedIds: target.ids ?? [1, 2] };
    },
  } as unknown as ViewerContentApi;
  const actor = createActor(createViewerContentServices(api).comments, { input: { ref, canCreate: true, authorName: 'Olivia' } }).start();
  renderWithLocale(<CommentsPanel actor={actor} isPublicLink={'accessKey' in ref} projectName="Kitchen" download={() => {}} />, options.locale);
  return { bulk, user: userEvent.setup({ delay: null }) };
}

describe('bulk delete of comments', () => {
  it('deletes the selected comments once confirmed', async () => {
    const { bulk, user } = setup();
    await screen.findByText('Spam one');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const boxes = screen.getAllByRole('checkbox', { name: 'Select this comment' });
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete 2 comments? This cannot be undone.');
    expect(bulk).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Spam one')).toBeNull());
    expect(bulk).toEqual([{ ids: [1, 2] }]);
    expect(screen.queryByText('Spam two')).toBeNull();
    expect(screen.getByText('Keep me')).toBeTruthy();
  });

  it('deletes every guest comment once confirmed; Cancel sends nothing', async () => {
    const { bulk, user } = setup();
    await screen.findByText('Spam one');
    await user.click(screen.getByRole('button', { name: 'Delete guest comments' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bulk).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete guest comments' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Delete every comment not written by you?');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Spam two')).toBeNull());
    expect(bulk).toEqual([{ authors: 'guests' }]);
    expect(screen.getByText('Keep me')).toBeTruthy();
  });

  it('offers no bulk delete on a shared link', async () => {
    setup({ accessKey: 'abc' });
    await screen.findByText('Spam one');
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete guest comments' })).toBeNull();
  });

  it('tells a guest over the rate limit to wait, in its language', async () => {
    const tooFast = new RequestError('POST', '/api/v1/projects/accessKeys/abc/comments', 429, 'Too Many Requests', 'too_many_requests');
    const { user } = setup({ accessKey: 'abc' }, { locale: 'fr', createFails: tooFast });
    await screen.findByText('Spam one');
    await user.type(screen.getByLabelText('Votre commentaire'), 'Encore');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Trop d’envois en peu de temps. Veuillez patienter une minute et réessayer.');
  });
});
