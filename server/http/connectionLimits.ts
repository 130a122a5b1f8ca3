/**
 * What one client may hold of the server before it has proven anything: a few connections per
 * address, none of them idle for long, and requests that arrive whole within a minute; and what
 * all clients together may hold: `MAX_CONNECTIONS` open connections, past which a new one is
 * answered 503 `server_busy` and closed. An upgraded upload socket leaves the timers (the `ws`
 * library clears its idle timeout) and has its own (uploadSockets.ts), but counts as a connection.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpTimeouts {
  /** A connection with no traffic for this long is closed (Node's socket timeout). */
  idleMs: number;
  /** A request's headers and body must have arrived within this. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { idleMs: 60_000, requestMs: 60_000, keepAliveMs: 10_000 };

const SERVER_BUSY_MESSAGE = 'The server has too many open connections. Try again in a few seconds.';

/** The whole answer a connection past the global cap gets, before anything of it is read. */
const BUSY_BODY = JSON.stringify({ error: 'server_busy', message: SERVER_BUSY_MESSAGE });
const BUSY_ANSWER =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(BUSY_BODY)}\r\nRetry-After: 5\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${BUSY_BODY}`;

/** How long a refused connection may take to read the 503 before it is dropped. */
const BUSY_LINGER_MS = 2000;

interface ConnectionCaps {
  /** Open connections in all; 0: no cap. */
  total: number;
  /** Open connections from one address; 0: no cap. */
  perAddress: number;
}

/**
 * A connection past `perAddress` open ones from its address is closed at once (nothing is spent
 * on a client holding that many); one past `total` open ones in all is answered 503 `server_busy`
 * with `Retry-After` and closed, so that a real user sees why.
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  if (caps.total <= 0 && caps.perAddress <= 0) return;
  const byAddress = new Map<string, number>();
  let total = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = (byAddress.get(address) ?? 0) + 1;
    if (caps.perAddress > 0 && fromAddress > caps.perAddress) {
      socket.destroy();
      return;
    }
    if (caps.total > 0 && total + 1 > caps.total) {
      socket.on('error', () => {});
      socket.end(BUSY_ANSWER);
      setTimeout(() => socket.destroy(), BUSY_LINGER_MS).unref();
      return;
    }
    total += 1;
    byAddress.set(address, fromAddress);
    socket.once('close', () => {
      total -= 1;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
  });
}
