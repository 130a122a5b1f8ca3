/**
 * One upload socket seen as a conversation: typed messages out, awaited messages in, and an
 * AbortSignal that fires when the client goes away (so the conversion it started stops).
 * Listeners are attached at once: a message that arrives before anyone waits is queued.
 */
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { ServerSocketMessageWire } from '../../src/api/schemas';

/** The client closed the socket (or the connection dropped). */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the upload socket');
    this.name = 'ClientGoneError';
  }
}

/** No message came within the time allowed. */
export class NoReplyError extends Error {
  constructor() {
    super('No message from the client in time');
    this.name = 'NoReplyError';
  }
}

/** Not a byte came from the client for the idle time allowed while a message was awaited. */
export class IdleClientError extends Error {
  constructor() {
    super('Nothing from the client for too long');
    this.name = 'IdleClientError';
  }
}

export interface ClientMessage {
  data: Buffer;
  isBinary: boolean;
}

export interface UploadChannel {
  /** Aborted when the socket closes. */
  readonly signal: AbortSignal;
  readonly isOpen: boolean;
  send(message: ServerSocketMessageWire): void;
  /**
   * The next message; rejects with ClientGoneError, after `timeoutMs` with NoReplyError, and, when
   * `idleMs` is given, with IdleClientError once no byte of the connection arrived for that long.
   */
  next(timeoutMs: number, idleMs?: number): Promise<ClientMessage>;
  /** Ends the conversation (a normal closure, after whatever was sent). */
  close(): void;
}

/** Messages beyond this many unread ones are dropped: the protocol never needs more. */
const MAX_QUEUED = 4;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** `connection`: the socket's TCP connection, whose bytes tell whether the client is still sending. */
export function createUploadChannel(socket: WebSocket, connection?: Pick<Duplex, 'on' | 'off'>): UploadChannel {
  const gone = new AbortController();
  const queue: ClientMessage[] = [];
  let waiter: { resolve: (message: ClientMessage) => void; reject: (error: Error) => void } | undefined;

  socket.on('message', (data, isBinary) => {
    const message = { data: toBuffer(data), isBinary };
    if (waiter) {
      const current = waiter;
      waiter = undefined;
      current.resolve(message);
    } else if (queue.length < MAX_QUEUED) {
      queue.push(message);
    }
  });
  socket.on('close', () => {
    gone.abort(new ClientGoneError());
    const current = waiter;
    waiter = undefined;
    current?.reject(new ClientGoneError());
  });

  const isOpen = () => !gone.signal.aborted && socket.readyState === socket.OPEN;

  return {
    signal: gone.signal,
    get isOpen() {
      return isOpen();
    },
    send(message) {
      if (isOpen()) socket.send(JSON.stringify(message));
    },
    next(timeoutMs, idleMs) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (gone.signal.aborted) return Promise.reject(new ClientGoneError());
      return new Promise<ClientMessage>((resolve, reject) => {
        let idle: ReturnType<typeof setTimeout> | undefined;
        const watchIdle = idleMs !== undefined && connection !== undefined;
        const stop = () => {
          clearTimeout(timer);
          clearTimeout(idle);
          if (watchIdle) connection.off('data', rearm);
        };
        const fail = (error: Error) => {
          waiter = undefined;
          stop();
          reject(error);
        };
        const timer = setTimeout(() => fail(new NoReplyError()), timeoutMs);
        function rearm() {
          clearTimeout(idle);
          idle = setTimeout(() => fail(new IdleClientError()), idleMs);
        }
        if (watchIdle) {
          rearm();
          connection.on('data', rearm);
        }
        waiter = {
          resolve: (message) => {
            stop();
            resolve(message);
          },
          reject: (error) => {
            stop();
            reject(error);
          },
        };
      });
    },
    close() {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(1000);
    },
  };
}
