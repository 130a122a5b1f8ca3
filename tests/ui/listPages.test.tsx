// @vitest-environment jsdom
/**
 * The list screen in pages, on the real list machine and services over the in-memory API: a first
 * page of cards, the next when the end of the grid comes near, "Loading more..." meanwhile, a page
 * that fails says so with Try again and keeps the cards read, and both rows speak French.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPagingEnd } from '../../src/ui/list/ListPagingEnd';
import { ProjectListScreen } from '../../src/ui/list/ProjectListScreen';
import { renderInRouter } from '../helpers/appHarness';
import { fakeProjectsApi, makeProject } from '../helpers/fakeProjectsApi';
import { renderWithLocale } from '../helpers/renderWithLocale';

let observed: Array<{ callback: IntersectionObserverCallback; element: Element | null; disconnected: boolean }> = [];
class FakeObserver {
  private entry: (typeof observed)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, element: null, disconnected: false };
    observed.push(this.entry);
  }
  observe(element: Element) {
    this.entry.element = element;
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}
vi.stubGlobal('IntersectionObserver', FakeObserver);
afterEach(() => {
  cleanup();
  observed = [];
});

/** The end of the grid comes into view (the one element watched). */
const seeEnd = () => {
  const live = observed.filter((o) => !o.disconnected && o.element);
  expect(live).toHaveLength(1);
  act(() => live[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
};
const cardNames = () => screen.queryAllByRole('link', { name: /^Open / }).map((link) => link.getAttribute('aria-label'));
/** Project i is the i-th newest. */
const projects = (count: number) => Array.from({ length: count }, (_, i) => makeProject({ id: i + 1, name: `Cabinet ${i + 1}`, modificationDate: new Date(2026, 0, 1, 0, count - i) }));

describe('the list screen in pages', () => {
  it('shows the first page, brings the next ones as the end comes near, and stops after the last', async () => {
    const api = fakeProjectsApi(projects(80));
    renderInRouter(() => <ProjectListScreen />, { projectsApi: api });
    await waitFor(() => expect(cardNames()).toHaveLength(36));
    expect(screen.getByTestId('project-count').textContent).toBe('80 projects');
    expect(cardNames().slice(0, 2)).toEqual(['Open Cabinet 1', 'Open Cabinet 2']);
    seeEnd();
    await waitFor(() => expect(cardNames()).toHaveLength(72));
    expect(cardNames()[36]).toBe('Open Cabinet 37');
    seeEnd();
    await waitFor(() => expect(cardNames()).toHaveLength(80));
    expect(cardNames().at(-1)).toBe('Open Cabinet 80');
    // Every page is in: nothing left to watch.
    expect(screen.queryByTestId('list-end')).toBeNull();
    expect(api.calls.list).toBe(3);
  });

  it('says a later page failed, keeps the cards read, and Try again brings it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeProjectsApi(projects(50));
    renderInRouter(() => <ProjectListScreen />, { projectsApi: api });
    await waitFor(() => expect(cardNames()).toHaveLength(36));
    api.failNext.list = 1;
    seeEnd();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('More projects could not be loaded.');
    expect(cardNames()).toHaveLength(36);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardNames()).toHaveLength(50));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the first page again for a step filter, and counts against the whole list', async () => {
    const user = userEvent.setup({ delay: null });
    const list = projects(40).map((p, i) => (i % 4 === 0 ? { ...p, currentStage: 'ready' as const } : p));
    renderInRouter(() => <ProjectListScreen />, { projectsApi: fakeProjectsApi(list) });
    await waitFor(() => expect(cardNames()).toHaveLength(36));
    await user.click(screen.getByRole('button', { name: /^Step(?! of)/ }));
    await user.click(screen.getByRole('option', { name: 'Ready for production' }));
    await waitFor(() => expect(screen.getByTestId('project-count').textContent).toBe('10 of 40 projects'));
    expect(cardNames()).toEqual(list.filter((p) => p.currentStage === 'ready').map((p) => `Open ${p.name}`));
    expect(screen.queryByTestId('list-end')).toBeNull();
  });
});

describe('the end of the grid', () => {
  it('says it loads more, or that more could not be loaded with Try again, in English and French', async () => {
    const onRetry = vi.fn();
    renderWithLocale(<ListPagingEnd paging="loadingMore" onMore={() => {}} onRetry={onRetry} />);
    expect(screen.getByRole('status').textContent).toBe('Loading more...');
    cleanup();
    renderWithLocale(<ListPagingEnd paging="loadingMore" onMore={() => {}} onRetry={onRetry} />, 'fr');
    expect(screen.getByRole('status').textContent).toBe('Chargement de la suite...');
    cleanup();
    renderWithLocale(<ListPagingEnd paging="moreFailed" onMore={() => {}} onRetry={onRetry} />, 'fr');
    expect(screen.getByRole('alert').textContent).toContain('La suite des projets n’a pas pu être chargée.');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
