/**
 * The demo project: on first start the server prints how to log in at once, then converts the
 * generated sample kitchen through the real conversion pool in the background, without spending
 * the demo plan's credit. Also: an upload over the real `npm run server` process.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import * as z from 'zod/mini';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { loginResponseSchema, projectSchema, secureTokenResponseSchema, subscriptionPlanSchema, type ServerSocketMessage } from '../../src/api/schemas';
import { openUploadSocket, socketUrl } from '../../src/api/uploadSocket';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { assemblyTree, glbTree, readGlb } from '../convert/glbTree';
import { call } from './helpers/http';
import { exitCode, firstLine, spawnTsx } from './helpers/spawnTsx';
import { makeTempDir } from './helpers/testServer';
import { until } from './helpers/until';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('cv-demo-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));


describe('first start', () => {
  it('creates the sample project in the background, free of charge, and takes uploads', async () => {
    const child = spawnTsx('server/main.ts', { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', STATIC_DIR: `${dir}/dist` });
    try {
      const line = await firstLine(child);
      const [, port, username, password] = /^Log in at http:\/\/localhost:(\d+)\/ with (\S+) \/ (\S+)$/.exec(line)!;
      const baseUrl = `http://127.0.0.1:${port}`;
      const login = await call(baseUrl, '/api/v1/auth/login', { body: { username, password } });
      const token = loginResponseSchema.parse(login.json).accessToken;

      const [project] = await until(async () => {
        const list = z.array(projectSchema).parse((await call(baseUrl, '/api/v1/projects', { token })).json);
        return list.length > 0 ? list : undefined;
      }, 30_000);
      expect(project).toMatchObject({ name: DEMO_PROJECT.name, revisionNumber: 1, consumedUpdateCount: 0, maxUpdateCount: 3, ownerName: 'Demo User' });
      const glb = new Uint8Array(await (await fetch(`${baseUrl}${project.modelUrl}`)).arrayBuffer());
      expect(glbTree(await readGlb(glb))).toEqual(assemblyTree(generateAssembly({ parts: DEMO_PROJECT.parts, seed: DEMO_PROJECT.seed }).root));
      const [plan] = z.array(subscriptionPlanSchema).parse((await call(baseUrl, '/api/v1/subscriptionPlans/active', { token })).json);
      expect(plan).toMatchObject({ consumedCreditCount: 0, totalCreditCount: 10 });

      // An upload through the real process: the pool main.ts made converts it.
      const secureToken = secureTokenResponseSchema.parse((await call(baseUrl, '/api/v1/auth/secure-token', { token })).json).secureToken;
      const file = await writeSample(generateAssembly({ parts: 12 }), 'dxf');
      const last = await new Promise<ServerSocketMessage | string>((resolve) => {
        openUploadSocket(
          socketUrl('/api/v1', 'projects/create', baseUrl),
          { kind: 'create', secureToken, projectName: 'Second', fileName: 'second.dxf', file },
          {
            onUploadProgress: () => undefined,
            onMessage: (message) => (message.type === 'result' || message.type === 'error') && resolve(message),
            onFailure: resolve,
          },
          NodeWebSocket as unknown as typeof WebSocket,
        );
      });
      expect(last).toMatchObject({ type: 'result', project: { name: 'Second', revisionNumber: 1 } });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitCode(child)).toBe(0);
  }, 60_000);
});
