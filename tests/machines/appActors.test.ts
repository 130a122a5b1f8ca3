/**
 * The application's session and settings actors wired to fake API calls and in-memory
 * storage: what is stored, what survives a reload, what is sent to the server.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { RequestError } from '../../src/api/errors';
import type { LoginRequest, LoginResponse, Settings } from '../../src/api/schemas';
import { ACCESS_TOKEN_KEY, localTokenStore } from '../../src/api/tokenStore';
import { createAppActors, type SessionApi } from '../../src/machines/appActors';
import { sessionStore, USER_KEY } from '../../src/machines/session/sessionStore';
import { SETTINGS_KEY, settingsStore } from '../../src/machines/settings/settingsStore';
import { memoryStorage, persisted } from '../../src/machines/storage/persisted';
import { z } from 'zod';

const answer: LoginResponse = {
  success: true,
  accessToken: 'tok-1',
  settings: { preferredDisplayLanguage: 'fr' },
  userInfo: { fullName: 'Ana Martin', avatarUrl: '/a.svg', isLoggedIn: true },
};

function fakeApi(overrides: Partial<SessionApi> = {}) {
  const calls = { login: [] as LoginRequest[], logout: 0, patch: [] as Settings[] };
  const api: SessionApi = {
    login: async (body) => (calls.login.push(body), answer),
    logout: async () => void calls.logout++,
    patchSettings: async (s) => void calls.patch.push(s),
    ...overrides,
  };
  return { api, calls };
}

function boot(storage = memoryStorage(), api = fakeApi().api, browserLanguages: string[] = ['en-US']) {
  return createAppActors({ api, storage, tokens: localTokenStore(storage), browserLanguages });
}

describe('app actors', () => {
  it('stores the token and user on login, adopts the server language, and restores both after a reload', async () => {
    const storage = memoryStorage();
    const { api, calls } = fakeApi();
    const first = boot(storage, api);
    expect(first.settings.getSnapshot().context.language).toBe('en');
    first.session.send({ type: 'session.login', username: 'ana@example.com', password: 'pw' });
    await waitFor(first.session, (s) => s.matches('loggedIn'));
    expect(calls.login).toEqual([{ username: 'ana@example.com', password: 'pw' }]);
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBe('tok-1');
    expect(JSON.parse(storage.getItem(USER_KEY)!)).toEqual({ v: 1, data: answer.userInfo });
    expect(first.settings.getSnapshot().context).toMatchObject({ language: 'fr', isLoggedIn: true });

    const second = boot(storage, api);
    expect(second.session.getSnapshot().value).toBe('loggedIn');
    expect(second.session.getSnapshot().context.user.fullName).toBe('Ana Martin');
    expect(second.settings.getSnapshot().context).toMatchObject({ language: 'fr', isLoggedIn: true });
  });

  it('logs out even when the server call fails, and clears what was stored', async () => {
    const storage = memoryStorage();
    const { api } = fakeApi({ logout: async () => Promise.reject(new TypeError('Failed to fetch')) });
    const app = boot(storage, api);
    app.session.send({ type: 'session.login', username: 'a@b.c', password: 'pw' });
    await waitFor(app.session, (s) => s.matches('loggedIn'));
    app.session.send({ type: 'session.logout' });
    await waitFor(app.session, (s) => s.matches('loggedOut'));
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(storage.getItem(USER_KEY)).toBeNull();
    expect(app.settings.getSnapshot().context.isLoggedIn).toBe(false);
    expect(boot(storage, api).session.getSnapshot().value).toBe('loggedOut');
  });

  it('keeps a failed login out of storage and reports its kind', async () => {
    const storage = memoryStorage();
    const { api } = fakeApi({ login: async () => Promise.reject(new RequestError('POST', '/api/v1/auth/login', 403, 'Forbidden')) });
    const app = boot(storage, api);
    app.session.send({ type: 'session.login', username: 'a@b.c', password: 'pw' });
    await waitFor(app.session, (s) => s.matches('loggedOut') && s.context.error !== null);
    expect(app.session.getSnapshot().context.error).toBe('no_active_subscription');
    expect(storage.dump()).toEqual({});
  });

  it('sends PATCH settings for a change only while logged in, and remembers the choice either way', async () => {
    const storage = memoryStorage();
    const { api, calls } = fakeApi();
    const app = boot(storage, api);
    app.settings.send({ type: 'settings.unitChanged', unit: 'in' });
    expect(calls.patch).toEqual([]);
    app.session.send({ type: 'session.login', username: 'a@b.c', password: 'pw' });
    await waitFor(app.session, (s) => s.matches('loggedIn'));
    app.settings.send({ type: 'settings.languageChanged', language: 'en' });
    await waitFor(app.settings, (s) => s.matches('idle'));
    expect(calls.patch).toEqual([{ preferredDisplayLanguage: 'en' }]);
    expect(settingsStore(storage).load()).toEqual({ language: 'en', unit: 'in' });
  });

  it('starts from the browser language when nothing is stored', () => {
    expect(boot(memoryStorage(), fakeApi().api, ['fr-FR', 'en']).settings.getSnapshot().context.language).toBe('fr');
    expect(boot(memoryStorage(), fakeApi().api, ['de']).settings.getSnapshot().context.language).toBe('en');
  });

  it('ends the session when the token cannot be refreshed', async () => {
    const storage = memoryStorage();
    const app = boot(storage);
    app.session.send({ type: 'session.login', username: 'a@b.c', password: 'pw' });
    await waitFor(app.session, (s) => s.matches('loggedIn'));
    app.session.send({ type: 'session.expired' });
    expect(app.session.getSnapshot().value).toBe('loggedOut');
    expect(app.session.getSnapshot().context.error).toBe('session_expired');
    expect(storage.getItem(USER_KEY)).toBeNull();
  });

  it('does not restore a token without its user, and drops the orphan token', () => {
    const storage = memoryStorage({ [ACCESS_TOKEN_KEY]: 'tok-9' });
    expect(boot(storage).session.getSnapshot().value).toBe('loggedOut');
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('stored values', () => {
  it('reads back only values of the current version and shape', () => {
    const storage = memoryStorage();
    const value = persisted(storage, 'k', 2, z.object({ n: z.number() }));
    value.save({ n: 3 });
    expect(value.load()).toEqual({ n: 3 });
    storage.setItem('k', JSON.stringify({ v: 1, data: { n: 3 } }));
    expect(value.load()).toBeNull();
    storage.setItem('k', JSON.stringify({ v: 2, data: { n: 'three' } }));
    expect(value.load()).toBeNull();
    storage.setItem('k', '{not json');
    expect(value.load()).toBeNull();
    value.clear();
    expect(storage.getItem('k')).toBeNull();
  });

  it('ignores tampered user info and settings', () => {
    const storage = memoryStorage({
      [ACCESS_TOKEN_KEY]: 'tok',
      [USER_KEY]: JSON.stringify({ v: 1, data: { fullName: 7 } }),
      [SETTINGS_KEY]: JSON.stringify({ v: 1, data: { language: 'de' } }),
    });
    expect(sessionStore(storage, localTokenStore(storage)).load()).toBeNull();
    expect(settingsStore(storage).load()).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const value = persisted(broken, 'k', 1, z.string());
    expect(() => value.save('x')).not.toThrow();
    expect(value.load()).toBeNull();
    expect(() => value.clear()).not.toThrow();
  });
});
