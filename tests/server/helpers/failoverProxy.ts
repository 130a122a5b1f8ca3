/**
 * A load balancer in a few lines, for the rolling-restart test: each HTTP request and each
 * WebSocket upgrade goes to the backends in turn, and to the next one when a backend refuses the
 * connection, or, for a GET or HEAD, drops it before answering (what nginx's
 * `proxy_next_upstream error` does: a stopping backend may still have taken a connection into its
 * accept queue when it stops listening, and the kernel resets it); one connection per request, so
 * a stopping backend's open connections never carry a new request. It counts what it had to pass on.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FailoverProxy {
  origin: string;
  /** Connections a backend refused (or, for a GET or HEAD, dropped unanswered), passed on to the next one. */
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

  const server = http.createServer((request, response) => {
    const idempotent = request.method === 'GET' || request.method === 'HEAD';
    const attempt = async (tries: number) => {
      let socket: net.Socket;
      try {
        socket = await anyBackend();
      } catch {
        response.writeHead(502).end();
        return;
      }
      let answered = false;
      const upstream = http.request(
        { method: request.method, path: request.url, headers: { ...request.headers, connection: 'close' }, createConnection: () => socket },
        (answer) => {
          answered = true;
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (!answered && idempotent && tries < backends.length) {
          refused += 1;
          void attempt(tries + 1);
        } else response.destroy();
      });
      if (idempotent) upstream.end();
      else request.pipe(upstream);
    };
    void attempt(1);
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
