/**
 * A load balancer in a few lines, for the rolling-restart test: each HTTP request and each
 * WebSocket upgrade goes to the backends in turn, and to the next one when a backend refuses the
 * connection (what nginx's `proxy_next_upstream error` or a cloud balancer does); one connection
 * per request, so a stopping backend's open connections never carry a new request. It counts what
 * it had to pass on.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FailoverProxy {
  origin: string;
  /** Connections a backend refused, passed on to the next one. */
  readonly refused: number;
  close(): Promise<void>;
}

function connectTo(origin: string): Promise<net.Socket> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

export async function startFailoverProxy(backends: string[]): Promise<FailoverProxy> {
  let next = 0;
  let refused = 0;
  /** A connected socket to the first backend that takes it, starting with the next in turn. */
  const anyBackend = async (): Promise<net.Socket> => {
    const start = next;
    next = (next + 1) % backends.length;
    let lastError: unknown;
    for (let i = 0; i < backends.length; i += 1) {
      try {
        return await connectTo(backends[(start + i) % backends.length]);
      } catch (error) {
        refused += 1;
        lastError = error;
      }
    }
    throw lastError;
  };

  const server = http.createServer(async (request, response) => {
    let socket: net.Socket;
    try {
      socket = await anyBackend();
    } catch {
      response.writeHead(502).end();
      return;
    }
    const upstream = http.request(
      { method: request.method, path: request.url, headers: { ...request.headers, connection: 'close' }, createConnection: () => socket },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('upgrade', async (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    let socket: net.Socket;
    try {
      socket = await anyBackend();
    } catch {
      client.destroy();
      return;
    }
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) socket.write(head);
    socket.pipe(client).pipe(socket);
    socket.on('error', () => client.destroy());
    client.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
