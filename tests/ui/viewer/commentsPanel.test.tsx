// @vitest-environment jsdom
/** The comments panel with the real comments machine and fake calls: Send/Cancel rules, delete, download. */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createViewerContentServices, type ViewerContentApi } from '../../../src/machines/viewer/notes/contentServices';
import { CommentsPanel } from '../../../src/ui/viewer/panels/CommentsPanel';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min);
const existing = [
  { id: 1, date: at(2025, 10, 24, 15, 7), authorName: 'Ana', authorAvatarUrl: '/a.svg', text: 'Check the hinge', isDeletable: true },
  { id: 2, date: at(2025, 10, 25, 9, 30), authorName: 'Bob', authorAvatarUrl: '/b.svg', text: 'Done', isDeletable: false },
];

function setup(options: { canCreate?: boolean; isPublicLink?: boolean; deleteComment?: () => Promise<void>; locale?: 'en' | 'fr' } = {}) {
  const created: unknown[] = [];
  const api = {
    listComments: async () => existing,
    createComment: async (_ref: unknown, body: unknown) => {
      created.push(body);
      return { id: 9, date: at(2025, 10, 26, 0, 5), isDeletable: true };
    },
    deleteComment: options.deleteComment ?? (async () => undefined),
  } as unknown as ViewerContentApi;
  const actor = createActor(createViewerContentServices(api).comments, {
    input: { ref: { id: 4 }, canCreate: options.canCreate ?? true, authorName: 'Ana' },
  }).start();
  const download = vi.fn();
  renderWithLocale(<CommentsPanel actor={actor} isPublicLink={options.isPublicLink ?? false} projectName="Kitchen" download={download} />, options.locale);
  return { actor, created, download, user: userEvent.setup({ delay: null }) };
}

const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const cancel = () => screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;

describe('comments panel', () => {
  it('reads the list again when a note was written elsewhere, keeping the comments shown until the answer', async () => {
    let answer: (items: typeof existing) => void = () => {};
    let reads = 0;
    const api = {
      listComments: () => {
        reads += 1;
        return reads === 1 ? Promise.resolve(existing) : new Promise<typeof existing>((resolve) => (answer = resolve));
      },
    } as unknown as ViewerContentApi;
    const actor = createActor(createViewerContentServices(api).comments, { input: { ref: { id: 4 }, canCreate: true, authorName: 'Ana' } }).start();
    renderWithLocale(<CommentsPanel actor={actor} isPublicLink={false} projectName="Kitchen" download={vi.fn()} />);
    expect(await screen.findByText('Check the hinge')).toBeTruthy();
    act(() => void actor.send({ type: 'comments.refresh' }));
    expect(reads).toBe(2);
    // No "Loading…" in place of the list while it is read again.
    expect(screen.getByText('Check the hinge')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    const written = { id: 5, date: at(2025, 10, 26, 8, 0), authorName: 'Chloé', authorAvatarUrl: '/c.svg', text: 'Darker handles', isDeletable: false };
    await act(async () => answer([...existing, written]));
    expect(await screen.findByText('Darker handles')).toBeTruthy();
  });

  it('lists comments with author and date as day/month/year 12-hour', async () => {
    setup();
    expect(await screen.findByText('Check the hinge')).toBeTruthy();
    // The day and the time, each kept whole (the time may wrap under the day in a narrow card).
    const times = [...document.querySelectorAll('time')].map((time) => [...time.querySelectorAll('span')].map((part) => part.textContent));
    expect(times).toEqual([
      ['24/10/2025', '3:07 PM'],
      ['25/10/2025', '9:30 AM'],
    ]);
    expect([...document.querySelectorAll('time')].map((time) => time.textContent)).toEqual(['24/10/2025 3:07 PM', '25/10/2025 9:30 AM']);
  });

  it('in French: the same day/month/year with the 24-hour clock, on the cards and in the downloaded list', async () => {
    const { user, download } = setup({ locale: 'fr' });
    expect(await screen.findByText('Check the hinge')).toBeTruthy();
    expect([...document.querySelectorAll('time')].map((time) => time.textContent)).toEqual(['24/10/2025 15:07', '25/10/2025 09:30']);
    await user.click(screen.getByRole('button', { name: 'Télécharger la liste des commentaires' }));
    expect(download.mock.calls[0][1]).toContain('24/10/2025 15:07 - Ana\nCheck the hinge\n\n25/10/2025 09:30 - Bob');
  });

  it('enables Send only for a non-blank text, sends it trimmed and clears the box', async () => {
    const { user, created } = setup();
    await screen.findByText('Check the hinge');
    expect(send().disabled).toBe(true);
    await user.type(screen.getByLabelText('Your comment'), '   ');
    expect(send().disabled).toBe(true);
    await user.type(screen.getByLabelText('Your comment'), ' New shelf ');
    expect(send().disabled).toBe(false);
    await user.click(send());
    await waitFor(() => expect(screen.getByText('New shelf')).toBeTruthy());
    expect(created).toEqual([{ authorName: 'Ana', text: 'New shelf' }]);
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('');
  });

  it('Cancel clears the box', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Your comment'), 'Draft');
    await user.click(cancel());
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('');
  });

  it('grows the box up to 8 rows', async () => {
    const { actor } = setup();
    act(() => actor.send({ type: 'comments.change', text: Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n') }));
    expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).rows).toBe(8);
  });

  it('shows delete only on deletable comments, removes at once, puts back on failure', async () => {
    let fail!: (e: Error) => void;
    const { user } = setup({ deleteComment: () => new Promise((_, reject) => (fail = reject)) });
    await screen.findByText('Check the hinge');
    const buttons = screen.getAllByRole('button', { name: 'Delete this comment' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]);
    expect(screen.queryByText('Check the hinge')).toBeNull();
    await act(async () => fail(new Error('500')));
    expect(await screen.findByText('Check the hinge')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The comment could not be deleted.');
  });

  it('downloads myCommentList.txt as plain text, and hides the button on public links', async () => {
    const { user, download } = setup();
    await screen.findByText('Check the hinge');
    await user.click(screen.getByRole('button', { name: 'Download the comment list' }));
    expect(download).toHaveBeenCalledWith(
      'myCommentList.txt',
      'Comments on Kitchen\n\n24/10/2025 3:07 PM - Ana\nCheck the hinge\n\n25/10/2025 9:30 AM - Bob\nDone\n',
    );
    cleanup();
    setup({ isPublicLink: true });
    await screen.findByText('Check the hinge');
    expect(screen.queryByRole('button', { name: 'Download the comment list' })).toBeNull();
  });

  it('has no box when the viewer may not comment', async () => {
    setup({ canCreate: false });
    await screen.findByText('Check the hinge');
    expect(screen.queryByLabelText('Your comment')).toBeNull();
  });
});
