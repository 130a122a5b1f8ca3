import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SHARE_OPTIONS,
  apiErrorSchema,
  projectListSchema,
  projectSchema,
  publicUrlOf,
  STAGES,
} from '../../src/api/schemas';
import { findNote } from '../../server/db/projectNotes';
import { DEFAULT_SHARE_OPTIONS } from '../../server/domain/projectPatch';
import { createProject } from '../../server/db/projects';
import { toSeconds } from '../../server/domain/clock';
import {
  addGuestComment,
  addOwnerAttachment,
  addProject,
  addUser,
  inject,
  type TestUser,
} from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server, 'Olivia Owner');
  other = await addUser(server, 'Oscar Other');
});
afterAll(() => server.close());

const get = (url: string, token = owner.token) => inject(server, url, { token });
const patch = (id: number, body: unknown, token = owner.token) =>
  inject(server, `/api/v1/projects/${id}`, { method: 'PATCH', body, token });

describe('GET projects', () => {
  it('lists only the caller’s projects, newest change first, in the owner shape', async () => {
    const first = await addProject(server, owner.user.id, { name: 'First' });
    server.clock.advance(10);
    const second = await addProject(server, owner.user.id, { name: 'Second', published: true });
    await addProject(server, other.user.id, { name: 'Not mine' });

    const res = await get('/api/v1/projects');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const list = projectListSchema.parse(res.json);
    expect(list.map((p) => p.name)).toEqual(['Second', 'First']);
    const [newest] = list;
    expect(newest).toMatchObject({
      id: second.id,
      accessKey: second.accessKey,
      currentStage: 'new',
      isPublished: true,
      revisionNumber: 1,
      ownerName: 'Olivia Owner',
      maxUpdateCount: 3,
      consumedUpdateCount: 0,
    });
    expect(newest.accessKey).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(newest.modelUrl).toMatch(/^\/api\/v1\/models\/[A-Za-z0-9]{22}\/1\.glb$/);
    expect(newest.creationDate).toEqual(new Date(second.creationDate * 1000));
    expect(publicUrlOf(newest, 'https://viewer.example')).toBe(`https://viewer.example/s/${second.accessKey}`);
    expect(list[1].id).toBe(first.id);

    const others = projectListSchema.parse((await get('/api/v1/projects', other.token)).json);
    expect(others.map((p) => p.name)).toEqual(['Not mine']);
  });

  it('answers 401 without a token', async () => {
    const res = await inject(server, '/api/v1/projects');
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.json).error).toBe('unauthorized');
  });
});

describe('GET projects/{id}', () => {
  it('answers the owner, and 404 to anyone else or for ids that cannot exist', async () => {
    const project = await addProject(server, owner.user.id);
    const res = await get(`/api/v1/projects/${project.id}`);
    expect(res.status).toBe(200);
    expect(projectSchema.parse(res.json).id).toBe(project.id);
    expect((await get(`/api/v1/projects/${project.id}`, other.token)).status).toBe(404);
    for (const id of ['0', '-1', 'abc', '1e3', '99999999999', '2147483648', '%2e%2e']) {
      const miss = await get(`/api/v1/projects/${id}`);
      expect(miss.status, id).toBe(404);
      apiErrorSchema.parse(miss.json);
    }
  });

  it('gives a project without a model yet an empty model URL', async () => {
    const bare = await createProject(server.database.db, { ownerId: owner.user.id, name: 'Bare', nowSeconds: toSeconds(server.clock()) });
    const project = projectSchema.parse((await get(`/api/v1/projects/${bare.id}`)).json);
    expect(project).toMatchObject({ revisionNumber: 0, modelUrl: '', isPublished: false, shareOptions: DEFAULT_SHARE_OPTIONS });
  });
});

