/**
 * What an unauthenticated client can make the server hold: a request or an upload socket with a
 * bad token is refused before its body or message is read (counted by the bytes the server read
 * from the connection), one address holds a few connections at most, and idle ones are closed.
 */
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { encodeUploadMessage } from '../../src/api/uploadMessage';
import { socketUrl, withToken } from '../../src/api/uploadSocket';
import { DEFAULT_UPLOAD_TIMEOUTS } from '../../server/http/uploadSockets';
import { addUser, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { secureToken } from './helpers/uploads';

const MiB = 1024 * 1024;
const BAD_TOKEN = 'Your upload authorization is invalid, expired or already used. Reload the page and try again.';

/** The server side of every connection, by the client's port. */
function watchConnections(server: TestServer): Map<number, net.Socket> {
  const sockets = new Map<number, net.Socket>();
  server.app.server.on('connection', (socket: net.Socket) => sockets.set(socket.remotePort!, socket));
  return sockets;
}

function port(server: TestServer): number {
  return Number(new URL(server.baseUrl).port);
}

/** Sends a request head and `bodyBytes` of body on a raw connection; resolves when it is closed. */
async function rawRequest(server: TestServer, head: string, bodyBytes: number): Promise<{ response: string; localPort: number }> {
  const client = net.connect(port(server), '127.0.0.1');
  client.on('error', () => {}); // The server may close while the body is still being written.
  await once(client, 'connect');
  const localPort = client.localPort!;
  let response = '';
  client.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
  const closed = new Promise((resolve) => client.on('close', resolve));
  const ignore = () => {};
  client.write(head, ignore);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  for (let sent = 0; sent < bodyBytes && client.writable; sent += chunk.length) client.write(chunk, ignore);
  if (client.writable) client.end();
  await closed;
  return { response, localPort };
}

describe('requests with a bad token', () => {
  let server: TestServer;
  let connections: Map<number, net.Socket>;
  beforeAll(async () => {
    server = await startTestServer();
    connections = watchConnections(server);
  });
  afterAll(() => server.close());

  for (const [method, path, type] of [
    ['PATCH', '/api/v1/projects/1', 'application/json'],
    ['PUT', '/api/v1/branding/logo', 'image/png'],
  ] as const) {
    it(`${method} ${path}: 401 without reading the 4 MB body`, async () => {
      const size = 4 * MiB;
      const head = `${method} ${path} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer garbage\r\nContent-Type: ${type}\r\nContent-Length: ${size}\r\n\r\n`;
      const { response, localPort } = await rawRequest(server, head, size);
      expect(response).toMatch(/^HTTP\/1\.1 401 /);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
      expect(connections.get(localPort)!.bytesRead).toBeLessThan(MiB / 2);
    });
  }
});

describe('upload sockets without a live token', () => {
  let server: TestServer;
  let user: TestUser;
  let connections: Map<number, net.Socket>;
  beforeAll(async () => {
    server = await startTestServer();
    user = await addUser(server);
    connections = watchConnections(server);
  });
  afterAll(() => server.close());

  /** Opens the create socket at `url`, sends an 8 MB upload, and resolves with the first answer and what the server had read then. */
  async function attempt(url: string, token: string): Promise<{ message: unknown; serverRead: number }> {
    const socket = new NodeWebSocket(url);
    socket.on('error', () => {});
    // The answer may come with the upgrade itself, before 'open' is seen.
    const answer = once(socket, 'message').then(() => connections.get(localPort)!.bytesRead);
    const firstMessage = once(socket, 'message') as Promise<[Buffer]>;
    await once(socket, 'open');
    const localPort = (socket as unknown as { _socket: net.Socket })._socket.localPort!;
    if (socket.readyState === socket.OPEN) socket.send(encodeUploadMessage([token, '', 'kitchen.dae'], new Uint8Array(8 * MiB)));
    const [data] = await firstMessage;
    const serverRead = await answer;
    socket.terminate();
    return { message: JSON.parse(data.toString()), serverRead };
  }

  const createUrl = () => socketUrl('/api/v1', 'projects/create', server.baseUrl);

  it('a garbage token: the error comes before the server read the file', async () => {
    const { message, serverRead } = await attempt(withToken(createUrl(), 'garbage'), 'garbage');
    expect(message).toEqual({ type: 'error', message: BAD_TOKEN });
    expect(serverRead).toBeLessThan(MiB);
  });

  it('no token in the URL (a valid one only in the message): refused the same way', async () => {
    const token = await secureToken(server, user.token);
    const { message, serverRead } = await attempt(createUrl(), token);
    expect(message).toEqual({ type: 'error', message: BAD_TOKEN });
    expect(serverRead).toBeLessThan(MiB);
  });

  it('one socket at a time per token', async () => {
    const token = await secureToken(server, user.token);
    const first = new NodeWebSocket(withToken(createUrl(), token));
    const firstAnswer = once(first, 'message') as Promise<[Buffer]>;
    await once(first, 'open');
    const { message } = await attempt(withToken(createUrl(), token), token);
    expect(message).toEqual({ type: 'error', message: BAD_TOKEN });
    // The first socket goes on: its upload is read and answered (this server has no converter).
    first.send(encodeUploadMessage([token, '', 'kitchen.dae'], new TextEncoder().encode('<COLLADA></COLLADA>')));
    const [data] = await firstAnswer;
    expect(JSON.parse(data.toString())).toMatchObject({ type: 'error' });
    expect(JSON.parse(data.toString()).message).not.toBe(BAD_TOKEN);
    first.terminate();
  });
});

describe('connections per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MAX_CONNECTIONS_PER_IP: '3' }, appDeps: { httpTimeouts: { idleMs: 300 } } });
  });
  afterAll(() => server.close());

  /** A keep-alive connection that got one answer, or undefined when the server closed it first. */
  async function served(): Promise<net.Socket | undefined> {
    const client = net.connect(port(server), '127.0.0.1');
    client.on('error', () => {});
    await once(client, 'connect');
    client.write('GET /config.json HTTP/1.1\r\nHost: test\r\n\r\n');
    const answer = await Promise.race([once(client, 'data').then(() => true), once(client, 'close').then(() => false)]);
    return answer ? client : undefined;
  }

  it('refuses the connection past the cap, and takes one again once a connection closes', async () => {
    const open = [await served(), await served(), await served()];
    expect(open.every(Boolean)).toBe(true);
    expect(await served()).toBeUndefined();

    const closed = once(open[0]!, 'close');
    open[0]!.end();
    await closed;
    // The server counts the closed connection down when it sees it end: try until it has.
    let again: net.Socket | undefined;
    for (let i = 0; i < 50 && !again; i++) again = await served();
    expect(again).toBeDefined();
    for (const socket of [...open, again]) socket?.destroy();
  });

  it('closes a connection that sends nothing', async () => {
    const client = net.connect(port(server), '127.0.0.1');
    client.on('error', () => {});
    await once(client, 'connect');
    await once(client, 'close');
    expect(client.bytesRead).toBe(0);
  });
});

