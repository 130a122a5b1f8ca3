/** Short-lived signed access tokens (JWT, HS256), sent as `Authorization: Bearer`. */
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../domain/clock';
import { toSeconds } from '../domain/clock';

const ISSUER = 'cabinet-viewer';
const AUDIENCE = 'cabinet-viewer/api';

/** `familyId`: the session (refresh-token family) the token was issued for, when it names one. */
export type AccessCheck = { ok: true; userId: number; familyId: string | null } | { ok: false; reason: 'expired' | 'invalid' };

export interface AccessTokens {
  /** With a session's family, the token ends as soon as that session does (logout, password change). */
  sign(userId: number, familyId?: string): Promise<string>;
  verify(token: string): Promise<AccessCheck>;
}

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number, clock: Clock): AccessTokens {
  return {
    async sign(userId, familyId) {
      const now = toSeconds(clock());
      return new SignJWT(familyId ? { fam: familyId } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(clock()),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) return { ok: false, reason: 'invalid' };
        const familyId = typeof payload.fam === 'string' ? payload.fam : null;
        return { ok: true, userId, familyId };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
