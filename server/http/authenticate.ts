/** Bearer-token authentication shared by every route plugin. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRefreshFamilyActive } from '../db/tokens';
import { findUserById } from '../db/users';
import { ApiError } from './errors';
import type { AuthUser } from './services';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };

function unauthorized(code: string, message: string): ApiError {
  return new ApiError(401, code, message, CHALLENGE);
}

/** The token of an `Authorization: Bearer` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function installAuthentication(app: FastifyInstance): void {
  app.decorateRequest('user', null);

  const resolve = async (request: FastifyRequest, reply: FastifyReply | undefined, required: boolean): Promise<void> => {
    try {
      await check(request, required);
    } catch (error) {
      // Close rather than drain: a refused request's body is never read (nor buffered).
      if (reply && carriesBody(request)) reply.header('Connection', 'close');
      throw error;
    }
  };

  const check = async (request: FastifyRequest, required: boolean): Promise<void> => {
    const token = bearerToken(request);
    if (token === undefined) {
      if (required) throw unauthorized('unauthorized', 'Authentication required.');
      return;
    }
    const check = await app.services.accessTokens.verify(token);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? unauthorized('token_expired', 'Your session has expired.')
        : unauthorized('invalid_token', 'Invalid access token.');
    }
    const user = await findUserById(app.services.db, check.userId);
    if (!user || user.disabled) throw unauthorized('unauthorized', 'Authentication required.');
    // The session behind the token ended (logout, password change, disabled user): so does the token.
    if (check.familyId !== null && !(await isRefreshFamilyActive(app.services.db, check.familyId))) {
      throw unauthorized('token_expired', 'Your session has expired.');
    }
    request.user = { id: user.id, username: user.username, fullName: user.fullName, avatarUrl: user.avatarUrl, familyId: check.familyId };
  };

  app.decorate('authenticate', (request: FastifyRequest, reply?: FastifyReply) => resolve(request, reply, true));
  app.decorate('identify', (request: FastifyRequest, reply?: FastifyReply) => resolve(request, reply, false));
}

/** The caller of a route guarded by `authenticate`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('unauthorized', 'Authentication required.');
  return request.user;
}
