// @vitest-environment jsdom
/** The login screen with the real session machine and a fake API. */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestError } from '../../src/api/errors';
import type { LoginResponse } from '../../src/api/schemas';
import { LoginScreen } from '../../src/ui/login/LoginScreen';
import { loginAnswer, renderWithServices } from '../helpers/appHarness';

afterEach(cleanup);

const reject = (status: number) => () => Promise.reject(new RequestError('POST', '/api/v1/auth/login', status, ''));
const password = () => screen.getByLabelText('Password', { selector: 'input' });

async function submit(user: ReturnType<typeof userEvent.setup>, email = 'ana@example.com', pw = 'secret') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(password(), pw);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login screen', () => {
  it('has labelled fields, focuses Email, and submits with Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, services } = renderWithServices(<LoginScreen />);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' ana@example.com ');
    await user.type(password(), 'secret{Enter}');
    await waitFor(() => expect(services.session.getSnapshot().value).toBe('loggedIn'));
    expect(calls.login).toEqual([{ username: 'ana@example.com', password: 'secret' }]);
  });

  it('shows the wrong-password message, and clears it when a field changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithServices(<LoginScreen />, { login: reject(401) });
    await submit(user);
    expect(await screen.findByText('Incorrect username or password.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    await user.type(password(), 'x');
    expect(screen.queryByText('Incorrect username or password.')).toBeNull();
  });

  it('shows the subscription message with its Select a plan link to the account site', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithServices(<LoginScreen />, { login: reject(403), accountSiteUrl: 'https://acc.test/' });
    await submit(user);
    expect(await screen.findByText(/An active subscription is required\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Select a plan/ }).getAttribute('href')).toBe('https://acc.test/en/pricing');
  });

  it('explains rate limiting and other failures', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithServices(<LoginScreen />, { login: reject(429) });
    await submit(user);
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();
    cleanup();
    renderWithServices(<LoginScreen />, { login: reject(500) });
    await submit(user);
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
  });

  it('disables the button while logging in', async () => {
    const user = userEvent.setup({ delay: null });
    let answer!: (value: LoginResponse) => void;
    renderWithServices(<LoginScreen />, { login: () => new Promise((resolve) => (answer = resolve)) });
    await submit(user);
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => answer(loginAnswer));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithServices(<LoginScreen />);
    expect(password().getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().getAttribute('type')).toBe('password');
  });

  it('shows the account and legal links and the version label', () => {
    renderWithServices(<LoginScreen />, { accountSiteUrl: 'https://acc.test' });
    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/Forgot password/)).toBe('https://acc.test/en/forgot-password');
    expect(href(/Create an account/)).toBe('https://acc.test/en/sign-up');
    expect(href(/free trial/)).toBe('https://acc.test/en/free-trial');
    expect(href(/Privacy policy/)).toBe('https://acc.test/en/privacy-policy');
    expect(href(/Terms of use/)).toBe('https://acc.test/en/terms-of-use');
    expect(screen.getByText('Version 2025-10-24-1')).toBeTruthy();
  });

  it('switches to French and back, with French links, and remembers the choice', async () => {
    const user = userEvent.setup({ delay: null });
    const { storage } = renderWithServices(<LoginScreen />, { accountSiteUrl: 'https://acc.test' });
    await user.click(screen.getByRole('button', { name: 'Français' }));
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Mot de passe oublié/ }).getAttribute('href')).toBe('https://acc.test/fr/mot-de-passe-oublie');
    expect(screen.getByRole('link', { name: /Politique de confidentialité/ }).getAttribute('href')).toBe(
      'https://acc.test/fr/politique-de-confidentialite',
    );
    expect(document.documentElement.lang).toBe('fr');
    expect(JSON.parse(storage.getItem('cv.settings')!).data.language).toBe('fr');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows French messages in French', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithServices(<LoginScreen />, { login: reject(401), browserLanguages: ['fr-FR'] });
    await user.type(screen.getByLabelText('E-mail'), 'a@b.c');
    await user.type(screen.getByLabelText('Mot de passe', { selector: 'input' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Nom d’utilisateur ou mot de passe incorrect.')).toBeTruthy();
  });
});

describe('login dialog', () => {
  it('logs a guest in and closes itself', async () => {
    const { LoginDialog } = await import('../../src/ui/login/LoginDialog');
    const user = userEvent.setup({ delay: null });
    let closed = 0;
    renderWithServices(<LoginDialog open onClose={() => void closed++} />);
    expect(screen.getByRole('dialog', { name: 'Log in to your account' })).toBeTruthy();
    await submit(user);
    await waitFor(() => expect(closed).toBe(1));
  });
});
