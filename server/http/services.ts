/** What route plugins need, built once by the app factory and hung on the Fastify instance. */
import type { ArFiles } from '../convert/revisionAssets';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Clock } from '../domain/clock';
import type { BlobStore } from '../storage/blobStore';
import type { AccessTokens } from '../auth/accessTokens';
import type { DeviceCookies } from '../auth/deviceCookies';
import type { RevisionFileUrls } from '../auth/revisionFileUrls';
import type { LoginThrottle } from '../auth/loginThrottle';
import type { LimitStore } from '../limits/limitStore';
import type { Metrics } from './metrics';
import type { ReviewEventHub } from './reviewEventHub';
import type { ReviewMailer } from '../mail/reviewMail';

export interface Services {
  config: Config;
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  accessTokens: AccessTokens;
  loginThrottle: LoginThrottle;
  /** Login device cookies: a browser's earlier successful login of an account (login throttle). */
  deviceCookies: DeviceCookies;
  /** Signed URLs of older revisions' files, for the owner's session (auth/revisionFileUrls.ts). */
  revisionFileUrls: RevisionFileUrls;
  /** Where limits shared between API processes are counted (Redis, PostgreSQL, or this process's memory). */
  limitStore: LimitStore;
  /** What this process counts for Prometheus (metrics.ts). */
  metrics: Metrics;
  /** Live review events to the owner's pages and the links (reviewEvents.ts). */
  reviewEvents: ReviewEventHub;
  /** The owner's review mails, when `SMTP_URL` is set (mail/reviewMail.ts). */
  mail: ReviewMailer | undefined;
  /** The user a secure token was issued to while its session lives, or undefined; each token works once (for the upload sockets). */
  consumeSecureToken(token: string): Promise<number | undefined>;
  /** Makes the AR files of an older revision in a conversion thread; absent: on this thread. */
  makeArFiles?: (glb: Uint8Array, node?: number) => Promise<ArFiles | null>;
}

/** The logged-in caller of a request that passed `authenticate`. */
export interface AuthUser {
  id: number;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  /** The session (refresh-token family) of the access token; null when it names none. */
  familyId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /**
     * A hook (best as onRequest, before any body is read): requires a valid bearer access token of
     * an enabled user and sets `request.user`; a refused request that carries a body is answered
     * with `Connection: close`, so its body is never read.
     */
    authenticate: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
    /** Same as `authenticate`, but lets anonymous requests through (`request.user` stays null). */
    identify: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
