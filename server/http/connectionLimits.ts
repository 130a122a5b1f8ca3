/**
 * What one client may hold of the server before it has proven anything: a few connections per
 * address, none of them idle for long, and requests that arrive whole within a minute. An upgraded
 * upload socket leaves these timers (the `ws` library clears its idle timeout) and has its own.
 */
import type { Server } from 'node:http';

export interface HttpTimeouts {
  /** A connection with no traffic for this long is closed (Node's socket timeout). */
  idleMs: number;
  /** A request's headers and body must have arrived within this. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { idleMs: 60_000, requestMs: 60_000, keepAliveMs: 10_000 };

/** Closes at once every connection past `max` open ones from the same address; 0: no cap. */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
