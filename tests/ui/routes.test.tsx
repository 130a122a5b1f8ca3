// @vitest-environment jsdom
/** The routes of SPEC §2 in memory, with the real session and settings machines. */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../src/api/tokenStore';
import { USER_KEY } from '../../src/machines/session/sessionStore';
import { memoryStorage } from '../../src/machines/storage/persisted';
import { renderRoutes } from '../helpers/appHarness';

afterEach(cleanup);

/** Storage holding a session, as after a login in an earlier visit. */
const loggedInStorage = () =>
  memoryStorage({
    [ACCESS_TOKEN_KEY]: 'tok-1',
    [USER_KEY]: JSON.stringify({ v: 1, data: { fullName: 'Ana Martin', avatarUrl: '/a.svg', isLoggedIn: true } }),
  });

const pathOf = (router: ReturnType<typeof renderRoutes>['router']) => router.state.location.href;

describe('routes when logged out', () => {
  it.each([
    ['/', '/login'],
    ['/projects/abc', '/login'],
    ['/s/not-a-key!', '/login'],
    ['/no/such/page', '/login'],
  ])('%s goes to %s', async (from, to) => {
    const { router } = renderRoutes(from);
    await waitFor(() => expect(pathOf(router)).toBe(to));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('sends a project link to the login and back to the project after it', async () => {
    const user = userEvent.setup({ delay: null });
    const { router, projectsApi } = renderRoutes('/projects/12');
    await waitFor(() => expect(pathOf(router)).toBe('/login?redirect=%2Fprojects%2F12'));
    expect(projectsApi.calls.get).toEqual([]);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret{Enter}');
    await waitFor(() => expect(pathOf(router)).toBe('/projects/12'));
    // The owner viewer of project 12 reads it (the in-memory API has no project 12: its load fails).
    await waitFor(() => expect(projectsApi.calls.get).toEqual([12]));
  });

  it('opens shared links and the sandbox without login', async () => {
    const shared = renderRoutes('/s/aB3dE5');
    // The fake API knows no access key: the load error dialog says the link leads nowhere, no full-page screen.
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog.textContent).toContain('This link is not valid, or the project is no longer shared.');
    expect(screen.queryByRole('heading', { name: 'Project not found' })).toBeNull();
    expect(pathOf(shared.router)).toBe('/s/aB3dE5');
    // Close returns to / (the login, logged out).
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pathOf(shared.router)).toBe('/login'));
    cleanup();
    renderRoutes('/sandbox');
    expect(await screen.findByRole('navigation', { name: 'Tools' })).toBeTruthy();
  });

  it('/fr sets French and shows the login', async () => {
    const { router, services } = renderRoutes('/fr');
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(services.settings.getSnapshot().context.language).toBe('fr');
  });

  it('logs in to the list, then logs out back to the login screen', async () => {
    const user = userEvent.setup({ delay: null });
    const { router, calls } = renderRoutes('/login');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pathOf(router)).toBe('/'));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
    expect(calls.logout).toBe(1);
  });
});

describe('routes when logged in', () => {
  it('shows the list at / and leaves /login for /', async () => {
    const list = renderRoutes('/', { storage: loggedInStorage() });
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Avatar of Ana Martin' })).toBeTruthy();
    expect(pathOf(list.router)).toBe('/');
    cleanup();
    const login = renderRoutes('/login', { storage: loggedInStorage() });
    await waitFor(() => expect(pathOf(login.router)).toBe('/'));
  });

  it('keeps its language at /fr and goes to the list', async () => {
    const { router, services } = renderRoutes('/fr', { storage: loggedInStorage() });
    await waitFor(() => expect(pathOf(router)).toBe('/'));
    expect(services.settings.getSnapshot().context.language).toBe('en');
  });

  it('opens a project by its digit id only', async () => {
    const ok = renderRoutes('/projects/7', { storage: loggedInStorage() });
    await waitFor(() => expect(ok.projectsApi.calls.get).toEqual([7]));
    expect(pathOf(ok.router)).toBe('/projects/7');
    cleanup();
    const bad = renderRoutes('/projects/7a', { storage: loggedInStorage() });
    await waitFor(() => expect(pathOf(bad.router)).toBe('/'));
    expect(bad.projectsApi.calls.get).toEqual([]);
  });

  it('returns to the login screen with the message when the session expires', async () => {
    const { router, services } = renderRoutes('/', { storage: loggedInStorage() });
    await screen.findByRole('heading', { name: 'Projects' });
    act(() => services.session.send({ type: 'session.expired' }));
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
    expect(await screen.findByText(/Your session has expired/)).toBeTruthy();
  });
});
