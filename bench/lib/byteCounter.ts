/**
 * A TCP relay in front of a server that counts the bytes it carries each way: what the browser
 * really received (headers, compression and all), whichever target made the request (page or
 * service worker).
 */
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ByteCounter {
  /** The relay's origin: use it instead of the server's. */
  url: string;
  /** Bytes sent to the browser since the last reset. */
  received(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startByteCounter(target: string): Promise<ByteCounter> {
  const { hostname, port } = new URL(target);
  let down = 0;
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      down += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    received: () => down,
    reset: () => {
      down = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
