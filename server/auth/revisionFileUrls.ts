/**
 * URLs of an older revision's files (model and poster). The unsigned `models/{secret}/{revision}`
 * URL answers without authentication only while its revision is the project's current one
 * (docs/api.md); an older revision's files answer only with `?sig=`, a signature the owner's
 * revision list (Bearer) makes for the session that asked: it names the revision's secret and
 * number, an expiry and that session, under an HMAC keyed from the token secret. The file stops
 * answering at the expiry, when the session ends (logout, password change) and when the revision
 * is pruned. A browser loads it as it loads any model or picture, with no header to add.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../domain/clock';
import { toSeconds } from '../domain/clock';

/** How long a signed URL of an older revision answers (a working day's viewer session). */
const REVISION_FILE_URL_TTL_SECONDS = 12 * 3600;

export interface RevisionFileUrls {
  /** The `sig` value for the files of `revision` (its secret `modelToken`), for the session `familyId`. */
  sign(modelToken: string, revision: number, familyId: string | null): string;
  /** The session a `sig` value was made for, when it is this revision's and has not expired; undefined otherwise. */
  verify(modelToken: string, revision: number, sig: unknown): { familyId: string | null } | undefined;
}

const SIG = /^(\d{1,12})\.([A-Za-z0-9_-]{0,64})\.([A-Za-z0-9_-]{43})$/;

export function createRevisionFileUrls(tokenSecret: Uint8Array, clock: Clock): RevisionFileUrls {
  const key = createHmac('sha256', tokenSecret).update('revision file url v1').digest();
  const mac = (modelToken: string, revision: number, expires: string, family: string) =>
    createHmac('sha256', key).update(`${modelToken}/${revision}/${expires}/${family}`).digest('base64url');
  return {
    sign(modelToken, revision, familyId) {
      const expires = String(toSeconds(clock()) + REVISION_FILE_URL_TTL_SECONDS);
      const family = familyId ?? '';
      return `${expires}.${family}.${mac(modelToken, revision, expires, family)}`;
    },
    verify(modelToken, revision, sig) {
      const match = typeof sig === 'string' ? SIG.exec(sig) : null;
      if (!match) return undefined;
      const [, expires, family, given] = match;
      if (Number(expires) <= toSeconds(clock())) return undefined;
      const expected = Buffer.from(mac(modelToken, revision, expires, family));
      if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
      return { familyId: family === '' ? null : family };
    },
  };
}
