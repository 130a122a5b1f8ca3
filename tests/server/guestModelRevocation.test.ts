/**
 * A guest who kept a model URL of a link cannot download the model once the owner unpublishes
 * or deletes the project: the link's model and poster answer 404 (never a 304 to a cached copy's
 * ETag, never a byte range), and the owner's own revision URL stops with the deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSchema } from '../../src/api/schemas';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server);
});
afterAll(() => server.close());

async function publishedProject() {
  const created = await addProject(server, owner.user.id, { published: true });
  const view = projectSchema.parse((await inject(server, `/api/v1/projects/${created.id}`, { token: owner.token })).json);
  const link = `/api/v1/projects/accessKeys/${created.accessKey}/models/1`;
  const glb = await inject(server, `${link}.glb`);
  expect(glb.status).toBe(200);
  expect(glb.headers['cache-control']).toBe('public, no-cache');
  expect(glb.headers.etag).toBeTruthy();
  return { id: created.id, link, ownerModelUrl: view.modelUrl!, etag: String(glb.headers.etag) };
}

/** What a guest's browser asks with what it kept: a revalidation, a plain read and a range. */
async function guestReads(url: string, etag: string): Promise<number[]> {
  return [
    (await inject(server, url, { headers: { 'if-none-match': etag } })).status,
    (await inject(server, url)).status,
    (await inject(server, url, { headers: { range: 'bytes=0-9' } })).status,
  ];
}

describe("a guest's kept model URL", () => {
  it('stops when the owner unpublishes, and works again when the link is published again', async () => {
    const project = await publishedProject();
    expect((await inject(server, `${project.link}.glb`, { headers: { 'if-none-match': project.etag } })).status).toBe(304);
    await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: false } });
    expect(await guestReads(`${project.link}.glb`, project.etag)).toEqual([404, 404, 404]);
    expect((await inject(server, `${project.link}.webp`)).status).toBe(404);
    await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: true } });
    expect((await inject(server, `${project.link}.glb`)).status).toBe(200);
  });

  it('stops when the owner deletes the project, and so does the owner’s revision URL', async () => {
    const project = await publishedProject();
    const deleted = await inject(server, `/api/v1/projects/${project.id}`, { method: 'DELETE', token: owner.token });
    expect(deleted.status).toBe(204);
    expect(await guestReads(`${project.link}.glb`, project.etag)).toEqual([404, 404, 404]);
    expect((await inject(server, `${project.link}.webp`)).status).toBe(404);
    expect(await guestReads(project.ownerModelUrl, project.etag)).toEqual([404, 404, 404]);
  });
});
