/**
 * Session machine: model-based paths (every state and transition, each error kind, each way out
 * of logging out) replayed on the real machine with fake API calls and storage spies, checked by
 * the oracle of tests/models/session.ts; plus direct tests of the rules.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RequestError, InvalidResponseError } from '../../src/api/errors';
import type { LoginResponse, UserInfo } from '../../src/api/schemas';
import { loginErrorKind } from '../../src/machines/session/loginError';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import { modelTests } from '../helpers/modelTests';
import { okLogin, sessionModel, user } from '../models/session';

const generated = modelTests(sessionModel);

describe('session machine (generated paths)', () => {
  it('reach each login error kind', () => {
    const names = generated.runs.flatMap((r) => r.cases.map((c) => c.name));
    const errors = new Set(names.map((n) => /^Reaches state "loggedOut"\(.*?"error":"(\w+)"/.exec(n)?.[1]).filter(Boolean));
    expect([...errors].sort()).toEqual(['invalid_credentials', 'no_active_subscription', 'session_expired', 'too_many_attempts', 'unknown_error']);
  });
});

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
