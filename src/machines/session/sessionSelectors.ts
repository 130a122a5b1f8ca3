/** What views read from the session snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './sessionMachine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Logged in, including while logging out (the user info is still there). */
export const selectIsLoggedIn = (s: SessionSnapshot) => s.context.user.isLoggedIn;
export const selectIsLoggingIn = (s: SessionSnapshot) => s.matches('loggingIn');
export const selectLoginError = (s: SessionSnapshot) => s.context.error;
export const selectUser = (s: SessionSnapshot) => s.context.user;
