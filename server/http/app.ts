/**
 * The HTTP application factory. Tests build it with a temporary database and listen on port 0;
 * main.ts builds it with the real configuration.
 */
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyCookie from '@fastify/cookie';
import { constants as zlibConstants } from 'node:zlib';
import fastifyWebsocket from '@fastify/websocket';
import { sql } from 'kysely';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { API_BASE } from '../config';
import { createAccessTokens } from '../auth/accessTokens';
import { createDeviceCookies } from '../auth/deviceCookies';
import { createRevisionFileUrls } from '../auth/revisionFileUrls';
import { createLoginThrottle } from '../auth/loginThrottle';
import { consumeSecureToken } from '../auth/secureTokens';
import type { Converter } from '../convert/converter';
import type { Db } from '../db/database';
import { systemClock, toSeconds, type Clock } from '../domain/clock';
import type { ConversionQueue } from '../domain/conversionJobs';
import { chooseLimitStore, openRedis } from '../limits/limitStore';
import type { BlobStore } from '../storage/blobStore';
import { authRoutes } from './auth';
import { capConnections, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './connectionLimits';
import { installAuthentication } from './authenticate';
import { brandingRoutes } from './branding';
import { installErrorHandling } from './errors';
import { installDrain } from './drain';
import { healthRoutes } from './health';
import { createReviewEventHub } from './reviewEventHub';
import { createReviewMailer } from '../mail/reviewMail';
import { createMetrics, installMetrics } from './metrics';
import { arFileRoutes } from './arFiles';
import { modelFileRoutes } from './modelFiles';
import { projectApi } from './projectApi';
import { projectExportRoutes } from './projectExport';
import { runtimeConfigRoute } from './runtimeConfig';
import type { Services } from './services';
import { workshopSettingsRoutes } from './workshopSettings';
import { settingsRoutes } from './settings';
import { HELMET_OPTIONS } from './securityHeaders';
import { withRedactedUrls } from './logRedaction';
import { installSpa } from './spa';
import { subscriptionPlanRoutes } from './subscriptionPlans';
import { createMemoryPresenceBus, createPostgresPresenceBus } from './presenceHub';
import { createPresenceRooms } from './presenceRooms';
import { presenceSocketRoutes } from './presenceSockets';
import { createUploadTracker, uploadSocketRoutes, websocketOptions } from './uploadSockets';
import type { UploadTimeouts } from './uploadSteps';

export interface AppDeps {
  config: Config;
  db: Db;
  blobs: BlobStore;
  /** Key that signs access tokens (see auth/tokenSecret.ts). */
  tokenSecret: Uint8Array;
  clock?: Clock;
  /** The conversion pool of the upload sockets (created and closed by main.ts); without it they answer an error. */
  converter?: Converter;
  /**
   * The conversion queue the upload sockets send jobs to, closed by whoever opened it. Without it,
   * a config with the queue on (PostgreSQL) opens the process's own with `openConversionQueue`,
   * closed with the app.
   */
  conversionQueue?: ConversionQueue;
  /** How to open a queue (server/jobs' pg-boss queue, passed by main.ts: http never imports jobs). */
  openConversionQueue?: OpenConversionQueue;
  /** Overrides of the upload sockets' waits (tests). */
  uploadTimeouts?: Partial<UploadTimeouts>;
  /** Fastify logger options; off by default (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides of the connection timeouts (tests). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /**
   * An open Redis client for the limits shared between API processes, closed by whoever opened it
   * (tests, with a key prefix of their own). Without it, REDIS_URL opens the process's one client,
   * closed with the app.
   */
  redis?: Redis;
}

export type OpenConversionQueue = (
  options: { url: string; appSchema: string | undefined; convertTimeoutSeconds: number },
  log: FastifyBaseLogger,
) => Promise<ConversionQueue>;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...deps.httpTimeouts };
  const app = Fastify({
    // The request log never shows an upload socket's token (logRedaction.ts).
    logger: withRedactedUrls(deps.logger ?? false),
    // A hop count trusts that many proxies in front of us (what proxy-addr does for a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
  });
  capConnections(app.server, { total: config.maxConnections, perAddress: config.maxConnectionsPerIp });

  let redis = deps.redis;
  if (!redis && config.redisUrl) {
    const own = await openRedis(config.redisUrl, { log: app.log });
    app.addHook('onClose', async () => {
      await own.quit().catch(() => own.disconnect());
    });
    redis = own;
  }
  const limitStore = chooseLimitStore(config, db, redis);
  const metrics = createMetrics();
  // Live review events (reviewEvents.ts): through PostgreSQL between processes, else in memory.
  // The app's PostgreSQL schema, read once: the review events' channel and the queue's schema follow it.
  const postgres =
    config.database.kind === 'postgres' ? { url: config.database.url, schema: (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema } : undefined;
  const reviewEvents = await createReviewEventHub({ db, postgres, log: app.log });
  // Presence beside them (presenceSockets.ts), on the same database's NOTIFY between processes.
  const presenceBus = postgres ? await createPostgresPresenceBus({ db, ...postgres, log: app.log }) : createMemoryPresenceBus();
  const presence = createPresenceRooms(presenceBus);
  const mail = config.smtpUrl
    ? createReviewMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, origin: config.publicUrl ?? `http://localhost:${config.port}`, batchSeconds: config.mailBatchSeconds, db, log: app.log })
    : undefined;
  if (mail) app.addHook('onClose', () => mail.close());
  app.log.info({ store: limitStore.kind }, 'login throttle and shared-link rate limit counted in %s', limitStore.kind);

  const services: Services = {
    config,
    db,
    blobs: deps.blobs,
    clock,
    accessTokens: createAccessTokens(deps.tokenSecret, config.accessTokenTtl, clock),
    loginThrottle: createLoginThrottle(config.login, clock, limitStore),
    deviceCookies: createDeviceCookies(deps.tokenSecret, clock),
    revisionFileUrls: createRevisionFileUrls(deps.tokenSecret, clock),
    limitStore,
    metrics,
    reviewEvents,
    mail,
    makeArFiles: deps.converter?.arFiles ? (glb, node) => deps.converter!.arFiles!(glb, node) : undefined,
    consumeSecureToken: async (token) => (await consumeSecureToken(db, token, toSeconds(clock())))?.userId,
  };
  app.decorate('services', services);

  installErrorHandling(app);
  // Answers made per request (JSON, pages) are compressed when over 1 KB, with a fast brotli level;
  // files made once (the app's assets, models) carry their own precompressed copies and skip this.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  installAuthentication(app);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, websocketOptions(config.maxUploadBytes));
  const uploadTracker = createUploadTracker();
  let queue = deps.conversionQueue;
  if (!queue && config.convertQueue && postgres) {
    if (!deps.openConversionQueue) throw new Error('The conversion queue is on, but the app was given no queue and no way to open one');
    const own = await deps.openConversionQueue(
      { url: postgres.url, appSchema: postgres.schema, convertTimeoutSeconds: config.convertTimeoutSeconds },
      app.log,
    );
    // After the sockets are done (onClose hooks run once the server stopped taking requests).
    app.addHook('onClose', () => own.close());
    queue = own;
  }
  app.decorate('uploadSockets', uploadTracker);
  const openStreams = new Set<() => void>();
  app.decorate('openStreams', openStreams);
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  app.addHook('onClose', () => reviewEvents.close());
  app.decorate('presence', presence);
  app.addHook('onClose', async () => {
    await presence.close();
    await presenceBus.close();
  });
  installMetrics(app, { metrics, token: config.metricsToken, uploads: uploadTracker, queue });

  // The headers a hardened app sends (helmet), with a policy the built app passes: scripts only
  // from this origin (and WebAssembly, for the model decoder), nothing framed but a shared link's
  // page (see securityHeaders.ts), no plugins.
  await app.register(fastifyHelmet, HELMET_OPTIONS);

  await app.register(authRoutes, { prefix: `${API_BASE}/auth` });
  await app.register(projectApi, { prefix: `${API_BASE}/projects` });
  await app.register(uploadSocketRoutes, {
    prefix: `${API_BASE}/projects`,
    converter: deps.converter,
    queue,
    tracker: uploadTracker,
    timeouts: deps.uploadTimeouts,
  });
  await app.register(presenceSocketRoutes, { prefix: `${API_BASE}/projects` });
  await app.register(projectExportRoutes, { prefix: `${API_BASE}/projects` });
  await app.register(brandingRoutes, { prefix: `${API_BASE}/branding` });
  await app.register(settingsRoutes, { prefix: `${API_BASE}/settings` });
  await app.register(workshopSettingsRoutes, { prefix: `${API_BASE}/settings/workshop` });
  await app.register(subscriptionPlanRoutes, { prefix: `${API_BASE}/subscriptionPlans` });
  await app.register(modelFileRoutes, { prefix: `${API_BASE}/models` });
  // The current revision's AR files under its model capability, for the owner's phone (arFiles.ts).
  await app.register(arFileRoutes, { prefix: `${API_BASE}/models/:token`, via: 'model' });
  await app.register(runtimeConfigRoute);
  const drain = installDrain(app);
  app.decorate('drain', drain);
  await healthRoutes(app, { db, blobs: deps.blobs, redis, queue, isDraining: () => drain.draining });
  await installSpa(app, config.staticDir);
  return app;
}
