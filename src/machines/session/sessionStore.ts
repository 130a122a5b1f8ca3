/**
 * What survives a page reload of a session (SPEC §9): the access token (through the API's
 * token store, under its fixed key) and the user info (versioned, checked when read back).
 */
import { userInfoSchema, type UserInfo } from '../../api/schemas';
import type { TokenStore } from '../../api/tokenStore';
import { persisted, type KeyValueStorage } from '../storage/persisted';

export const USER_KEY = 'cv.user';
const USER_VERSION = 1;

interface StoredSession {
  token: string;
  user: UserInfo;
}

interface SessionStore {
  /** The stored session, or null when either half is missing or unreadable. */
  load(): StoredSession | null;
  save(session: StoredSession): void;
  clear(): void;
}

export function sessionStore(storage: KeyValueStorage, tokens: TokenStore): SessionStore {
  const user = persisted(storage, USER_KEY, USER_VERSION, userInfoSchema);
  return {
    load() {
      const token = tokens.get();
      const info = user.load();
      return token && info ? { token, user: { ...info, isLoggedIn: true } } : null;
    },
    save(session) {
      tokens.set(session.token);
      user.save(session.user);
    },
    clear() {
      tokens.set(null);
      user.clear();
    },
  };
}