describe('open connections in all', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MAX_CONNECTIONS: '3', MAX_CONNECTIONS_PER_IP: '10' } });
  });
  afterAll(() => server.close());

  /** A keep-alive connection and the first answer on it (empty when the server closed it first). */
  async function ask(): Promise<{ client: net.Socket; answer: string }> {
    const client = net.connect(port(server), '127.0.0.1');
    client.on('error', () => {});
    await once(client, 'connect');
    client.write('GET /config.json HTTP/1.1\r\nHost: test\r\n\r\n');
    let answer = '';
    await Promise.race([
      new Promise<void>((resolve) => client.on('data', (chunk: Buffer) => ((answer += chunk.toString()), resolve()))),
      once(client, 'close'),
    ]);
    // Let the rest of a short answer arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { client, answer };
  }

  it('answers past MAX_CONNECTIONS with a clear 503 and closes, then takes connections again', async () => {
    const open = [await ask(), await ask(), await ask()];
    expect(open.every(({ answer }) => answer.startsWith('HTTP/1.1 '))).toBe(true);
    expect(open.every(({ answer }) => !answer.startsWith('HTTP/1.1 503'))).toBe(true);
    const refused = await ask();
    expect(refused.answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.answer).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(refused.answer).toMatch(/\r\nconnection: close\r\n/i);
    const body = JSON.parse(refused.answer.slice(refused.answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ error: 'server_busy', message: 'The server has too many open connections. Try again in a few seconds.' });
    refused.client.destroy();

    open[0].client.destroy();
    let again: { client: net.Socket; answer: string } | undefined;
    for (let i = 0; i < 50; i++) {
      again = await ask();
      if (!again.answer.startsWith('HTTP/1.1 503')) break;
      again.client.destroy();
    }
    expect(again!.answer).toMatch(/^HTTP\/1\.1 200 /);
    for (const { client } of [...open, again!]) client.destroy();
  });
});

