/**
 * The two upload sockets (SPEC §7, docs/api.md), prefix /api/v1/projects:
 *   GET /create    (WebSocket) one binary message -> status... -> result | error, then close
 *   GET /setModel  (WebSocket) the same, with confirmConsumeCredit <-> {type, result} when the
 *                  update is past the project's free allowance
 * Every path ends with exactly one `result` or `error` message followed by a normal closure; a
 * client that leaves stops the work and nothing is written.
 *
 * The socket's URL carries the same secure token as its message (`?token=`), used up before the
 * upgrade: a socket opened without a live token is answered the bad-token error at once and never
 * read from, so an unauthenticated client cannot make the server hold its file. A token opens one
 * socket, ever: one that closes without sending leaves nothing to replay. The request log shows
 * the URL with the token redacted (logRedaction.ts).
 */
import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { projectSchema, ServerSocketMessageWire } from '../../src/api/schemas';
import { consumeSecureToken, type SecureTokenGrant } from '../auth/secureTokens';
import type { Converter } from '../convert/converter';
import type { ConversionQueue } from '../domain/conversionJobs';
import { ConversionError } from '../convert/errors';
import { toSeconds } from '../domain/clock';
import { ClientGoneError, createUploadChannel } from './uploadChannel';
import { runCreate } from './uploadCreate';
import { UPLOAD_MESSAGES, UploadRefusal } from '../domain/uploadErrors';
import { runSetModel, type UpdateLocks } from './uploadSetModel';
import type { UploadContext, UploadTimeouts } from './uploadSteps';

/**
 * The whole upload message may take 30 minutes (a large file on a slow line), but not a byte may
 * lack for 2 minutes meanwhile: a socket opened and left quiet, or a file that stopped arriving,
 * is answered `uploadIdle` and closed. The credit question waits 5 minutes for its answer.
 */
export const DEFAULT_UPLOAD_TIMEOUTS: UploadTimeouts = { messageMs: 30 * 60 * 1000, idleMs: 2 * 60 * 1000, confirmMs: 5 * 60 * 1000 };

/** Room for the NUL-terminated text parts ahead of the file (four parts of at most 4 KB). */
const UPLOAD_HEADER_BYTES = 4 * 4097;

/** Options of @fastify/websocket: a message larger than the file limit plus its text parts is refused. */
export function websocketOptions(maxUploadBytes: number): WebsocketPluginOptions {
  return {
    options: { maxPayload: maxUploadBytes + UPLOAD_HEADER_BYTES },
    // Socket-level failures (an oversized message closes with 1009, a dropped connection): nothing to answer.
    errorHandler(error, socket, request) {
      request.log.info({ err: error }, 'upload socket failed');
      if (socket.readyState === socket.OPEN) socket.terminate();
    },
  };
}

/** Counts the sockets being served, so that a shutdown or a test can wait for them to settle. */
interface UploadTracker {
  readonly active: number;
  /** Resolves once no upload socket is being served. */
  idle(): Promise<void>;
}

export function createUploadTracker(): UploadTracker & { begin(): void; end(): void } {
  let active = 0;
  let waiters: Array<() => void> = [];
  return {
    get active() {
      return active;
    },
    begin() {
      active += 1;
    },
    end() {
      active -= 1;
      if (active === 0) {
        const settled = waiters;
        waiters = [];
        for (const resolve of settled) resolve();
      }
    },
    idle() {
      return active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

interface UploadSocketOptions {
  converter: Converter | undefined;
  /** Conversions as jobs of the PostgreSQL queue (then `converter` is not used by the sockets). */
  queue?: ConversionQueue;
  tracker: ReturnType<typeof createUploadTracker>;
  timeouts?: Partial<UploadTimeouts>;
}

type Flow = (context: UploadContext) => Promise<z.input<typeof projectSchema>>;

function errorMessage(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof UploadRefusal || error instanceof ConversionError) return error.message;
  if (error instanceof ClientGoneError) return UPLOAD_MESSAGES.internal;
  log.error({ err: error }, 'upload failed');
  return UPLOAD_MESSAGES.internal;
}

/** How long a refused socket is kept after its error message, for the client to read it. */
const REFUSED_SOCKET_LINGER_MS = 1000;

/** Answers the bad-token error without reading anything the client sends, then drops the connection. */
function refuse(socket: WebSocket): void {
  socket.pause();
  socket.send(JSON.stringify({ type: 'error', message: UPLOAD_MESSAGES.badToken } satisfies ServerSocketMessageWire));
  socket.close(1000);
  setTimeout(() => socket.terminate(), REFUSED_SOCKET_LINGER_MS).unref();
}

interface OpenedUpload {
  token: string;
  grant: SecureTokenGrant;
}

export const uploadSocketRoutes: FastifyPluginAsync<UploadSocketOptions> = async (app, options) => {
  const { services } = app;
  const timeouts = { ...DEFAULT_UPLOAD_TIMEOUTS, ...options.timeouts };
  const locks: UpdateLocks = new Set();
  const opened = new WeakMap<FastifyRequest, OpenedUpload>();

  // Before the upgrade: nothing of the socket has been read yet. The token is used up here, by
  // this socket, whatever happens next.
  const checkToken = async (request: FastifyRequest) => {
    const token = (request.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return;
    const grant = await consumeSecureToken(services.db, token, toSeconds(services.clock()));
    if (grant) opened.set(request, { token, grant });
  };

  const serve = (flow: Flow) => async (socket: WebSocket, request: FastifyRequest) => {
    const upload = opened.get(request);
    if (!upload) return refuse(socket);
    const channel = createUploadChannel(socket, request.raw.socket);
    const context: UploadContext = {
      channel,
      services,
      converter: options.converter,
      queue: options.queue,
      openedWithToken: upload.token,
      grant: upload.grant,
      timeouts,
      keepApproval: (request.query as { approval?: unknown } | undefined)?.approval === 'keep',
      log: request.log,
    };
    options.tracker.begin();
    try {
      const project = await flow(context);
      channel.send({ type: 'result', project });
    } catch (error) {
      const message = errorMessage(error, request.log);
      if (channel.isOpen) channel.send({ type: 'error', message });
      else request.log.info('upload abandoned by the client; nothing was written');
    } finally {
      channel.close();
      options.tracker.end();
    }
  };

  const routeOptions = { websocket: true, preValidation: checkToken } as const;
  app.get('/create', routeOptions, serve(runCreate));
  app.get('/setModel', routeOptions, serve((context) => runSetModel(context, locks)));
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The upload sockets being served (see createUploadTracker). */
    uploadSockets: UploadTracker;
  }
}
