/**
 * GET projects with 1,000 projects stays instant for a returning browser: the answer carries an ETag
 * of the user's list version, an unchanged list answers 304 with no body, and every kind of change
 * to one of the user's projects (and only theirs) gives a new ETag.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListAnswers } from '../../server/http/listAnswers';
import { projectListSchema } from '../../src/api/schemas';
import { addProject, addRevision, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Olivia Owner');
  other = await addUser(server, 'Oscar Other');
});
afterAll(() => server.close());

const list = (token: string, etag?: string) => inject(server, '/api/v1/projects', { token, headers: etag ? { 'if-none-match': etag } : {} });

async function etagNow(token = owner.token): Promise<string> {
  const res = await list(token);
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  return String(res.headers.etag);
}

describe('GET projects: ETag and 304', () => {
  it('answers 304 without a body while nothing changed, and 200 with the list after any change', async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval' });
    let etag = await etagNow();
    const unchanged = await list(owner.token, etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.raw.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);

    const changes: Array<[string, () => Promise<unknown>]> = [
      ['rename', async () => {
        await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { name: 'Renamed' }, token: owner.token });
        // The kept answer of the old version is not served for the new one.
        expect(projectListSchema.parse((await list(owner.token)).json).map((p) => p.name)).toContain('Renamed');
      }],
      ['rename back', () => inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { name: 'Kitchen' }, token: owner.token })],
      ['stage', () => inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { currentStage: 'approval' }, token: owner.token })],
      ['share options', () => inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { shareOptions: { isHierarchyVisible: false } }, token: owner.token })],
      ['new revision', () => addRevision(server, { ...project, revisionNumber: 1 })],
      ['approval through the link', () => inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/approval`, { method: 'POST', body: { name: 'Claire', revisionNumber: 2 } })],
      ['new project', () => addProject(server, owner.user.id)],
      ['delete', () => inject(server, `/api/v1/projects/${project.id}`, { method: 'DELETE', token: owner.token })],
    ];
    for (const [what, change] of changes) {
      await change();
      const res = await list(owner.token, etag);
      expect(res.status, what).toBe(200);
      expect(res.headers.etag, what).not.toBe(etag);
      projectListSchema.parse(res.json);
      etag = String(res.headers.etag);
    }
  });

  it('is the user’s own: another user’s change leaves it, another user’s tag never matches', async () => {
    const etag = await etagNow();
    await addProject(server, other.user.id);
    expect((await list(owner.token, etag)).status).toBe(304);
    expect((await list(other.token, etag)).status).toBe(200);
  });
});

describe('the list’s encoded answers', () => {
  it('serve the same list in brotli, gzip and plain, each made once per version', async () => {
    await addProject(server, owner.user.id, { name: 'A'.repeat(40) });
    const plain = await inject(server, '/api/v1/projects', { token: owner.token, headers: { 'accept-encoding': 'identity' } });
    const br = await inject(server, '/api/v1/projects', { token: owner.token, headers: { 'accept-encoding': 'br, gzip' } });
    const gzip = await inject(server, '/api/v1/projects', { token: owner.token, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.raw).equals(plain.raw)).toBe(true);
    expect(gunzipSync(gzip.raw).equals(plain.raw)).toBe(true);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 3);
  });

  it('build each version once and stay within their memory budget', async () => {
    const answers = createListAnswers(50_000);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Kitchen ${i}` }));
    };
    const first = await answers.answer('v1', 'br', build);
    expect((await answers.answer('v1', 'br', build)).body).toBe(first.body);
    expect(builds).toBe(1);
    for (let v = 2; v < 20; v++) await answers.answer(`v${v}`, 'gzip', build);
    expect(answers.bytes).toBeLessThanOrEqual(50_000);
    await answers.answer('v1', 'br', build);
    expect(builds).toBe(20);
  });
});
