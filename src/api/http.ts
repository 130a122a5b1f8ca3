/**
 * The HTTP core of the API client, on ky: bearer header on authenticated calls, one shared
 * refresh on 401 then a retry, RequestError for non-OK answers, InvalidResponseError for a
 * shape mismatch.
 */
import ky, { type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { InvalidResponseError, RequestError } from './errors';
import { apiErrorSchema, refreshTokenResponseSchema } from './schemas';
import type { TokenStore } from './tokenStore';

const DEFAULT_API_BASE = '/api/v1';

export interface HttpOptions {
  /** Base path or URL of the API; `/api/v1` unless a development build overrides it. */
  baseUrl?: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  /** Called when a refresh failed and the token was cleared. */
  onSessionExpired?: () => void;
}

interface CallOptions<S extends z.ZodMiniType | undefined> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  json?: unknown;
  body?: BodyInit;
  /** Send the bearer token and refresh on 401. */
  auth?: boolean;
  schema?: S;
  signal?: AbortSignal;
}

export type Http = ReturnType<typeof createHttp>;

export function createHttp(options: HttpOptions) {
  const baseUrl = (options.baseUrl ?? DEFAULT_API_BASE).replace(/\/+$/, '');
  const kyInstance: KyInstance = ky.create({
    throwHttpErrors: false,
    retry: 0,
    timeout: false,
    credentials: 'include',
    fetch: options.fetch,
  });
  let refreshing: Promise<boolean> | null = null;

  const urlOf = (path: string) => (/^https?:\/\//.test(path) ? path : `${baseUrl}/${path.replace(/^\/+/, '')}`);

  /** One refresh at a time: concurrent 401s wait for the same one. */
  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const res = await kyInstance.get(urlOf('auth/refresh-token'));
        if (!res.ok) throw new Error('refresh failed');
        const parsed = refreshTokenResponseSchema.safeParse(await res.json());
        if (!parsed.success) throw new Error('refresh answer invalid');
        options.tokens.set(parsed.data.accessToken);
        return true;
      } catch {
        options.tokens.set(null);
        options.onSessionExpired?.();
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function send(path: string, call: CallOptions<z.ZodMiniType | undefined>, token: string | null) {
    const headers: Record<string, string> = {};
    if (call.auth && token) headers.Authorization = `Bearer ${token}`;
    return kyInstance(urlOf(path), {
      method: call.method ?? 'GET',
      json: call.json,
      body: call.body,
      headers,
      signal: call.signal,
    });
  }

  async function call<S extends z.ZodMiniType | undefined = undefined>(
    path: string,
    call: CallOptions<S> = {},
  ): Promise<S extends z.ZodMiniType ? z.infer<S> : void> {
    const method = call.method ?? 'GET';
    const tokenUsed = call.auth ? options.tokens.get() : null;
    let res = await send(path, call, tokenUsed);
    if (res.status === 401 && call.auth) {
      // A refresh that finished after this request left: just retry with the new token.
      const current = options.tokens.get();
      const ok = current !== null && current !== tokenUsed ? true : await refresh();
      if (ok) res = await send(path, call, options.tokens.get());
    }
    if (!res.ok) {
      let body: { error: string; message: string } | undefined;
      try {
        const parsed = apiErrorSchema.safeParse(await res.clone().json());
        if (parsed.success) body = parsed.data;
      } catch {
        /* not JSON */
      }
      throw new RequestError(method, res.url || urlOf(path), res.status, res.statusText, body?.error, body?.message);
    }
    if (!call.schema) return undefined as never;
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new InvalidResponseError('not JSON');
    }
    const parsed = call.schema.safeParse(body);
    if (!parsed.success) throw new InvalidResponseError(parsed.error.message);
    return parsed.data as never;
  }

  /** A raw GET, authenticated (and refreshed once on 401) when `auth`; throws RequestError unless OK. */
  async function rawGet(path: string, auth: boolean, signal?: AbortSignal): Promise<Response> {
    let res = await send(path, { auth, signal }, auth ? options.tokens.get() : null);
    if (res.status === 401 && auth && (await refresh())) res = await send(path, { auth: true, signal }, options.tokens.get());
    if (!res.ok) throw new RequestError('GET', res.url || urlOf(path), res.status, res.statusText);
    return res;
  }

  /** A raw authenticated GET (blobs such as the branding logo). */
  const blob = async (path: string, signal?: AbortSignal): Promise<Blob> => (await rawGet(path, true, signal)).blob();

  /** A long-lived GET whose body is read as it arrives (the live events); authenticated when `auth`. */
  async function stream(path: string, request: { auth: boolean; signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>> {
    const res = await rawGet(path, request.auth, request.signal);
    if (!res.body) throw new RequestError('GET', res.url || urlOf(path), res.status, res.statusText);
    return res.body;
  }

  return { call, blob, stream, refresh, urlOf, baseUrl };
}
