/**
 * One upload socket seen as a conversation: typed messages out, awaited messages in, and an
 * AbortSignal that fires when the client goes away (so the conversion it started stops).
 * Listeners are attached at once: a message that arrives before anyone waits is queued.
 */
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

export interface ClientMessage {
  data: Buffer;
  isBinary: boolean;
}

export interface UploadChannel {
  /** Aborted when the socket closes. */
  readonly signal: AbortSignal;
  readonly isOpen: boolean;
  send(message: ServerSocketMessageWire): void;
  /** The next message; rejects with ClientGoneError or, after `timeoutMs`, NoReplyError. */
  next(timeoutMs: number): Promise<ClientMessage>;
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

export function createUploadChannel(socket: WebSocket): UploadChannel {
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
    next(timeoutMs) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (gone.signal.aborted) return Promise.reject(new ClientGoneError());
      return new Promise<ClientMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          reject(new NoReplyError());
        }, timeoutMs);
        waiter = {
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
          reject: (error) => {
            clearTimeout(timer);
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
