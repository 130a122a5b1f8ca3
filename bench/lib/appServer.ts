/**
 * The real product for browser benches: server/main.ts in its own process on a free port, a fresh
 * DATA_DIR and the built app; plus the calls a bench makes to it (log in, upload a model through
 * the product's own upload-socket client, publish).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket as NodeWebSocket } from 'ws';
import type { ServerSocketMessage } from '../../src/api/schemas';
import { openUploadSocket, socketUrl } from '../../src/api/uploadSocket';

const PORTS = { first: 8150, last: 8199 };
export const BENCH_USER = 'demo@example.com';
export const BENCH_PASSWORD = 'bench-demo-password';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (let port = PORTS.first; port <= PORTS.last; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${PORTS.first}-${PORTS.last}`);
}

export interface RunningServer {
  url: string;
  /** The server's data folder (its SQLite database and blobs), removed on stop; absent for a server started elsewhere. */
  dataDir?: string;
  /** The server's process id (its CPU time and memory), when this bench started it. */
  pid?: number;
  stop(): Promise<void>;
}

/** Starts the server on the built app in `staticDir`, with a fresh data folder removed on stop. */
export async function startServer(staticDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cv-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      DEMO_USERNAME: BENCH_USER,
      DEMO_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
      // One conversion thread: the browser needs the other core.
      CONVERT_THREADS: '1',
      SHARE_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/config.json`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api<T>(server: RunningServer, path: string, token?: string, body?: unknown, method?: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1/${path}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export async function logInApi(server: RunningServer): Promise<string> {
  return (await api<{ accessToken: string }>(server, 'auth/login', undefined, { username: BENCH_USER, password: BENCH_PASSWORD })).accessToken;
}

/** The demo project is converted in the background at first start: wait for it so it does not share the cores with the measure. */
export async function waitDemoProject(server: RunningServer, token: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const list = await api<unknown[]>(server, 'projects', token);
    if (list.length > 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the demo project was not created within 120 s');
}

export interface UploadedProject {
  id: number;
  accessKey: string;
  modelUrl: string;
  thumbnailUrl: string;
}

/** Creates a project from a model file through the upload socket, as the app does; resolves with the `result` project. */
export async function uploadProject(server: RunningServer, token: string, name: string, fileName: string, file: Uint8Array): Promise<UploadedProject> {
  const { secureToken } = await api<{ secureToken: string }>(server, 'auth/secure-token', token);
  const url = socketUrl('/api/v1', 'projects/create', server.url);
  return new Promise((resolve, reject) => {
    openUploadSocket(
      url,
      { kind: 'create', secureToken, projectName: name, fileName, file },
      {
        onUploadProgress: () => {},
        onMessage(message: ServerSocketMessage) {
          if (message.type === 'confirmConsumeCredit') reject(new Error('the bench plan asked for a credit'));
          if (message.type === 'error') reject(new Error(`upload of ${fileName}: ${message.message}`));
          if (message.type === 'result') resolve(message.project as unknown as UploadedProject);
        },
        onFailure: (message) => reject(new Error(`upload of ${fileName}: ${message}`)),
      },
      NodeWebSocket as unknown as typeof WebSocket,
    );
  });
}

/** Makes a new revision of a project from a model file through the update socket, as the app does; resolves with the `result` project. */
export async function updateProject(server: RunningServer, token: string, projectId: number, fileName: string, file: Uint8Array): Promise<UploadedProject & { revisionNumber: number }> {
  const { secureToken } = await api<{ secureToken: string }>(server, 'auth/secure-token', token);
  const url = socketUrl('/api/v1', 'projects/setModel', server.url);
  return new Promise((resolve, reject) => {
    openUploadSocket(
      url,
      { kind: 'setModel', secureToken, projectId, fileName, file },
      {
        onUploadProgress: () => {},
        onMessage(message: ServerSocketMessage) {
          if (message.type === 'confirmConsumeCredit') reject(new Error('the plan asked for a credit'));
          if (message.type === 'error') reject(new Error(`update with ${fileName}: ${message.message}`));
          if (message.type === 'result') resolve(message.project as unknown as UploadedProject & { revisionNumber: number });
        },
        onFailure: (message) => reject(new Error(`update with ${fileName}: ${message}`)),
      },
      NodeWebSocket as unknown as typeof WebSocket,
    );
  });
}

/** Publishes a project; its link is then /s/{accessKey}. */
export async function publish(server: RunningServer, token: string, projectId: number): Promise<void> {
  await api(server, `projects/${projectId}`, token, { isPublished: true }, 'PATCH');
}
