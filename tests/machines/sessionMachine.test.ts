/**
 * Session machine: model-based paths generated from the machine (every state reached, each
 * error kind, each way out of logging out), replayed on the real machine with fake API calls
 * and storage spies; plus direct tests of the rules.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RequestError, InvalidResponseError } from '../../src/api/errors';
import { GUEST_USER, type LoginResponse, type UserInfo } from '../../src/api/schemas';
import { loginErrorKind } from '../../src/machines/session/loginError';
import { LOGOUT_TIMEOUT_MS, sessionMachine, type SessionEmitted, type SessionEvent } from '../../src/machines/session/sessionMachine';
import { createSut, modelPaths, type Sut } from '../helpers/modelBased';
import { realCoverageTest } from '../helpers/modelTests';

const user: UserInfo = { fullName: 'Ana Martin', avatarUrl: '/a.svg', isLoggedIn: true };
const okLogin: LoginResponse = {
  success: true,
  accessToken: 'tok-1',
  settings: { preferredDisplayLanguage: 'fr' },
  userInfo: { ...user, isLoggedIn: false },
};

const events = [
  { type: 'session.login', username: '  ana@example.com ', password: 'secret' },
  { type: 'session.login', username: '   ', password: 'secret' },
  { type: 'session.fieldChanged' },
  { type: 'session.logout' },
  { type: 'session.expired' },
  { type: 'xstate.done.actor.login', output: okLogin },
  { type: 'xstate.done.actor.login', output: { ...okLogin, success: false } },
  { type: 'xstate.error.actor.login', error: new RequestError('POST', '/api/v1/auth/login', 401, 'Unauthorized', 'invalid_credentials') },
  { type: 'xstate.error.actor.login', error: new RequestError('POST', '/api/v1/auth/login', 403, 'Forbidden') },
  { type: 'xstate.error.actor.login', error: new RequestError('POST', '/api/v1/auth/login', 429, 'Too Many Requests') },
  { type: 'xstate.error.actor.login', error: new InvalidResponseError() },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: new TypeError('Failed to fetch') },
  { type: `xstate.after.${LOGOUT_TIMEOUT_MS}.session.loggingOut` },
] as unknown as SessionEvent[];

interface SessionSut extends Sut {
  spies: { stored: unknown[]; cleared: number; emitted: SessionEmitted['type'][] };
}

function sessionSut(restoredUser: UserInfo | null): SessionSut {
  const spies = { stored: [] as unknown[], cleared: 0, emitted: [] as SessionEmitted['type'][] };
  const sut = createSut(sessionMachine, {
    promiseActors: ['login', 'logout'],
    input: { restoredUser },
    provide: {
      actions: {
        storeSession: (_: unknown, params: unknown) => void spies.stored.push(params),
        clearStoredSession: () => void spies.cleared++,
      },
    },
  });
  sut.actor.on('*', (e: SessionEmitted) => spies.emitted.push(e.type));
  return Object.assign(sut, { spies });
}

const sessionRuns: Array<ReturnType<typeof modelPaths>> = [];
for (const restoredUser of [null, user]) {
  describe(`session machine (model-based, ${restoredUser ? 'restored session' : 'no stored session'})`, () => {
    const generated = modelPaths(sessionMachine, {
      events,
      input: { restoredUser },
      sut: () => sessionSut(restoredUser),
      check: (real, model, sut, modelEvent) => {
        const event = modelEvent as { type: string };
        const { spies: s, pending } = sut as SessionSut;
        expect(real.value).toEqual(model.value);
        expect(real.context).toEqual(model.context);
        if (real.matches('loggingIn')) {
          expect(pending.login.at(-1)?.input).toEqual({ username: 'ana@example.com', password: 'secret' });
        }
        if (real.matches('loggedIn') && event.type === 'xstate.done.actor.login') {
          expect(s.stored.at(-1)).toEqual({ token: 'tok-1', user });
          expect(s.emitted.at(-1)).toBe('session.started');
        }
        if (real.matches('loggedIn')) expect(real.context.user.isLoggedIn).toBe(true);
        if (real.matches('loggedOut')) expect(real.context.user).toEqual(GUEST_USER);
        if (real.matches('loggedOut') && (event.type.includes('logout') || event.type.startsWith('xstate.after'))) {
          expect(s.cleared).toBe(1);
          expect(s.emitted.at(-1)).toBe('session.ended');
          expect(real.context.error).toBeNull();
        }
        if (event.type === 'session.expired' && real.matches('loggedOut')) {
          expect(s.cleared).toBe(1);
          expect(real.context.error).toBe('session_expired');
        }
        expect(real.hasTag('busy')).toBe(real.matches('loggingIn') || real.matches('loggingOut'));
      },
    });

    sessionRuns.push(generated);
    const { cases } = generated;
    for (const c of cases) it(c.name, async () => void (await c.execute()));

    it('reaches each login error kind', () => {
      const errors = new Set(cases.map((c) => /^Reaches state "loggedOut"\(.*?"error":"(\w+)"/.exec(c.name)?.[1]).filter(Boolean));
      expect([...errors].sort()).toEqual(['invalid_credentials', 'no_active_subscription', 'session_expired', 'too_many_attempts', 'unknown_error']);
    });
  });
}

describe('session machine (model-based, both starts)', () => realCoverageTest(sessionRuns));

describe('session machine rules', () => {
  const start = (restoredUser: UserInfo | null = null, login = async (): Promise<LoginResponse> => okLogin) =>
    createActor(sessionMachine.provide({ actors: { login: fromPromise(login), logout: fromPromise(async () => {}) } }), {
      input: { restoredUser },
    }).start();

  it('starts logged in from a restored user and logged out otherwise', () => {
    expect(start(user).getSnapshot().value).toBe('loggedIn');
    expect(start(null).getSnapshot().value).toBe('loggedOut');
  });

  it('ignores a login without credentials', () => {
    const actor = start();
    actor.send({ type: 'session.login', username: 'a@b.c', password: '' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('clears the error when a field changes, and only then', async () => {
    const actor = start(null, async () => {
      throw new RequestError('POST', '/x', 401, 'Unauthorized');
    });
    actor.send({ type: 'session.login', username: 'a@b.c', password: 'bad' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.error).toBe('invalid_credentials');
    actor.send({ type: 'session.fieldChanged' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores an expiry while logged out', () => {
    const actor = start();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('loginErrorKind', () => {
  it.each([
    [401, 'invalid_credentials'],
    [403, 'no_active_subscription'],
    [429, 'too_many_attempts'],
    [500, 'unknown_error'],
    [502, 'unknown_error'],
  ] as const)('maps %i to %s', (status, kind) => {
    expect(loginErrorKind(new RequestError('POST', '/api/v1/auth/login', status, ''))).toBe(kind);
  });

  it('maps a bad answer and a network failure to unknown_error', () => {
    expect(loginErrorKind(new InvalidResponseError())).toBe('unknown_error');
    expect(loginErrorKind(new TypeError('Failed to fetch'))).toBe('unknown_error');
    expect(loginErrorKind(undefined)).toBe('unknown_error');
  });
});
