/**
 * Upload sockets that end without a project, over a real socket: bad, reused and expired tokens,
 * tokens of an ended session, a socket closed without sending, mid-upload or mid-conversion, unusable files, malformed messages and size limits.
 * Each time: the exact message, and nothing written (no row, no file, no credit).
 */
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { encodeUploadMessage } from '../../src/api/uploadMessage';
import { socketUrl, withToken } from '../../src/api/uploadSocket';
import { loginResponseSchema } from '../../src/api/schemas';
import { runUserCommand } from '../../server/cli/userCommands';
import { call, cookieFrom } from './helpers/http';
import { addUser, type TestUser } from './helpers/projectFixtures';
import {
  endShape,
  messageShape,
  planOf,
  projectBlobFiles,
  projectCount,
  secureToken,
  startUploadServer,
  upload,
  type UploadOutcome,
  type UploadServer,
} from './helpers/uploads';

const BAD_TOKEN = 'error:Your upload authorization is invalid, expired or already used. Reload the page and try again.';
const INVALID_MESSAGE = 'error:The upload could not be read. Reload the page and try again.';
const SUPPORTED = '.vok, .zip, .dae, .dxf, .igs, .iges, .stp or .step';
const encode = (text: string) => new TextEncoder().encode(text);

let server: UploadServer;
let owner: TestUser;
let dae: Uint8Array;

beforeAll(async () => {
  server = await startUploadServer();
  owner = await addUser(server);
  dae = await writeSample(generateAssembly({ parts: 12, seed: 9 }), 'dae');
});
afterAll(() => server.close());

async function create(fileName: string, file: Uint8Array, token?: string): Promise<UploadOutcome> {
  return upload(server, { kind: 'create', secureToken: token ?? (await secureToken(server, owner.token)), projectName: '', fileName, file });
}

/** Nothing of the owner's was written: no project row, no file, no credit spent. */
async function expectNothingWritten(): Promise<void> {
  await server.app.uploadSockets.idle();
  expect(await projectCount(server, owner.user.id)).toBe(0);
  expect(await projectBlobFiles(server)).toEqual([]);
  expect((await planOf(server, owner.user.id)).consumedCredits).toBe(0);
}

