/**
 * Session (SPEC §4 "Session", §8 login errors): a stored session starts logged in; login with a
 * username (spaces around it do not count) and a password sends them and, on success, stores the
 * token and the user and starts the session; a refused login explains why (401 incorrect
 * credentials, 403 no active subscription, 429 too many attempts, anything else or a bad answer an
 * unknown error); the message clears when a field changes. Logout clears the token and the user and
 * tells the server, whose failure or silence (5 s) is ignored. An expired session ends the same way,
 * saying so.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { InvalidResponseError, RequestError } from '../../src/api/errors';
import type { LoginResponse, UserInfo } from '../../src/api/schemas';
import { sessionMachine, type SessionEmitted, type SessionEvent } from '../../src/machines/session/sessionMachine';
import { createSut, type Expected, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

export const user: UserInfo = { fullName: 'Ana Martin', avatarUrl: '/a.svg', isLoggedIn: true };
export const okLogin: LoginResponse = { success: true, accessToken: 'tok-1', settings: { preferredDisplayLanguage: 'fr' }, userInfo: { ...user, isLoggedIn: false } };
const guest = { fullName: 'Guest', avatarUrl: '/avatar-default.svg', isLoggedIn: false };

export const sessionEvents = [
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
  { type: 'xstate.after.5000.session.loggingOut' },
] as unknown as SessionEvent[];

export interface SessionExpected extends Expected {
  user: UserInfo;
  error: string | null;
  stored: unknown[];
  cleared: number;
  emitted: SessionEmitted['type'][];
  call: { username: string; password: string } | null;
}

export type SessionSut = Sut & { spies: { stored: unknown[]; cleared: number; emitted: SessionEmitted['type'][] } };

function loginError(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  return status === 401 ? 'invalid_credentials' : status === 403 ? 'no_active_subscription' : status === 429 ? 'too_many_attempts' : 'unknown_error';
}

function sessionOracle(restoredUser: UserInfo | null): Oracle<SessionEvent, SessionExpected> {
  return {
    initial: () => ({ value: restoredUser ? 'loggedIn' : 'loggedOut', effects: [], user: restoredUser ? { ...restoredUser, isLoggedIn: true } : guest, error: null, stored: [], cleared: 0, emitted: [], call: null }),
    next(e, event) {
      const type = event.type as string;
      const base = { ...e, effects: [] as string[] };
      const ended = (error: string | null): SessionExpected => ({ ...base, value: 'loggedOut', user: guest, error, cleared: e.cleared + 1, emitted: [...e.emitted, 'session.ended'], effects: ['token and user cleared'] });
      if (e.value === 'loggedOut') {
        if (event.type === 'session.login') {
          const username = event.username.trim();
          if (username === '' || event.password === '') return { ...base, effects: ['nothing sent'] };
          return { ...base, value: 'loggingIn', error: null, call: { username, password: event.password }, effects: [`POST auth/login ${username}`] };
        }
        if (event.type === 'session.fieldChanged') return { ...base, error: null };
      }
      if (e.value === 'loggingIn') {
        const response = (event as { output?: LoginResponse }).output;
        if (type === 'xstate.done.actor.login' && response?.success) {
          const loggedIn = { ...response.userInfo, isLoggedIn: true };
          return { ...base, value: 'loggedIn', user: loggedIn, call: null, stored: [...e.stored, { token: response.accessToken, user: loggedIn }], emitted: [...e.emitted, 'session.started'], effects: ['token and user stored'] };
        }
        if (type === 'xstate.done.actor.login') return { ...base, value: 'loggedOut', call: null, error: 'unknown_error' };
        if (type === 'xstate.error.actor.login') {
          const error = loginError((event as { error?: unknown }).error);
          return { ...base, value: 'loggedOut', call: null, error, effects: [`message ${error}`] };
        }
      }
      if (e.value === 'loggedIn') {
        if (event.type === 'session.logout') return { ...base, value: 'loggingOut', effects: ['POST auth/logout'] };
        if (event.type === 'session.expired') return ended('session_expired');
      }
      if (e.value === 'loggingOut' && (type === 'xstate.done.actor.logout' || type === 'xstate.error.actor.logout' || type.startsWith('xstate.after.'))) return ended(null);
      return base;
    },
    check(real, e, sut) {
      const { spies, pending } = sut as SessionSut;
      same(real.context.user, e.user, 'the user shown');
      same(real.context.error, e.error, 'the login message');
      same(spies.stored, e.stored, 'what was stored');
      same(spies.cleared, e.cleared, 'times the stored session was cleared');
      same(spies.emitted, e.emitted, 'session started/ended');
      same(pending.login.map((c) => c.input), e.call ? [e.call] : [], 'the login in flight');
      same(real.hasTag('busy'), e.value === 'loggingIn' || e.value === 'loggingOut', 'busy');
    },
  };
}

export function sessionSut(restoredUser: UserInfo | null): SessionSut {
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

export const sessionModel: MachineModel = {
  name: 'session',
  machine: sessionMachine,
  source: 'src/machines/session/sessionMachine.ts',
  testFile: 'tests/machines/sessionMachine.test.ts',
  runs: [null, user].map((restoredUser) => ({
    label: restoredUser ? 'restored session' : 'no stored session',
    run: defineRun<SessionEvent>({
      events: sessionEvents,
      input: { restoredUser },
      sut: () => sessionSut(restoredUser),
      oracle: sessionOracle(restoredUser) as never,
    }),
  })),
};
