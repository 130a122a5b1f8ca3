// @vitest-environment jsdom
/** The hyperlinks panel with the real machine and fake calls: form rules, clearing, links, delete. */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createViewerContentServices, type ViewerContentApi } from '../../../src/machines/viewer/notes/contentServices';
import { HyperlinksPanel } from '../../../src/ui/viewer/panels/HyperlinksPanel';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const existing = [
  { id: 1, date: new Date(2025, 0, 2), authorName: 'Ana', authorAvatarUrl: '', name: 'Hinge datasheet', url: 'https://example.com/hinge', isDeletable: true },
  { id: 2, date: new Date(2025, 0, 3), authorName: 'Bob', authorAvatarUrl: '', name: 'Catalogue', url: 'https://example.com/cat', isDeletable: false },
];

function setup(canCreate = true) {
  const created: unknown[] = [];
  const api = {
    listAttachments: async () => existing,
    createAttachment: async (_ref: unknown, body: unknown) => {
      created.push(body);
      return { id: 9, date: new Date(2025, 0, 4), isDeletable: true };
    },
    deleteAttachment: async () => undefined,
  } as unknown as ViewerContentApi;
  const actor = createActor(createViewerContentServices(api).hyperlinks, { input: { ref: { accessKey: 'abc' }, canCreate, authorName: 'Ana' } }).start();
  renderWithLocale(<HyperlinksPanel actor={actor} />);
  return { actor, created, user: userEvent.setup({ delay: null }) };
}

const add = () => screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;

describe('hyperlinks panel', () => {
  it('opens links in a new tab with rel noopener, delete only when deletable', async () => {
    setup();
    const link = (await screen.findByRole('link', { name: /Hinge datasheet/ })) as HTMLAnchorElement;
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    expect(screen.getAllByRole('button', { name: 'Delete this hyperlink' })).toHaveLength(1);
  });

  it('needs a trimmed name and a trimmed link; clears the form after success', async () => {
    const { user, created } = setup();
    await screen.findByText('Catalogue');
    expect(add().disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), '  ');
    await user.type(screen.getByLabelText('Link'), 'example.com/doc');
    expect(add().disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), ' Doc ');
    expect(add().disabled).toBe(false);
    await user.clear(screen.getByLabelText('Link'));
    await user.type(screen.getByLabelText('Link'), '   ');
    expect(add().disabled).toBe(true);
    await user.type(screen.getByLabelText('Link'), 'example.com/doc');
    await user.click(add());
    await waitFor(() => expect(created).toEqual([{ authorName: 'Ana', name: 'Doc', url: 'https://example.com/doc' }]));
    expect(await screen.findByRole('link', { name: /Doc/ })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Link') as HTMLTextAreaElement).value).toBe('');
  });

  it('explains a link that is not a web address', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Name'), 'Bad');
    await user.type(screen.getByLabelText('Link'), 'javascript:alert(1)');
    expect(add().disabled).toBe(true);
    expect(screen.getByText('Enter a web address starting with http:// or https://.')).toBeTruthy();
  });

  it('keeps the link box to 3 rows and the name on one line', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Link'), 'a{Shift>}{Enter}{/Shift}b{Shift>}{Enter}{/Shift}c{Shift>}{Enter}{/Shift}d');
    expect((screen.getByLabelText('Link') as HTMLTextAreaElement).rows).toBe(3);
    expect(screen.getByLabelText('Name').tagName).toBe('INPUT');
  });

  it('has no form when creation is not allowed (public links)', async () => {
    setup(false);
    await screen.findByText('Catalogue');
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('keeps offering Try again for a list that failed to load after a hyperlink is added meanwhile', async () => {
    let reads = 0;
    const api = {
      listAttachments: async () => {
        reads += 1;
        if (reads === 1) throw new Error('offline');
        return existing;
      },
      createAttachment: async () => ({ id: 9, date: new Date(2025, 0, 4), isDeletable: true }),
      deleteAttachment: async () => undefined,
    } as unknown as ViewerContentApi;
    const actor = createActor(createViewerContentServices(api).hyperlinks, { input: { ref: { id: 4 }, canCreate: true, authorName: 'Ana' } }).start();
    renderWithLocale(<HyperlinksPanel actor={actor} />);
    const user = userEvent.setup({ delay: null });
    expect((await screen.findByRole('alert')).textContent).toContain('The hyperlinks could not be loaded.');
    await user.type(screen.getByLabelText('Name'), 'Doc');
    await user.type(screen.getByLabelText('Link'), 'example.com/doc');
    await user.click(add());
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    // The note was sent, the list is still not read: the failure and its Try again stay.
    expect(screen.getByRole('alert').textContent).toContain('The hyperlinks could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Catalogue')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