/** A raw `ws` client, for what the product's client never does; opened with `token` in its URL. */
function rawSocket(token: string, path: 'projects/create' | 'projects/setModel' = 'projects/create'): Promise<NodeWebSocket> {
  const socket = new NodeWebSocket(withToken(socketUrl('/api/v1', path, server.baseUrl), token));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function rawReplies(socket: NodeWebSocket): Promise<{ messages: unknown[]; code: number }> {
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  return new Promise((resolve) => socket.once('close', (code) => resolve({ messages, code })));
}

describe('secure tokens', () => {
  it('a bad token: an error message, then the socket closes', async () => {
    const outcome = await create('kitchen.dae', dae, 'not-a-token');
    expect(messageShape(outcome)).toEqual([BAD_TOKEN]);
    expect(outcome.failure).toBeUndefined();
    await expectNothingWritten();
  });

  it('a token works once: the second use is refused', async () => {
    const token = await secureToken(server, owner.token);
    const socket = await rawSocket(token);
    const replies = rawReplies(socket);
    socket.send(encodeUploadMessage([token, '', 'kitchen.exe'], dae));
    expect((await replies).messages.at(-1)).toMatchObject({ type: 'error' });
    expect(messageShape(await create('kitchen.dae', dae, token))).toEqual([BAD_TOKEN]);
    await expectNothingWritten();
  });

  it('a token past its lifetime when the socket opens is refused', async () => {
    const token = await secureToken(server, owner.token);
    server.clock.advance(61);
    expect(messageShape(await create('kitchen.dae', dae, token))).toEqual([BAD_TOKEN]);
    await expectNothingWritten();
  });

  it('a token dies with its first socket: opened and closed without sending, it is used up', async () => {
    const token = await secureToken(server, owner.token);
    const socket = await rawSocket(token);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.close(1000);
    await closed;
    await server.app.uploadSockets.idle();
    expect(messageShape(await create('kitchen.dae', dae, token))).toEqual([BAD_TOKEN]);
    await expectNothingWritten();
  });

  describe('a token dies with its session', () => {
    /** A real login's access token and refresh cookie (a session), as the app has them. */
    async function session(): Promise<{ accessToken: string; cookie: string }> {
      const res = await call(server.baseUrl, '/api/v1/auth/login', { body: { username: owner.user.username, password: 'a-long-password' } });
      expect(res.status).toBe(200);
      return { accessToken: loginResponseSchema.parse(res.json).accessToken, cookie: cookieFrom(res, 'refresh_token')!.pair };
    }

    it('minted before a logout: refused, whether the socket opens after the logout or before it', async () => {
      const { accessToken, cookie } = await session();
      const [early, late] = [await secureToken(server, accessToken), await secureToken(server, accessToken)];
      const openedBefore = await rawSocket(late);
      const replies = rawReplies(openedBefore);
      expect((await call(server.baseUrl, '/api/v1/auth/logout', { cookie })).status).toBe(200);
      expect(messageShape(await create('kitchen.dae', dae, early))).toEqual([BAD_TOKEN]);
      openedBefore.send(encodeUploadMessage([late, '', 'kitchen.dae'], dae));
      expect((await replies).messages).toEqual([{ type: 'error', message: BAD_TOKEN.slice('error:'.length) }]);
      await expectNothingWritten();
    });

    it('minted before a password change: refused', async () => {
      const { accessToken } = await session();
      const token = await secureToken(server, accessToken);
      await runUserCommand(server.database.db, 'password', {
        args: [owner.user.username],
        options: { password: 'a-long-password' },
        nowSeconds: Math.floor(server.clock() / 1000),
      });
      expect(messageShape(await create('kitchen.dae', dae, token))).toEqual([BAD_TOKEN]);
      await expectNothingWritten();
    });

    it('while the session lives, its token creates the project', async () => {
      const { accessToken } = await session();
      expect(messageShape(await create('kitchen.dae', dae, await secureToken(server, accessToken)))).toEqual(['status', 'result']);
      await server.database.db.deleteFrom('projects').execute();
      await server.database.db.updateTable('subscription_plans').set({ consumed_credits: 0 }).execute();
      await server.app.services.blobs.deleteFolder('projects');
    });
  });
});

describe('logs', () => {
  it('no log line carries a secure token, at any level', async () => {
    const lines: string[] = [];
    const logged = await startUploadServer({
      withConverter: false,
      appDeps: { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } },
    });
    try {
      const user = await addUser(logged);
      const tokens: string[] = [];
      const fresh = async () => {
        const token = await secureToken(logged, user.token);
        tokens.push(token);
        return token;
      };
      // An upload read and answered, a socket closed without sending, a refused reuse, a bad token.
      const token = await fresh();
      expect(endShape(await upload(logged, { kind: 'create', secureToken: token, projectName: '', fileName: 'kitchen.dae', file: dae }))).toHaveLength(1);
      const idle = new NodeWebSocket(withToken(socketUrl('/api/v1', 'projects/create', logged.baseUrl), await fresh()));
      await new Promise((resolve) => idle.once('open', resolve));
      idle.close();
      await new Promise((resolve) => idle.once('close', resolve));
      await upload(logged, { kind: 'create', secureToken: token, projectName: '', fileName: 'kitchen.dae', file: dae });
      await logged.app.uploadSockets.idle();
      expect(lines.some((line) => line.includes('/api/v1/projects/create?token=[redacted]'))).toBe(true);
      for (const t of tokens) expect(lines.filter((line) => line.includes(t))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('a client that leaves', () => {
  it('closed mid-upload: nothing is written, and the token is used up (the next upload takes a new one)', async () => {
    const token = await secureToken(server, owner.token);
    const socket = await rawSocket(token);
    const message = encodeUploadMessage([token, '', 'kitchen.dae'], dae);
    // The first fragment of the message, then the connection drops.
    await new Promise<void>((resolve, reject) => socket.send(message.subarray(0, 4000), { fin: false }, (e) => (e ? reject(e) : resolve())));
    socket.terminate();
    await expectNothingWritten();
    expect(messageShape(await create('kitchen.dae', dae, token))).toEqual([BAD_TOKEN]);
    expect(messageShape(await create('kitchen.dae', dae))).toEqual(['status', 'result']);
    await server.database.db.deleteFrom('projects').execute();
    await server.database.db.updateTable('subscription_plans').set({ consumed_credits: 0 }).execute();
    await server.app.services.blobs.deleteFolder('projects');
  });

  it('closed mid-conversion: the conversion is cancelled and nothing is written', async () => {
    const step = await writeSample(generateAssembly({ parts: 60, seed: 9 }), 'step');
    const started = server.conversions.length;
    const outcome = await upload(
      server,
      { kind: 'create', secureToken: await secureToken(server, owner.token), projectName: '', fileName: 'kitchen.stp', file: step },
      { onMessage: (message, socket) => message.type === 'status' && socket.close() },
    );
    expect(messageShape(outcome)).toEqual(['status']);
    expect(await server.conversions[started]).toBe('cancelled');
    await expectNothingWritten();
  });
});

describe('files that cannot become a project', () => {
  it('a zip bomb is refused by its compression ratio', async () => {
    // 4 MB of zeros packed into a few kilobytes (a ratio near 1,000 to 1).
    const bomb = zipSync({ 'model.dae': dae, 'padding.bin': new Uint8Array(4 * 1024 * 1024) });
    expect(bomb.byteLength).toBeLessThan(40_000);
    const outcome = await create('bomb.zip', bomb);
    expect(endShape(outcome)).toEqual([
      'error:The archive entry "padding.bin" is compressed more than 200 to 1 and was refused as unsafe. Pack the model again with ordinary compression.',
    ]);
    await expectNothingWritten();
  });

  it('a model with no geometry', async () => {
    const text = '0\nSECTION\n2\nENTITIES\n0\nTEXT\n8\n0\n10\n0\n20\n0\n30\n0\n40\n5\n1\nHello\n0\nENDSEC\n0\nEOF\n';
    expect(endShape(await create('empty.dxf', encode(text)))).toEqual([
      'error:The file "empty.dxf" contains no 3D geometry. Check that your export includes the parts and upload it again.',
    ]);
    await expectNothingWritten();
  });

  it('a program renamed to .stp is refused before any work', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, ...encode('This program cannot be run in DOS mode')]);
    const conversions = server.conversions.length;
    expect(messageShape(await create('kitchen.stp', exe))).toEqual([
      `error:The file "kitchen.stp" is a program, not a 3D model. Upload a ${SUPPORTED} file.`,
    ]);
    expect(server.conversions.length).toBe(conversions);
    await expectNothingWritten();
  });

  it('an empty file and an unsupported extension', async () => {
    expect(messageShape(await create('kitchen.dae', new Uint8Array()))).toEqual(['error:The file "kitchen.dae" is empty.']);
    expect(messageShape(await create('kitchen.obj', encode('v 0 0 0')))).toEqual([
      `error:The file "kitchen.obj" is not a supported model. Upload a ${SUPPORTED} file.`,
    ]);
    await expectNothingWritten();
  });
});

describe('malformed messages', () => {
  it('a text message, or a binary one without its text parts, is refused', async () => {
    for (const payload of ['hello', encode('no separators at all')]) {
      const socket = await rawSocket(await secureToken(server, owner.token));
      const replies = rawReplies(socket);
      socket.send(payload);
      expect(await replies).toEqual({ messages: [{ type: 'error', message: INVALID_MESSAGE.slice(6) }], code: 1000 });
    }
    await expectNothingWritten();
  });
});

describe('size limits', () => {
  let small: UploadServer;
  let user: TestUser;
  beforeAll(async () => {
    small = await startUploadServer({ env: { MAX_UPLOAD_BYTES: '65536' }, withConverter: false });
    user = await addUser(small);
  });
  afterAll(() => small.close());

  const send = async (size: number) =>
    upload(small, { kind: 'create', secureToken: await secureToken(small, user.token), projectName: '', fileName: 'big.dae', file: new Uint8Array(size) });

  it('a file over MAX_UPLOAD_BYTES but within the message allowance gets the size message', async () => {
    expect(messageShape(await send(65_537))).toEqual(['error:The file is too large (0.1 MB). The maximum size is 0.1 MB.']);
  });

  it('a message past the socket limit closes the socket', async () => {
    const outcome = await send(200_000);
    expect(outcome.messages).toEqual([]);
    expect(['WebSocket connection closed', 'WebSocket error']).toContain(outcome.failure);
  });

  it('without a conversion pool the socket says so', async () => {
    expect(messageShape(await upload(small, {
      kind: 'create',
      secureToken: await secureToken(small, user.token),
      projectName: '',
      fileName: 'kitchen.dae',
      file: dae,
    }))).toEqual(['error:Model conversion is not available on this server.']);
    expect(await projectCount(small)).toBe(0);
  });
});
