/**
 * Builds the long-lived actors of the application (session and settings) from injected
 * services, and connects them: the settings follow the session's start and end.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { LoginRequest, LoginResponse, Settings } from '../api/schemas';
import type { TokenStore } from '../api/tokenStore';
import { sessionMachine } from './session/sessionMachine';
import { sessionStore } from './session/sessionStore';
import { initialSettings } from './settings/initialSettings';
import { settingsMachine } from './settings/settingsMachine';
import { settingsStore } from './settings/settingsStore';
import type { KeyValueStorage } from './storage/persisted';

/** The calls the session and settings need (the API client satisfies it). */
export interface SessionApi {
  login(body: LoginRequest): Promise<LoginResponse>;
  logout(): Promise<void>;
  patchSettings(settings: Settings): Promise<void>;
}

interface AppActorsDeps {
  api: SessionApi;
  storage: KeyValueStorage;
  tokens: TokenStore;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  browserLanguages: readonly string[];
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SettingsActor = ActorRefFrom<typeof settingsMachine>;

export interface AppActors {
  session: SessionActor;
  settings: SettingsActor;
}

export function createAppActors(deps: AppActorsDeps): AppActors {
  const sessions = sessionStore(deps.storage, deps.tokens);
  const preferences = settingsStore(deps.storage);
  const restored = sessions.load();
  // A token without its user (or the reverse) is not a session: start clean.
  if (!restored) sessions.clear();

  const settings = createActor(
    settingsMachine.provide({
      actors: { patchSettings: fromPromise<void, Settings>(({ input }) => deps.api.patchSettings(input)) },
      actions: { persistSettings: (_, params) => preferences.save(params) },
    }),
    { input: { ...initialSettings(preferences.load(), deps.browserLanguages), isLoggedIn: restored !== null } },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<LoginResponse, LoginRequest>(({ input }) => deps.api.login(input)),
        logout: fromPromise<void, void>(() => deps.api.logout()),
      },
      actions: {
        storeSession: (_, params) => sessions.save(params),
        clearStoredSession: () => sessions.clear(),
      },
    }),
    { input: { restoredUser: restored?.user ?? null } },
  );

  session.on('session.started', (event) => settings.send({ type: 'settings.sessionStarted', settings: event.settings }));
  session.on('session.ended', () => settings.send({ type: 'settings.sessionEnded' }));

  settings.start();
  session.start();
  return { session, settings };
}
