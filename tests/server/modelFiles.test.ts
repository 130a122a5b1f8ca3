import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSchema, sharedProjectSchema } from '../../src/api/schemas';
import { findOwnedProject, setProjectModel } from '../../server/db/projects';
import { toSeconds } from '../../server/domain/clock';
import { modelBlobKey, revisionFolder } from '../../server/domain/projectBlobKeys';
import { addProject, addUser, inject, tinyGlb, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server);
});
afterAll(() => server.close());

const modelUrlOf = async (id: number) =>
  projectSchema.parse((await inject(server, `/api/v1/projects/${id}`, { token: owner.token })).json).modelUrl;

describe('model files', () => {
  it('serves the GLB with length, type and an ETag, revalidated on every use, to anyone with the URL', async () => {
    const glb = tinyGlb(5000);
    const project = await addProject(server, owner.user.id, { glb });
    const url = await modelUrlOf(project.id);
    const res = await inject(server, url);
    expect(res.status).toBe(200);
    expect(res.raw.equals(glb)).toBe(true);
    expect(res.headers['content-length']).toBe(String(glb.length));
    expect(res.headers['content-type']).toBe('model/gltf-binary');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);

    const revalidated = await inject(server, url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.raw.length).toBe(0);

    const head = await inject(server, url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(glb.length));
    expect(head.raw.length).toBe(0);
  });

  it('answers byte ranges, and 416 for a range past the end', async () => {
    const glb = tinyGlb(3000);
    const project = await addProject(server, owner.user.id, { glb });
    const url = await modelUrlOf(project.id);
    const part = await inject(server, url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${glb.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.raw.equals(glb.subarray(100, 200))).toBe(true);
    const tail = await inject(server, url, { headers: { range: 'bytes=-10' } });
    expect(tail.raw.equals(glb.subarray(glb.length - 10))).toBe(true);
    const open = await inject(server, url, { headers: { range: `bytes=${glb.length - 5}-` } });
    expect(open.raw.equals(glb.subarray(glb.length - 5))).toBe(true);
    const outside = await inject(server, url, { headers: { range: `bytes=${glb.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${glb.length}`);
    // A stale If-Range gets the whole (new) file, not a piece of it.
    const stale = await inject(server, url, { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(stale.status).toBe(200);
    expect(stale.raw.length).toBe(glb.length);
  });

  it('gives every revision a new secret URL; the old one stops working', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const first = await modelUrlOf(project.id);
    const blobs = server.app.services.blobs;
    const next = tinyGlb(42);
    await blobs.put(modelBlobKey(project.id, 2), next);
    const updated = await setProjectModel(server.database.db, {
      projectId: project.id,
      fromRevision: 1,
      model: { modelBlobKey: modelBlobKey(project.id, 2), originalBlobKey: null, originalFileName: null },
      nowSeconds: toSeconds(server.clock()),
    });
    expect(updated?.revisionNumber).toBe(2);
    await blobs.deleteFolder(revisionFolder(project.id, 1));

    const second = await modelUrlOf(project.id);
    expect(second).toMatch(/\/2\.glb$/);
    expect(second.split('/')[4]).not.toBe(first.split('/')[4]);
    expect((await inject(server, first)).status).toBe(404);
    expect((await inject(server, second)).raw.equals(next)).toBe(true);
    // The shared view names the current revision through the link, which serves the same file.
    const shared = sharedProjectSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}`)).json);
    expect(shared.modelUrl).toBe(`/api/v1/projects/accessKeys/${project.accessKey}/models/2.glb`);
    expect((await inject(server, shared.modelUrl)).raw.equals(next)).toBe(true);
    // A revision number that is not the current one, with the right secret, is not found either.
    expect((await inject(server, second.replace('/2.glb', '/1.glb'))).status).toBe(404);
  });

  it('a lost race in setProjectModel changes nothing', async () => {
    const project = await addProject(server, owner.user.id);
    const stale = await setProjectModel(server.database.db, {
      projectId: project.id,
      fromRevision: 0,
      model: { modelBlobKey: 'projects/x/model.glb', originalBlobKey: null, originalFileName: null },
      nowSeconds: toSeconds(server.clock()),
    });
    expect(stale).toBeUndefined();
    expect((await findOwnedProject(server.database.db, project.id, owner.user.id))?.modelBlobKey).toBe(project.modelBlobKey);
  });

  it('answers 404 for made-up, malformed and traversal URLs', async () => {
    const project = await addProject(server, owner.user.id);
    const url = await modelUrlOf(project.id);
    const secret = url.split('/')[4];
    for (const bad of [
      `/api/v1/models/${'A'.repeat(22)}/1.glb`,
      `/api/v1/models/${secret}/1.gltf`,
      `/api/v1/models/${secret}/..%2F..%2Fmodel.glb`,
      `/api/v1/models/..%2Fprojects/1.glb`,
      `/api/v1/models/${secret}`,
      `/api/v1/models/${secret}/01x.glb`,
    ]) {
      expect((await inject(server, bad)).status, bad).toBe(404);
    }
  });
});
