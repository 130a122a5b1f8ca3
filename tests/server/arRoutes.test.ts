/**
 * The AR routes (ar.glb, ar.usdz) for the owner and through a link: the files made by a real
 * upload's conversion (no browser involved) and served as stored, `isArAvailable` on for a new
 * project, made on first request for a revision without them, and refused with the same 404 as
 * the project or the link: another user's project, an unpublished link, a link without the option;
 * one cabinet's files (`ar/{node}.glb`, `.usdz`) made on demand, kept with the revision, on the
 * same terms, and gone with the project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { assemblyToGlb } from '../../samples/toGlb';
import { writeSample } from '../../samples/writers/index';
import { arBlobKey, arNodeBlobKey, arNodeIndexBlobKey, modelBlobKey } from '../../server/domain/projectBlobKeys';
import { readZip } from '../convert/helpers/arFiles';
import { addProject, addRevision, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer } from './helpers/testServer';
import { lastMessage, projectBlobFiles, secureToken, startUploadServer, upload, type UploadServer } from './helpers/uploads';

let server: UploadServer;
let owner: TestUser;
let other: TestUser;
let project: Project;

beforeAll(async () => {
  server = await startUploadServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Olivia Owner');
  other = await addUser(server, 'Oscar Other');
  await server.database.db.updateTable('subscription_plans').set({ total_credits: 10 }).where('user_id', '=', owner.user.id).execute();
  const file = await writeSample(generateAssembly({ parts: 12, seed: 5 }), 'step');
  const outcome = await upload(server, { kind: 'create', secureToken: await secureToken(server, owner.token), projectName: 'Kitchen', fileName: 'kitchen.stp', file });
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`upload failed: ${JSON.stringify(last)}`);
  project = last.project;
});
afterAll(() => server.close());

const owned = (id: number, file: string, token = owner.token) => inject(server, `/api/v1/projects/${id}/${file}`, { token });
const linked = (key: string, file: string, headers: Record<string, string> = {}) => inject(server, `/api/v1/projects/accessKeys/${key}/${file}`, { headers });
const patch = (id: number, body: unknown) => inject(server, `/api/v1/projects/${id}`, { method: 'PATCH', body, token: owner.token });

describe('AR files of an uploaded model', () => {
  it('are made by the conversion and stored beside the GLB and the poster', async () => {
    const files = await projectBlobFiles(server);
    expect(files).toEqual(expect.arrayContaining([`${project.id}/r1/model.glb`, `${project.id}/r1/poster.webp`, `${project.id}/r1/ar.glb`, `${project.id}/r1/ar.usdz`]));
    expect(project.shareOptions.isArAvailable).toBe(true);
  });

  it('are served to the owner as stored, with their types, and revalidated', async () => {
    const blobs = server.app.services.blobs;
    const glb = await owned(project.id, 'ar.glb');
    expect(glb.status).toBe(200);
    expect(glb.headers['content-type']).toBe('model/gltf-binary');
    expect(Buffer.compare(glb.raw, Buffer.from((await blobs.get(arBlobKey(project.id, 1, 'glb')))!))).toBe(0);
    const usdz = await owned(project.id, 'ar.usdz');
    expect(usdz.status).toBe(200);
    expect(usdz.headers['content-type']).toBe('model/vnd.usdz+zip');
    expect(readZip(new Uint8Array(usdz.raw))[0].name).toBe('model.usda');
    const again = await inject(server, `/api/v1/projects/${project.id}/ar.usdz`, { token: owner.token, headers: { 'if-none-match': String(usdz.headers.etag) } });
    expect(again.status).toBe(304);
    // Answers to a bearer token are the owner's: no shared cache keeps them.
    for (const answer of [glb, usdz, again]) expect(answer.headers['cache-control']).toBe('private, no-cache');
  });

  it('refuse another user and a caller without a token, as for the project itself', async () => {
    const theirs = await owned(project.id, 'ar.glb', other.token);
    const projectItself = await inject(server, `/api/v1/projects/${project.id}`, { token: other.token });
    expect(projectItself.status).toBe(404);
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(projectItself.json);
    expect((await owned(project.id, 'ar.usdz', other.token)).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${project.id}/ar.glb`)).status).toBe(401);
  });

  it('answer a link while it is published with isArAvailable, and the link 404 otherwise', async () => {
    const key = project.accessKey;
    const unknownLink = await inject(server, `/api/v1/projects/accessKeys/${key}`);
    expect(unknownLink.status).toBe(404);
    expect((await linked(key, 'ar.glb')).json).toEqual(unknownLink.json);
    expect((await patch(project.id, { isPublished: true })).status).toBe(204);
    expect((await linked(key, 'ar.glb')).status).toBe(200);
    const usdz = await linked(key, 'ar.usdz');
    expect([usdz.status, usdz.headers['content-type']]).toEqual([200, 'model/vnd.usdz+zip']);
    // A published link's files are the same for everyone.
    expect(usdz.headers['cache-control']).toBe('public, no-cache');

    expect((await patch(project.id, { shareOptions: { isArAvailable: false } })).status).toBe(204);
    for (const file of ['ar.glb', 'ar.usdz']) {
      const refused = await linked(key, file);
      expect(refused.status, file).toBe(404);
      expect(refused.json).toEqual(unknownLink.json);
    }
    // The owner's own route does not depend on the link's option.
    expect((await owned(project.id, 'ar.glb')).status).toBe(200);

    expect((await patch(project.id, { shareOptions: { isArAvailable: true } })).status).toBe(204);
    expect((await linked(key, 'ar.usdz')).status).toBe(200);
    expect((await patch(project.id, { isPublished: false })).status).toBe(204);
    expect((await linked(key, 'ar.usdz')).status).toBe(404);
  });
});

/** The glTF node index of the first node whose name starts with `prefix`. */
function nodeIndex(glb: Uint8Array, prefix: string): number {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as { nodes: { name?: string }[] };
  return json.nodes.findIndex((n) => n.name?.startsWith(prefix));
}

