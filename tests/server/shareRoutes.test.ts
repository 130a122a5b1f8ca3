import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, DEFAULT_AVATAR_URL, sharedProjectSchema, type ShareOptions } from '../../src/api/schemas';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  // The limit has its own tests below; here it would cut the runs of many requests short.
  server = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Olivia Owner');
});
afterAll(() => server.close());

const shared = (key: string, options: Parameters<typeof inject>[2] = {}) =>
  inject(server, `/api/v1/projects/accessKeys/${key}`, options);
const setPublished = (id: number, isPublished: boolean) =>
  inject(server, `/api/v1/projects/${id}`, { method: 'PATCH', body: { isPublished }, token: owner.token });

describe('GET projects/accessKeys/{key}', () => {
  it('answers the shared shape of a published project, with the owner’s flags as set', async () => {
    const flags: ShareOptions = {
      isHierarchyVisible: true,
      isCommentsVisible: false,
      isAttachmentVisible: true,
      isClippingPlaneAvailable: false,
      isXRayRenderModeAvailable: true,
      isIllustrationRenderModeAvailable: false,
      isWireframeRenderModeAvailable: true,
      isPartsListAvailable: true,
      isApprovalAvailable: false,
      isEstimateAvailable: true,
      isOptionsAvailable: false,
      isArAvailable: true,
    };
    const project = await addProject(server, owner.user.id, { name: 'Shared kitchen', published: true, shareOptions: flags });
    const res = await shared(project.accessKey);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Exactly the guest fields: nothing of the owner view (id, access key, counts) leaks.
    expect(Object.keys(res.json as object).sort()).toEqual(
      ['approval', 'creationDate', 'currentStage', 'modelUrl', 'modificationDate', 'name', 'ownerAvatarUrl', 'ownerName', 'revisionNumber', 'shareOptions', 'thumbnailUrl'],
    );
    const view = sharedProjectSchema.parse(res.json);
    expect(view).toMatchObject({ name: 'Shared kitchen', ownerName: 'Olivia Owner', ownerAvatarUrl: DEFAULT_AVATAR_URL, revisionNumber: 1 });
    expect(view.shareOptions).toEqual(flags);
    // A guest's model URL goes through the link (it stops when the link does), not the owner's secret.
    expect(view.modelUrl).toBe(`/api/v1/projects/accessKeys/${project.accessKey}/models/1.glb`);
    expect((await inject(server, view.modelUrl)).status).toBe(200);
  });

  it('answers one identical 404 for unknown, malformed, unpublished and deleted keys', async () => {
    const unpublished = await addProject(server, owner.user.id, { published: true });
    await setPublished(unpublished.id, false);
    const deleted = await addProject(server, owner.user.id, { published: true });
    await inject(server, `/api/v1/projects/${deleted.id}`, { method: 'DELETE', token: owner.token });

    const keys = [unpublished.accessKey, deleted.accessKey, 'A'.repeat(22), 'no-such-key', '%2E%2E%2Fetc', 'x'.repeat(80)];
    const answers = await Promise.all(keys.map((key) => shared(key)));
    for (const res of answers) {
      expect(res.status).toBe(404);
      apiErrorSchema.parse(res.json);
    }
    expect(new Set(answers.map((res) => res.raw.toString())).size).toBe(1);
    // Every route behind a key says the same.
    for (const suffix of ['/logo', '/comments', '/attachments']) {
      const res = await shared(`${unpublished.accessKey}${suffix}`);
      expect(res.status).toBe(404);
      expect(res.raw.toString()).toBe(answers[0].raw.toString());
    }

    // Publishing again brings the same key back to life.
    await setPublished(unpublished.id, true);
    expect((await shared(unpublished.accessKey)).status).toBe(200);
  });
});

describe('GET projects/accessKeys/{key}/logo', () => {
  it('serves our default logo until the owner uploads one, then the owner’s PNG', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const url = `/api/v1/projects/accessKeys/${project.accessKey}/logo`;
    const before = await inject(server, url);
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(before.headers['content-security-policy']).toContain("default-src 'none'");
    expect(before.raw.toString()).toContain('<svg');
    const etag = String(before.headers.etag);
    expect((await inject(server, url, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const png = await sharp({ create: { width: 50, height: 20, channels: 4, background: '#ff8800' } }).png().toBuffer();
    const put = await inject(server, '/api/v1/branding/logo', { method: 'PUT', payload: png, contentType: 'image/png', token: owner.token });
    expect(put.status).toBe(204);
    const after = await inject(server, url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers['content-type']).toBe('image/png');
    expect((await sharp(after.raw).metadata()).width).toBe(50);
    await inject(server, '/api/v1/branding/logo', { method: 'DELETE', token: owner.token });
  });
});

describe('rate limit on the access-key routes', () => {
  let limited: TestServer | undefined;
  afterEach(async () => {
    await limited?.close();
    limited = undefined;
  });

  it('answers 429 past the per-IP budget shared by all link routes, other IPs unaffected', async () => {
    limited = await startTestServer({ env: { SHARE_RATE_LIMIT: '5' } });
    const someone = await addUser(limited);
    const project = await addProject(limited, someone.user.id, { published: true });
    const base = `/api/v1/projects/accessKeys/${project.accessKey}`;
    const paths = [base, `${base}/logo`, `${base}/comments`, `${base}/attachments`, '/api/v1/projects/accessKeys/unknownKey'];
    const statuses: number[] = [];
    for (const path of paths) statuses.push((await inject(limited, path, { remoteAddress: '203.0.113.7' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 404]);
    const blocked = await inject(limited, base, { remoteAddress: '203.0.113.7' });
    expect(blocked.status).toBe(429);
    expect(apiErrorSchema.parse(blocked.json).error).toBe('too_many_requests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await inject(limited, base, { remoteAddress: '198.51.100.1' })).status).toBe(200);
    // Owner routes are not part of that budget.
    expect((await inject(limited, '/api/v1/projects', { token: someone.token, remoteAddress: '203.0.113.7' })).status).toBe(200);
  });

  it('can be lifted with SHARE_RATE_LIMIT=0', async () => {
    limited = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
    const someone = await addUser(limited);
    const project = await addProject(limited, someone.user.id, { published: true });
    for (let i = 0; i < 310; i += 1) {
      expect((await inject(limited, `/api/v1/projects/accessKeys/${project.accessKey}`)).status).toBe(200);
    }
  });
});
