/** Small fetch helpers for server tests: JSON calls, a client IP through X-Forwarded-For, the refresh cookie. */
import { apiErrorSchema } from '../../../src/api/schemas';

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  /** Sent as X-Forwarded-For (only honoured when the server trusts the proxy). */
  clientIp?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
  setCookies: string[];
}

export async function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.clientIp) headers['x-forwarded-for'] = options.clientIp;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text, setCookies: response.headers.getSetCookie() };
}

/** The `name=value` pair of a Set-Cookie for `name`, or undefined. */
export function cookieFrom(result: CallResult, name: string): { pair: string; value: string; attributes: string } | undefined {
  const header = result.setCookies.find((c) => c.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair, ...rest] = header.split(';');
  return { pair, value: pair.slice(name.length + 1), attributes: rest.join(';').trim() };
}

/** Parses an error body with the contract's schema and returns its code. */
export function errorCode(result: CallResult): string {
  return apiErrorSchema.parse(result.json).error;
}