describe('one cabinet\'s AR files', () => {
  it('are made once on demand, stored with the revision, and served on the same terms as the whole model\'s', async () => {
    const blobs = server.app.services.blobs;
    const glb = (await blobs.get(modelBlobKey(project.id, 1)))!;
    const node = nodeIndex(glb, 'Base cabinet 1');
    expect(node).toBeGreaterThanOrEqual(0);
    const runs = server.arFileRuns.length;
    const [a, b] = await Promise.all([owned(project.id, `ar/${node}.usdz`), owned(project.id, `ar/${node}.usdz`)]);
    expect([a.status, b.status, a.headers['content-type']]).toEqual([200, 200, 'model/vnd.usdz+zip']);
    expect(readZip(new Uint8Array(a.raw))[0].name).toBe('model.usda');
    const cabinetGlb = await owned(project.id, `ar/${node}.glb`);
    expect([cabinetGlb.status, cabinetGlb.headers['content-type'], cabinetGlb.headers['cache-control']]).toEqual([200, 'model/gltf-binary', 'private, no-cache']);
    expect(server.arFileRuns.length).toBe(runs + 1);
    expect(Buffer.compare(cabinetGlb.raw, Buffer.from((await blobs.get(arNodeBlobKey(project.id, 1, node, 'glb')))!))).toBe(0);
    const again = await inject(server, `/api/v1/projects/${project.id}/ar/${node}.glb`, { token: owner.token, headers: { 'if-none-match': String(cabinetGlb.headers.etag) } });
    expect(again.status).toBe(304);
    expect(String(cabinetGlb.headers.etag)).not.toBe(String((await owned(project.id, 'ar.glb')).headers.etag));

    // A node the model does not have, and any other name: 404, with no work started.
    for (const file of [`ar/${10_000}.glb`, 'ar/x.glb', `ar/${node}.obj`]) expect((await owned(project.id, file)).status, file).toBe(404);
    expect(server.arFileRuns.length).toBe(runs + 1);

    const projectItself = await inject(server, `/api/v1/projects/${project.id}`, { token: other.token });
    const theirs = await owned(project.id, `ar/${node}.glb`, other.token);
    expect([theirs.status, theirs.json]).toEqual([404, projectItself.json]);
    expect((await inject(server, `/api/v1/projects/${project.id}/ar/${node}.glb`)).status).toBe(401);

    const key = project.accessKey;
    const unknownLink = await inject(server, `/api/v1/projects/accessKeys/${key}`);
    expect((await linked(key, `ar/${node}.usdz`)).json).toEqual(unknownLink.json);
    expect((await patch(project.id, { isPublished: true })).status).toBe(204);
    expect((await linked(key, `ar/${node}.usdz`)).status).toBe(200);
    expect((await patch(project.id, { shareOptions: { isArAvailable: false } })).status).toBe(204);
    const off = await linked(key, `ar/${node}.glb`);
    expect([off.status, off.json]).toEqual([404, unknownLink.json]);
    expect((await patch(project.id, { shareOptions: { isArAvailable: true } })).status).toBe(204);
    expect((await patch(project.id, { isPublished: false })).status).toBe(204);
    expect((await linked(key, `ar/${node}.glb`)).status).toBe(404);
  });

  it('are kept for at most 64 cabinets of a revision: beyond, a clear 409 and no work, while those made still answer', async () => {
    const many = await addProject(server, owner.user.id, { glb: Buffer.from(await assemblyToGlb(generateAssembly({ parts: 8, seed: 6 }))), published: true });
    const blobs = server.app.services.blobs;
    const indexKey = arNodeIndexBlobKey(many.id, 1);
    const runs = server.arFileRuns.length;
    // Two cabinets made at the same moment are both counted.
    const both = await Promise.all([linked(many.accessKey, 'ar/1.glb'), linked(many.accessKey, 'ar/2.glb')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((JSON.parse((await blobs.get(indexKey))!.toString('utf8')) as number[]).sort()).toEqual([1, 2]);
    // 62 more cabinets' files made (as the server counts them): 64 in all.
    await blobs.put(indexKey, JSON.stringify([1, 2, ...Array.from({ length: 62 }, (_, i) => 1000 + i)]));
    const refused = await linked(many.accessKey, 'ar/3.usdz');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'arNodesFull' });
    expect(await blobs.stat(arNodeBlobKey(many.id, 1, 3, 'usdz'))).toBeUndefined();
    expect((await linked(many.accessKey, 'ar/1.usdz')).status).toBe(200);
    expect((await linked(many.accessKey, 'ar.glb')).status).toBe(200);
    expect(server.arFileRuns.length).toBe(runs + 3);
  });

  it('go with the project when it is deleted', async () => {
    const doomed = await addProject(server, owner.user.id, { glb: Buffer.from(await assemblyToGlb(generateAssembly({ parts: 8, seed: 6 }))), published: true });
    const blobs = server.app.services.blobs;
    expect((await linked(doomed.accessKey, 'ar/1.glb')).status).toBe(200);
    expect(await blobs.stat(arNodeBlobKey(doomed.id, 1, 1, 'glb'))).toBeDefined();
    expect((await inject(server, `/api/v1/projects/${doomed.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await blobs.stat(arNodeBlobKey(doomed.id, 1, 1, 'glb'))).toBeUndefined();
    expect((await linked(doomed.accessKey, 'ar/1.glb')).status).toBe(404);
  });
});

describe('the owner\'s phone', () => {
  it('reads the current revision\'s AR files under its model URL with no header, a cabinet too; the URL stops at the next revision', async () => {
    const glb = Buffer.from(await assemblyToGlb(generateAssembly({ parts: 8, seed: 6 })));
    const mine = await addProject(server, owner.user.id, { glb });
    // An unpublished project: no link; the owner's viewer has the model URL (`.../models/{secret}/1.glb`).
    const read = (await inject(server, `/api/v1/projects/${mine.id}`, { token: owner.token })).json as Project;
    const folder = read.modelUrl.replace(/\/\d+\.glb$/, '');
    expect(folder).toMatch(/^\/api\/v1\/models\/[A-Za-z0-9]+$/);
    const whole = await inject(server, `${folder}/ar.usdz`);
    expect([whole.status, whole.headers['content-type']]).toEqual([200, 'model/vnd.usdz+zip']);
    expect(Buffer.compare(whole.raw, Buffer.from((await server.app.services.blobs.get(arBlobKey(mine.id, 1, 'usdz')))!))).toBe(0);
    const cabinet = await inject(server, `${folder}/ar/1.glb`);
    expect([cabinet.status, cabinet.headers['content-type']]).toEqual([200, 'model/gltf-binary']);
    expect((await inject(server, `${folder}/ar/x.glb`)).status).toBe(404);
    // Another secret of the same shape, and the model URL's own file beside: unchanged.
    expect((await inject(server, `/api/v1/models/${'A'.repeat(22)}/ar.glb`)).status).toBe(404);
    expect((await inject(server, read.modelUrl)).status).toBe(200);

    await addRevision(server, mine, glb);
    for (const file of ['ar.glb', 'ar.usdz', 'ar/1.glb']) expect((await inject(server, `${folder}/${file}`)).status, file).toBe(404);
  });
});

describe('a revision converted before AR files existed', () => {
  it('gets them made once on the first requests, then stored', async () => {
    const old = await addProject(server, owner.user.id, { glb: Buffer.from(await assemblyToGlb(generateAssembly({ parts: 20, seed: 2 }))), published: true });
    const blobs = server.app.services.blobs;
    expect(await blobs.stat(arBlobKey(old.id, 1, 'usdz'))).toBeUndefined();
    const runs = server.arFileRuns.length;
    const [a, b] = await Promise.all([linked(old.accessKey, 'ar.usdz'), linked(old.accessKey, 'ar.usdz')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Made once, in a conversion thread, for both requests.
    expect(server.arFileRuns.length).toBe(runs + 1);
    expect(Buffer.compare(a.raw, b.raw)).toBe(0);
    expect(await blobs.stat(arBlobKey(old.id, 1, 'usdz'))).toBeDefined();
    expect(await blobs.stat(arBlobKey(old.id, 1, 'glb'))).toBeDefined();
    expect((await linked(old.accessKey, 'ar.glb')).headers['content-type']).toBe('model/gltf-binary');
    expect(server.arFileRuns.length).toBe(runs + 1);
  });

  it('are made on the API thread by a process without conversion threads', async () => {
    const plain = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
    try {
      const someone = await addUser(plain, 'Paula Plain');
      const old = await addProject(plain, someone.user.id, { glb: Buffer.from(await assemblyToGlb(generateAssembly({ parts: 8, seed: 6 }))), published: true });
      const res = await inject(plain, `/api/v1/projects/accessKeys/${old.accessKey}/ar.glb`);
      expect(res.status).toBe(200);
      expect(res.raw.subarray(0, 4).toString('latin1')).toBe('glTF');
      expect(await plain.app.services.blobs.stat(arBlobKey(old.id, 1, 'usdz'))).toBeDefined();
    } finally {
      await plain.close();
    }
  });

  it('answers 404 for a project without a model', async () => {
    const empty = await addProject(server, owner.user.id, { withModel: false });
    expect((await owned(empty.id, 'ar.glb')).status).toBe(404);
  });
});