describe('PATCH projects/{id}', () => {
  it('renames (trimmed), changes stage, publishes, and moves the modification date', async () => {
    const project = await addProject(server, owner.user.id);
    server.clock.advance(60);
    expect((await patch(project.id, { name: '  Island  ' })).status).toBe(204);
    let now = projectSchema.parse((await get(`/api/v1/projects/${project.id}`)).json);
    expect(now.name).toBe('Island');
    expect(now.modificationDate.getTime()).toBe(server.clock() - (server.clock() % 1000));
    expect(now.modificationDate.getTime()).toBeGreaterThan(now.creationDate.getTime());

    for (const stage of STAGES) {
      expect((await patch(project.id, { currentStage: stage })).status).toBe(204);
      now = projectSchema.parse((await get(`/api/v1/projects/${project.id}`)).json);
      expect(now.currentStage).toBe(stage);
    }
    expect((await patch(project.id, { isPublished: true })).status).toBe(204);
    expect(projectSchema.parse((await get(`/api/v1/projects/${project.id}`)).json).isPublished).toBe(true);
  });

  it('checks the name rules of SPEC §5 on the server', async () => {
    const project = await addProject(server, owner.user.id, { name: 'Keep' });
    const cases: [string, string][] = [
      ['x'.repeat(61), '60 maximum characters'],
      ['', 'You need at least 1 character.'],
      ['   ', 'You need at least 1 character.'],
      ['../etc/passwd', 'Invalid characters.'],
      ['a\\b', 'Invalid characters.'],
      ['what?', 'Invalid characters.'],
      ['tab\there', 'Invalid characters.'],
    ];
    for (const [name, message] of cases) {
      const res = await patch(project.id, { name });
      expect(res.status, name).toBe(400);
      expect(apiErrorSchema.parse(res.json)).toEqual({ error: 'invalid_name', message });
    }
    expect((await patch(project.id, { name: 'x'.repeat(60) })).status).toBe(204);
  });

  it('refuses unknown stages, unknown fields, wrong types and empty patches', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    for (const body of [
      { currentStage: 'archived' },
      { color: 'red' },
      { isPublished: 'yes' },
      { shareOptions: { isSecret: true } },
      { shareOptions: { isHierarchyVisible: 1 } },
      {},
      { shareOptions: {} },
      [],
      'name',
      null,
    ]) {
      const res = await patch(project.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      apiErrorSchema.parse(res.json);
    }
  });

  it('changes share options only while published (or in the same patch that publishes or unpublishes)', async () => {
    const project = await addProject(server, owner.user.id, { published: false, shareOptions: DEFAULT_SHARE_OPTIONS });
    const locked = await patch(project.id, { shareOptions: { isCommentsVisible: true } });
    expect(locked.status).toBe(409);
    expect(apiErrorSchema.parse(locked.json).error).toBe('not_published');
    expect((await patch(project.id, { isPublished: true, shareOptions: { isCommentsVisible: true } })).status).toBe(204);
    expect((await patch(project.id, { shareOptions: { isHierarchyVisible: false } })).status).toBe(204);
    const now = projectSchema.parse((await get(`/api/v1/projects/${project.id}`)).json);
    expect(now.shareOptions).toEqual({ ...DEFAULT_SHARE_OPTIONS, isCommentsVisible: true, isHierarchyVisible: false });
    // Options changed while published go with the unpublish that follows them, in one patch.
    expect((await patch(project.id, { isPublished: false, shareOptions: { isCommentsVisible: false } })).status).toBe(204);
    const unpublished = projectSchema.parse((await get(`/api/v1/projects/${project.id}`)).json);
    expect([unpublished.isPublished, unpublished.shareOptions.isCommentsVisible]).toEqual([false, false]);
    // Unpublished, changing them alone is refused again.
    expect((await patch(project.id, { shareOptions: ALL_SHARE_OPTIONS })).status).toBe(409);
  });

  it('answers 404 for another user’s project and leaves it alone', async () => {
    const project = await addProject(server, owner.user.id, { name: 'Mine' });
    expect((await patch(project.id, { name: 'Stolen' }, other.token)).status).toBe(404);
    expect(projectSchema.parse((await get(`/api/v1/projects/${project.id}`)).json).name).toBe('Mine');
  });
});

describe('DELETE projects/{id}', () => {
  it('removes the project, its blobs, comments and hyperlinks', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const commentId = await addGuestComment(server, project.id);
    const attachmentId = await addOwnerAttachment(server, project.id, owner.user.id);
    const modelUrl = projectSchema.parse((await get(`/api/v1/projects/${project.id}`)).json).modelUrl;
    const blobs = server.app.services.blobs;
    expect(await blobs.stat(project.modelBlobKey!)).toBeDefined();

    expect((await inject(server, `/api/v1/projects/${project.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${project.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);

    expect((await get(`/api/v1/projects/${project.id}`)).status).toBe(404);
    expect(await blobs.stat(project.modelBlobKey!)).toBeUndefined();
    expect(await blobs.stat(project.originalBlobKey!)).toBeUndefined();
    expect(await findNote(server.database.db, 'comment', project.id, commentId)).toBeUndefined();
    expect(await findNote(server.database.db, 'hyperlink', project.id, attachmentId)).toBeUndefined();
    expect((await inject(server, modelUrl)).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}`)).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${project.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });
});