describe('an upload socket that goes quiet', () => {
  const IDLE = 'Nothing arrived for too long, so the upload was stopped. Try again.';
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ appDeps: { uploadTimeouts: { idleMs: 400 } } });
    user = await addUser(server);
  });
  afterAll(() => server.close());

  /** Opens the create socket with a live token; resolves with its messages and close code, or 'open' after `waitMs`. */
  async function quietSocket(behave: (socket: NodeWebSocket, token: string) => Promise<void>, waitMs = 4000) {
    const token = await secureToken(server, user.token);
    const socket = new NodeWebSocket(withToken(socketUrl('/api/v1', 'projects/create', server.baseUrl), token));
    socket.on('error', () => {});
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    await once(socket, 'open');
    const started = Date.now();
    await behave(socket, token);
    const code = await Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), waitMs))]);
    socket.terminate();
    return { messages, code, ms: Date.now() - started };
  }

  const sendPart = (socket: NodeWebSocket, bytes: Uint8Array, fin: boolean) =>
    new Promise<void>((resolve, reject) => socket.send(bytes, { fin, binary: true }, (e) => (e ? reject(e) : resolve())));

  it('waits at most 2 minutes for the next byte of the upload message (the default)', () => {
    expect(DEFAULT_UPLOAD_TIMEOUTS.idleMs).toBe(2 * 60 * 1000);
  });

  it('is closed with a message when nothing arrives after it opened', async () => {
    const { messages, code } = await quietSocket(async () => {});
    expect(messages).toEqual([{ type: 'error', message: IDLE }]);
    expect(code).toBe(1000);
  });

  it('is closed when the file stops arriving halfway', async () => {
    const message = encodeUploadMessage(['x', '', 'kitchen.dae'], new Uint8Array(64 * 1024));
    const { messages, code } = await quietSocket((socket) => sendPart(socket, message.subarray(0, 20_000), false));
    expect(messages).toEqual([{ type: 'error', message: IDLE }]);
    expect(code).toBe(1000);
  });

  it('stays open while the file keeps arriving, however slowly', async () => {
    const { messages } = await quietSocket(async (socket, token) => {
      const message = encodeUploadMessage([token, '', 'kitchen.dae'], new TextEncoder().encode('<COLLADA>' + ' '.repeat(4000) + '</COLLADA>'));
      const step = 500;
      for (let at = 0; at < message.length; at += step) {
        await sendPart(socket, message.subarray(at, at + step), at + step >= message.length);
        await new Promise((resolve) => setTimeout(resolve, 100)); // 8 parts over ~0.9 s, each within the 0.4 s allowed
      }
    });
    // The message arrived whole: this server has no converter, and says so.
    expect(messages).toEqual([{ type: 'error', message: 'Model conversion is not available on this server.' }]);
  });
});
