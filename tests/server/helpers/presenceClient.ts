/** A headless presence socket for the server tests and the bench: sends messages, waits for the ones it expects. */
import WebSocket from 'ws';
import { presenceServerMessageSchema, type PresenceClientMessage, type PresenceServerMessage } from '../../../src/api/presence';

export interface PresenceClient {
  readonly messages: PresenceServerMessage[];
  send(message: PresenceClientMessage | string): void;
  /** The first message after the last one `next` returned that `match` accepts, waiting up to `timeoutMs`. */
  next<T extends PresenceServerMessage>(match: (message: PresenceServerMessage) => message is T, timeoutMs?: number): Promise<T>;
  next(match: (message: PresenceServerMessage) => boolean, timeoutMs?: number): Promise<PresenceServerMessage>;
  /** Resolves with the closing code once the socket closed. */
  closed: Promise<number>;
  close(): void;
  socket: WebSocket;
}

export function presenceUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/api/v1/projects/${path}`;
}

export function openPresence(url: string, onMessage?: (message: PresenceServerMessage, receivedAt: number) => void): Promise<PresenceClient> {
  const socket = new WebSocket(url);
  const messages: PresenceServerMessage[] = [];
  let waiters: Array<{ match: (m: PresenceServerMessage) => boolean; resolve(m: PresenceServerMessage): void }> = [];
  let consumed = 0;
  socket.on('message', (data) => {
    const at = performance.now();
    const parsed = presenceServerMessageSchema.parse(JSON.parse(String(data)));
    messages.push(parsed);
    onMessage?.(parsed, at);
    waiters = waiters.filter((waiter) => {
      if (!waiter.match(parsed)) return true;
      waiter.resolve(parsed);
      return false;
    });
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const client: PresenceClient = {
    messages,
    socket,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: ((match: (m: PresenceServerMessage) => boolean, timeoutMs = 5000) => {
      const index = messages.findIndex((message, i) => i >= consumed && match(message));
      if (index >= 0) {
        consumed = index + 1;
        return Promise.resolve(messages[index]);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching presence message in ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-5))}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (message) => {
            clearTimeout(timer);
            consumed = messages.length;
            resolve(message);
          },
        });
      });
    }) as PresenceClient['next'],
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

export const isPresence = (message: PresenceServerMessage): message is Extract<PresenceServerMessage, { type: 'presence' }> => message.type === 'presence';
