/** Where the access token lives between page loads (SPEC §9: stored locally under a fixed key). */
export const ACCESS_TOKEN_KEY = 'cv.accessToken';

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return { get: () => token, set: (t) => void (token = t) };
}

export function localTokenStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): TokenStore {
  return {
    get: () => storage.getItem(ACCESS_TOKEN_KEY),
    set: (t) => (t === null ? storage.removeItem(ACCESS_TOKEN_KEY) : storage.setItem(ACCESS_TOKEN_KEY, t)),
  };
}
