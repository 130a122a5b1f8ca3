/** The refresh token cookie: httpOnly, SameSite=Strict, sent only to the auth routes. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../config';

export const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = `${API_BASE}/auth`;

/** The options of the auth cookies: httpOnly, SameSite=Strict, secure over HTTPS, sent only to `path`. */
export function strictCookie(request: FastifyRequest, path: string) {
  return { httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https', path };
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlSeconds: number): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...strictCookie(request, REFRESH_COOKIE_PATH), maxAge: ttlSeconds });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, strictCookie(request, REFRESH_COOKIE_PATH));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}
