/**
 * Prometheus metrics through the real server: `/metrics` only with its token; latency per route
 * pattern (never a raw URL with an id in it), every 429 counted, each conversion counted by format
 * and outcome through a real upload socket and converter, open upload sockets and the queue's gauges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { API_BASE } from '../../server/config';
import { call } from './helpers/http';
import { addProject, addUser, type TestUser } from './helpers/projectFixtures';
import { startTestServer } from './helpers/testServer';
import { secureToken, startUploadServer, upload, type UploadServer } from './helpers/uploads';

const TOKEN = 'metrics-token-of-the-test-0123';

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    const found = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('Prometheus metrics', () => {
  let server: UploadServer;
  let owner: TestUser;
  const scrape = async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    server = await startUploadServer({ env: { METRICS_TOKEN: TOKEN, LOGIN_MAX_FAILURES_PER_USER_IP: '2' } });
    owner = await addUser(server, 'Mia Metrics');
  }, 60_000);
  afterAll(async () => server?.close());

  it('answers only with its token, and not at all without one configured', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-the-same-size' } })).status).toBe(401);
    const plain = await startTestServer();
    try {
      expect((await fetch(`${plain.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).not.toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('times requests by route pattern, with no id of the URL in the labels', async () => {
    const project = await addProject(server, owner.user.id, { name: 'Timed' });
    for (let i = 0; i < 3; i += 1) expect((await call(server.baseUrl, `${API_BASE}/projects/${project.id}`, { token: owner.token })).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: `${API_BASE}/projects/:id`, status: '200' })).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(`${API_BASE}/projects/${project.id}"`);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts every 429 a rate limit answers', async () => {
    const before = sample(await scrape(), 'rate_limit_refusals_total', { route: `${API_BASE}/auth/login` }) ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await call(server.baseUrl, `${API_BASE}/auth/login`, { method: 'POST', body: { username: owner.user.username, password: 'not-the-password' } });
      statuses.push(response.status);
    }
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(sample(await scrape(), 'rate_limit_refusals_total', { route: `${API_BASE}/auth/login` })).toBe(before + refused);
  });

  it('counts conversions by format and outcome, and the sockets open', async () => {
    const file = await writeSample(generateAssembly({ parts: 4, seed: 3 }), 'dae');
    const done = await upload(server, { kind: 'create', secureToken: await secureToken(server, owner.token), projectName: 'Counted', fileName: 'kitchen.dae', file });
    expect(done.messages.at(-1)?.type).toBe('result');
    const empty = '0\nSECTION\n2\nENTITIES\n0\nTEXT\n8\n0\n10\n0\n20\n0\n30\n0\n40\n5\n1\nHello\n0\nENDSEC\n0\nEOF\n';
    const refused = await upload(server, { kind: 'create', secureToken: await secureToken(server, owner.token), projectName: '', fileName: 'empty.dxf', file: new TextEncoder().encode(empty) });
    expect(refused.messages.at(-1)?.type).toBe('error');
    await server.app.uploadSockets.idle();
    const text = await scrape();
    expect(sample(text, 'conversions_total', { format: 'dae', mode: 'process', outcome: 'done' })).toBe(1);
    expect(sample(text, 'conversions_total', { format: 'dxf', mode: 'process', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'conversion_duration_seconds_count', { format: 'dae', outcome: 'done' })).toBe(1);
    expect(sample(text, 'conversion_duration_seconds_sum', { format: 'dae', outcome: 'done' })).toBeGreaterThan(0);
    expect(sample(text, 'upload_sockets_open')).toBe(0);
    // No queue on SQLite: nothing waits.
    expect(sample(text, 'conversion_queue_waiting')).toBe(0);
  }, 60_000);
});
