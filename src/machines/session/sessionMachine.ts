/**
 * The session (SPEC §4): logged out -> logging in -> logged in -> logging out -> logged out.
 *
 * Effects are named and provided by the composition root: `login` and `logout` call the API,
 * `storeSession` and `clearStoredSession` keep the token and user info in browser storage.
 * It emits `session.started` (with the server's settings) and `session.ended` so the
 * settings actor follows the session without either machine knowing the other.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { GUEST_USER, type LoginRequest, type LoginResponse, type Settings, type UserInfo } from '../../api/schemas';
import { loginErrorKind, type LoginErrorKind } from './loginError';

/** How long a logout waits for the server before going on without it. */
const LOGOUT_TIMEOUT_MS = 5000;

interface SessionInput {
  /** The user restored from storage when a token was stored too; null otherwise. */
  restoredUser: UserInfo | null;
}

interface SessionContext {
  user: UserInfo;
  error: LoginErrorKind | null;
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  | { type: 'session.fieldChanged' }
  | { type: 'session.logout' }
  /** The API client could not refresh the token: the session is over. */
  | { type: 'session.expired' };

export type SessionEmitted = { type: 'session.started'; settings: Settings } | { type: 'session.ended' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    tags: {} as 'busy',
  },
  actors: {
    login: fromPromise<LoginResponse, LoginRequest>(async () => {
      throw new Error('login is not provided');
    }),
    logout: fromPromise<void, void>(async () => {}),
  },
  actions: {
    storeSession: (_, _params: { token: string; user: UserInfo }) => {},
    clearStoredSession: () => {},
    clearError: assign({ error: null }),
    becomeGuest: assign({ user: GUEST_USER }),
  },
  guards: {
    hasRestoredUser: ({ context }) => context.user.isLoggedIn,
    hasCredentials: ({ event }) =>
      event.type === 'session.login' && event.username.trim() !== '' && event.password !== '',
    hasError: ({ context }) => context.error !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.restoredUser ? { ...input.restoredUser, isLoggedIn: true } : GUEST_USER,
    error: null,
  }),
  initial: 'restoring',
  states: {
    /** Transient: picks the first real state from what storage held. */
    restoring: {
      always: [{ guard: 'hasRestoredUser', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        'session.login': { guard: 'hasCredentials', target: 'loggingIn', actions: 'clearError' },
        'session.fieldChanged': { guard: 'hasError', actions: 'clearError' },
      },
    },
    loggingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'session.login' ? { username: event.username.trim(), password: event.password } : { username: '', password: '' },
        onDone: [
          {
            guard: ({ event }) => event.output.success,
            target: 'loggedIn',
            actions: [
              { type: 'storeSession', params: ({ event }) => ({ token: event.output.accessToken, user: loggedInUser(event.output.userInfo) }) },
              assign({ user: ({ event }) => loggedInUser(event.output.userInfo) }),
              emit(({ event }) => ({ type: 'session.started' as const, settings: event.output.settings })),
            ],
          },
          { target: 'loggedOut', actions: assign({ error: 'unknown_error' }) },
        ],
        onError: {
          target: 'loggedOut',
          actions: assign({ error: ({ event }) => loginErrorKind(event.error) }),
        },
      },
    },
    loggedIn: {
      on: {
        'session.logout': 'loggingOut',
        'session.expired': {
          target: 'loggedOut',
          actions: ['clearStoredSession', 'becomeGuest', assign({ error: 'session_expired' }), emit({ type: 'session.ended' })],
        },
      },
    },
    /** Tells the server; its failure (or silence) does not keep the user logged in. */
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
      after: { [LOGOUT_TIMEOUT_MS]: 'loggedOut' },
      exit: ['clearStoredSession', 'becomeGuest', emit({ type: 'session.ended' })],
    },
  },
});

function loggedInUser(user: UserInfo): UserInfo {
  return { ...user, isLoggedIn: true };
}
