/** Auth routes: login, logout, refresh-token, secure-token (prefix /api/v1/auth). */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  loginRequestSchema,
  type loginResponseSchema,
  type refreshTokenResponseSchema,
  type secureTokenResponseSchema,
} from '../../src/api/schemas';
import { verifyPassword } from '../auth/passwords';
import { issueRefreshToken, revokeRefreshTokenFamily, rotateRefreshToken } from '../auth/refreshTokens';
import { issueSecureToken } from '../auth/secureTokens';
import type { ThrottleVerdict } from '../auth/loginThrottle';
import { listActivePlans } from '../db/plans';
import { revokeRefreshFamily } from '../db/tokens';
import { findUserById, findUserByUsername } from '../db/users';
import { toSeconds } from '../domain/clock';
import { normalizeUsername } from '../domain/usernames';
import { bearerToken, requireUser } from './authenticate';
import { ApiError, parseInput } from './errors';
import { readDevice, setDeviceCookie } from './deviceCookie';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refreshCookie';
import { toSettings, toUserInfo } from './userViews';

const NO_STORE = 'no-store';

function tooManyAttempts(verdict: Extract<ThrottleVerdict, { allowed: false }>): ApiError {
  return new ApiError(
    429,
    'too_many_attempts',
    `Too many failed login attempts. Try again in ${verdict.retryAfterSeconds} seconds.`,
    { 'Retry-After': String(verdict.retryAfterSeconds) },
  );
}

/**
 * A throttle that cannot answer (Redis or the database unreachable) refuses the login rather than
 * letting guesses through unmetered: 503, logged (docs/decisions.md, shared limits).
 */
async function throttleVerdict(request: FastifyRequest, verdict: Promise<ThrottleVerdict>): Promise<ThrottleVerdict> {
  try {
    return await verdict;
  } catch (error) {
    request.log.error({ err: error }, 'login throttle unavailable: login refused');
    throw new ApiError(503, 'login_unavailable', 'Logging in is not possible for a moment. Try again shortly.', {
      'Retry-After': '10',
    });
  }
}

function refused(reply: FastifyReply, code: string, message: string): ApiError {
  reply.header('Cache-Control', NO_STORE);
  return new ApiError(401, code, message);
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, clock, accessTokens, loginThrottle, deviceCookies } = app.services;
  const now = () => toSeconds(clock());

  app.post('/login', async (request, reply): Promise<z.input<typeof loginResponseSchema>> => {
    const body = parseInput(loginRequestSchema, request.body);
    const username = normalizeUsername(body.username);
    // A browser that logged in to this account before is a known device (its own few tries).
    const device = readDevice(request, deviceCookies, username);
    const before = await throttleVerdict(request, loginThrottle.check(request.ip, username, device));
    if (!before.allowed) throw tooManyAttempts(before);

    const user = await findUserByUsername(db, username);
    const passwordOk = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !passwordOk || user.disabled) {
      const after = await throttleVerdict(request, loginThrottle.recordFailure(request.ip, username, device));
      if (!after.allowed) throw tooManyAttempts(after);
      throw new ApiError(401, 'invalid_credentials', 'Incorrect username or password.');
    }
    if ((await listActivePlans(db, user.id, now())).length === 0) {
      throw new ApiError(403, 'no_active_subscription', 'An active subscription is required.');
    }

    const refresh = await issueRefreshToken(db, user.id, now(), config.refreshTokenTtl);
    setRefreshCookie(request, reply, refresh.token, config.refreshTokenTtl);
    setDeviceCookie(request, reply, deviceCookies.issue(username));
    reply.header('Cache-Control', NO_STORE);
    return {
      success: true,
      accessToken: await accessTokens.sign(user.id, refresh.familyId),
      settings: toSettings(user),
      userInfo: toUserInfo(user),
    };
  });

  app.get('/refresh-token', async (request, reply): Promise<z.input<typeof refreshTokenResponseSchema>> => {
    const token = readRefreshCookie(request);
    if (!token) throw refused(reply, 'invalid_refresh_token', 'No refresh token.');
    const rotation = await rotateRefreshToken(db, token, now(), config.refreshTokenTtl);
    if (!rotation.ok) {
      clearRefreshCookie(request, reply);
      throw refused(reply, 'invalid_refresh_token', 'Your session has expired.');
    }
    const user = await findUserById(db, rotation.userId);
    const active = user && !user.disabled ? await listActivePlans(db, user.id, now()) : [];
    if (!user || user.disabled || active.length === 0) {
      await revokeRefreshFamily(db, rotation.familyId, now());
      clearRefreshCookie(request, reply);
      throw refused(reply, 'invalid_refresh_token', 'Your session has expired.');
    }
    setRefreshCookie(request, reply, rotation.token, config.refreshTokenTtl);
    reply.header('Cache-Control', NO_STORE);
    return { accessToken: await accessTokens.sign(user.id, rotation.familyId) };
  });

  // GET, as SPEC §7 lists it. It ends the session of the refresh cookie and that of the bearer token
  // (the app sends both; a client that lost its cookie still ends its token's session), and answers
  // success only when it ended one: a logout that ends nothing is a 401.
  app.get('/logout', async (request, reply) => {
    const cookie = readRefreshCookie(request);
    let ended = cookie ? await revokeRefreshTokenFamily(db, cookie, now()) : false;
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      const check = await accessTokens.verify(bearer);
      if (check.ok && check.familyId !== null) ended = (await revokeRefreshFamily(db, check.familyId, now())) > 0 || ended;
    }
    clearRefreshCookie(request, reply);
    // What the owner's session left in the browser's HTTP cache goes with it (models, lists, comparisons).
    reply.header('Cache-Control', NO_STORE).header('Clear-Site-Data', '"cache"');
    if (!ended) throw new ApiError(401, 'no_session', 'No session to end: neither the refresh cookie nor the access token belongs to a live session.');
    return { success: true };
  });

  app.get(
    '/secure-token',
    { onRequest: app.authenticate },
    async (request, reply): Promise<z.input<typeof secureTokenResponseSchema>> => {
      const user = requireUser(request);
      reply.header('Cache-Control', NO_STORE);
      return { success: true, secureToken: await issueSecureToken(db, user.id, user.familyId, now(), config.secureTokenTtl) };
    },
  );
};
