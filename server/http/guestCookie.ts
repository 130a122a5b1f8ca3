/**
 * The guest identity cookie: a random token that ties a comment to the guest that wrote it, so it
 * can delete it later. Sent only to the access-key routes; the database keeps its digest.
 *
 * A shared link may be embedded in another site's page, where a SameSite=Strict cookie is neither
 * kept nor sent. Over HTTPS the cookie is therefore SameSite=None, Secure and Partitioned (kept
 * per embedding site, so it follows no one across sites); over plain HTTP, where SameSite=None is
 * refused, it stays Strict, and a guest in an embedded link can comment but not delete later.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, tokenDigest } from '../auth/randomTokens';
import { API_BASE } from '../config';

const GUEST_COOKIE = 'guest_id';
const GUEST_COOKIE_PATH = `${API_BASE}/projects/accessKeys`;
const ONE_YEAR_SECONDS = 365 * 86_400;

/** The digest of the caller's guest cookie, or null. */
export function readGuestId(request: FastifyRequest): string | null {
  const value = request.cookies[GUEST_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? tokenDigest(value) : null;
}

/** The caller's guest id, giving it a cookie first when it has none. */
export function ensureGuestId(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readGuestId(request);
  if (existing) return existing;
  const token = randomToken(32);
  const https = request.protocol === 'https';
  reply.setCookie(GUEST_COOKIE, token, {
    httpOnly: true,
    ...(https ? { sameSite: 'none', secure: true, partitioned: true } : { sameSite: 'strict', secure: false }),
    path: GUEST_COOKIE_PATH,
    maxAge: ONE_YEAR_SECONDS,
  });
  return tokenDigest(token);
}
