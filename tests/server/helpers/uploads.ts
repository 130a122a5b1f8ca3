/**
 * Upload socket helpers: a real server with a real conversion pool, and uploads made with the
 * product's own socket client (src/api/uploadSocket.ts) over a real WebSocket (the `ws` package).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { WebSocket as NodeWebSocket } from 'ws';
import { secureTokenResponseSchema, type ServerSocketMessage } from '../../../src/api/schemas';
import { openUploadSocket, socketUrl, type UploadRequest, type UploadSocket } from '../../../src/api/uploadSocket';
import { API_BASE } from '../../../server/config';
import { createConverter, type Converter } from '../../../server/convert/converter';
import { listPlans, type Plan } from '../../../server/db/plans';
import { call } from './http';
import { startTestServer, type TestServer, type TestServerOptions } from './testServer';

export const WebSocketImpl = NodeWebSocket as unknown as typeof WebSocket;

export interface UploadServer extends TestServer {
  /** How each conversion the server started ended: 'converted' or the ConversionError code. */
  conversions: Promise<string>[];
  /** The GLB sizes of the AR files the server asked the pool for (older revisions'). */
  arFileRuns: number[];
}

export interface UploadServerOptions extends TestServerOptions {
  /** false: the app gets no converter at all. */
  withConverter?: boolean;
}

/** A test server whose upload sockets convert with a real two-thread pool, watched by the test. */
export async function startUploadServer(options: UploadServerOptions = {}): Promise<UploadServer> {
  const pool = options.withConverter === false ? undefined : createConverter({ threads: 2 });
  const conversions: Promise<string>[] = [];
  const arFileRuns: number[] = [];
  const converter: Converter | undefined = pool && {
    convert(request) {
      const pending = pool.convert(request);
      conversions.push(pending.then(() => 'converted', (error: { code?: string }) => error.code ?? 'unknown'));
      return pending;
    },
    arFiles(glb, node) {
      arFileRuns.push(glb.byteLength);
      return pool.arFiles!(glb, node);
    },
    close: () => pool.close(),
  };
  const server = await startTestServer({ ...options, appDeps: { converter, ...options.appDeps } });
  return {
    ...server,
    conversions,
    arFileRuns,
    async close() {
      await server.app.uploadSockets.idle();
      // A keep-alive connection whose last response the client read before the server saw it finish
      // is not idle yet when close() looks; every request is over here, so close them all.
      server.app.server.closeAllConnections();
      await server.close();
      await pool?.close();
    },
  };
}

export async function secureToken(server: TestServer, accessToken: string): Promise<string> {
  const response = await call(server.baseUrl, `${API_BASE}/auth/secure-token`, { token: accessToken });
  return secureTokenResponseSchema.parse(response.json).secureToken;
}

export interface UploadOutcome {
  messages: ServerSocketMessage[];
  /** A socket failure reported by the client (one of SOCKET_ERRORS), when there was one. */
  failure?: string;
  /** The upload progress values the client reported. */
  sent: number[];
}

export interface UploadOptions {
  /** Answer to confirmConsumeCredit; undefined: do not answer. */
  confirm?: boolean;
  /** Called with each server message (after it is recorded) and the socket; closing it ends the upload. */
  onMessage?(message: ServerSocketMessage, socket: UploadSocket): void;
}

/** Runs one upload to its end: a result or error message, or a socket failure. */
export function upload(server: TestServer, request: UploadRequest, options: UploadOptions = {}): Promise<UploadOutcome> {
  const path = request.kind === 'create' ? 'projects/create' : 'projects/setModel';
  const url = socketUrl(API_BASE, path, server.baseUrl);
  return new Promise((resolve) => {
    const outcome: UploadOutcome = { messages: [], sent: [] };
    const socket: UploadSocket = openUploadSocket(
      url,
      request,
      {
        onUploadProgress: (fraction) => outcome.sent.push(fraction),
        onMessage(message) {
          outcome.messages.push(message);
          if (message.type === 'confirmConsumeCredit' && options.confirm !== undefined) socket.confirmCredit(options.confirm);
          options.onMessage?.(message, {
            confirmCredit: (result) => socket.confirmCredit(result),
            close() {
              socket.close();
              resolve(outcome);
            },
          });
          if (message.type === 'result' || message.type === 'error') resolve(outcome);
        },
        onFailure(message) {
          outcome.failure = message;
          resolve(outcome);
        },
      },
      WebSocketImpl,
    );
  });
}

export function lastMessage(outcome: UploadOutcome): ServerSocketMessage | undefined {
  return outcome.messages.at(-1);
}

/** The message types in order, statuses collapsed into one 'status' entry per run. */
export function messageShape(outcome: UploadOutcome): string[] {
  const shape: string[] = [];
  for (const message of outcome.messages) {
    const label = message.type === 'error' ? `error:${message.message}` : message.type;
    if (label !== 'status' || shape.at(-1) !== 'status') shape.push(label);
  }
  return shape;
}

/** The messages after the status stream (whose last reports may be dropped when a conversion fails fast). */
export function endShape(outcome: UploadOutcome): string[] {
  return messageShape(outcome).filter((label) => label !== 'status');
}

export async function planOf(server: TestServer, userId: number): Promise<Plan> {
  const [plan] = await listPlans(server.database.db, userId);
  return plan;
}

export async function projectCount(server: TestServer, ownerId?: number): Promise<number> {
  let query = server.database.db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n'));
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every file under DATA_DIR/blobs/projects, relative to it. */
export async function projectBlobFiles(server: TestServer): Promise<string[]> {
  const root = path.join(server.dir, 'blobs', 'projects');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}
