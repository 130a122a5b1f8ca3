/** The API client against a real local HTTP server: refresh-once, retry, errors, shape checks. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { InvalidResponseError, RequestError } from '../../src/api/errors';
import { memoryTokenStore } from '../../src/api/tokenStore';

let refreshCalls = 0;
let refreshWorks = true;
let validToken = 'fresh';
let projectsBody: unknown = [];
let server: ReturnType<typeof createServer>;
let base = '';

function handle(req: IncomingMessage, res: ServerResponse) {
  const send = (status: number, body?: unknown, statusText?: string) => {
    res.statusCode = status;
    if (statusText) res.statusMessage = statusText;
    res.setHeader('content-type', 'application/json');
    res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
  };
  const url = req.url ?? '';
  if (url === '/api/v1/auth/refresh-token') {
    refreshCalls++;
    // Answer slowly so that all parallel 401s arrive while the refresh is under way.
    setTimeout(() => (refreshWorks ? send(200, { accessToken: validToken }) : send(401, { error: 'invalid_refresh_token', message: 'no' })), 30);
    return;
  }
  if (req.headers.authorization !== `Bearer ${validToken}`) return send(401, { error: 'unauthorized', message: 'no' }, 'Unauthorized');
  if (url === '/api/v1/projects') return send(200, projectsBody);
  if (url === '/api/v1/projects/7') return send(404, { error: 'not_found', message: 'Not found' }, 'Not Found');
  if (url === '/api/v1/projects/8') return send(200, '<html>garbage</html>');
  send(404);
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  refreshCalls = 0;
  refreshWorks = true;
  validToken = 'fresh';
  projectsBody = [];
});

const wireProject = {
  id: 1, name: 'Kitchen', accessKey: 'abc123', currentStage: 'ready', isPublished: false,
  shareOptions: { isHierarchyVisible: true, isCommentsVisible: true, isAttachmentVisible: true, isClippingPlaneAvailable: true, isXRayRenderModeAvailable: true, isIllustrationRenderModeAvailable: true, isWireframeRenderModeAvailable: true, isPartsListAvailable: true, isApprovalAvailable: false, isEstimateAvailable: false, isArAvailable: true },
  creationDate: 1700000000, modificationDate: 1700000100, revisionNumber: 1, modelUrl: '/m/1.glb', consumedUpdateCount: 0, maxUpdateCount: 3, ownerName: 'Ann',
};

describe('API client', () => {
  it('sends the bearer token and parses the answer with dates', async () => {
    projectsBody = [wireProject];
    const api = createApiClient({ baseUrl: base, tokens: memoryTokenStore('fresh') });
    const list = await api.listProjects();
    expect(list[0].creationDate).toBeInstanceOf(Date);
    expect(list[0].creationDate.getTime()).toBe(1700000000 * 1000);
    expect(refreshCalls).toBe(0);
  });

  it('20 parallel 401s cause exactly one refresh, then every request succeeds', async () => {
    const tokens = memoryTokenStore('stale');
    const api = createApiClient({ baseUrl: base, tokens });
    const results = await Promise.all(Array.from({ length: 20 }, () => api.listProjects()));
    expect(results).toHaveLength(20);
    expect(refreshCalls).toBe(1);
    expect(tokens.get()).toBe('fresh');
  });

  it('a failed refresh clears the token and reports the 401', async () => {
    refreshWorks = false;
    const tokens = memoryTokenStore('stale');
    let expired = 0;
    const api = createApiClient({ baseUrl: base, tokens, onSessionExpired: () => expired++ });
    const error = await api.listProjects().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).status).toBe(401);
    expect(tokens.get()).toBeNull();
    expect(expired).toBe(1);
    expect(refreshCalls).toBe(1);
  });

  it('a non-OK answer is a RequestError with method, url, status and status text', async () => {
    const api = createApiClient({ baseUrl: base, tokens: memoryTokenStore('fresh') });
    const error = (await api.getProject(7).catch((e: unknown) => e)) as RequestError;
    expect(error).toBeInstanceOf(RequestError);
    expect(error.method).toBe('GET');
    expect(error.url).toBe(`${base}/projects/7`);
    expect(error.status).toBe(404);
    expect(error.statusText).toBe('Not Found');
    expect(error.code).toBe('not_found');
    expect(error.serverMessage).toBe('Not found');
  });

  it('garbage or a wrong shape is "Invalid response from server"', async () => {
    const api = createApiClient({ baseUrl: base, tokens: memoryTokenStore('fresh') });
    await expect(api.getProject(8)).rejects.toThrow(InvalidResponseError);
    await expect(api.getProject(8)).rejects.toThrow('Invalid response from server');
    projectsBody = [{ ...wireProject, currentStage: 'shipped' }];
    await expect(api.listProjects()).rejects.toThrow('Invalid response from server');
    projectsBody = [{ ...wireProject, creationDate: '2024-01-01' }];
    await expect(api.listProjects()).rejects.toThrow('Invalid response from server');
  });
});
