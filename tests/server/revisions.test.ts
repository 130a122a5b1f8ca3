/**
 * Revisions and the client's approval, through the real server and database: the kept list, its
 * retention, restoring with the credit rules of SPEC §4, and every approval rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  loginResponseSchema,
  projectSchema,
  revisionChangesSchema,
  revisionListSchema,
  sharedProjectSchema,
  type Project as ProjectView,
} from '../../src/api/schemas';
import { listPlans } from '../../server/db/plans';
import type { Project } from '../../server/db/projectRows';
import { modelBlobKey, posterBlobKey } from '../../server/domain/projectBlobKeys';
import { commitModelUpdate } from '../../server/domain/revisionCommit';
import { generateAssembly } from '../../samples/generate';
import { REVISION_CHANGES, reviseAssembly } from '../../samples/revise';
import { assemblyToGlb } from '../../samples/toGlb';
import { createAccount } from './helpers/accounts';
import { call, cookieFrom } from './helpers/http';
import { addProject, addRevision, addUser, inject, tinyGlb, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { SHARE_RATE_LIMIT: '0', REVISIONS_KEPT: '3' } });
  owner = await addUser(server, 'Olivia Owner');
});
afterAll(() => server.close());

const revisionsOf = async (id: number, token = owner.token) => {
  const res = await inject(server, `/api/v1/projects/${id}/revisions`, { token });
  expect(res.status).toBe(200);
  return revisionListSchema.parse(res.json);
};
const projectOf = async (id: number, token = owner.token): Promise<ProjectView> =>
  projectSchema.parse((await inject(server, `/api/v1/projects/${id}`, { token })).json);
const restore = (id: number, revision: number, body: unknown = {}, token = owner.token) =>
  inject(server, `/api/v1/projects/${id}/revisions/${revision}/restore`, { method: 'POST', body, token });
const errorOf = (json: unknown) => apiErrorSchema.parse(json).error;

/** An update the way the upload socket records one (free within the allowance, else paid). */
async function update(project: Pick<Project, 'id' | 'ownerId' | 'revisionNumber' | 'consumedUpdateCount' | 'maxUpdateCount'>, glb: Buffer, charge: 'free' | 'paid' = 'free') {
  return commitModelUpdate(
    { db: server.database.db, blobs: server.app.services.blobs, revisionsKept: server.app.services.config.revisionsKept },
    { project, nowSeconds: Math.floor(server.clock() / 1000), model: { glb, original: { fileName: `v${glb.length}.dae`, bytes: Buffer.from('<COLLADA/>') } }, charge },
  );
}

describe('GET projects/{id}/revisions', () => {
  it('lists every kept revision newest first, each with a model URL that serves its own file', async () => {
    const first = await addProject(server, owner.user.id, { glb: tinyGlb(100) });
    const second = await update(first, tinyGlb(200));
    await update(second, tinyGlb(300));
    const list = await revisionsOf(first.id);
    expect(list.map((r) => [r.revisionNumber, r.fileName, r.authorName])).toEqual([
      [3, `v${tinyGlb(300).length}.dae`, 'Olivia Owner'],
      [2, `v${tinyGlb(200).length}.dae`, 'Olivia Owner'],
      [1, 'kitchen.step', 'Olivia Owner'],
    ]);
    expect(new Set(list.map((r) => r.modelUrl)).size).toBe(3);
    const sizes = await Promise.all(list.map(async (r) => (await inject(server, r.modelUrl, { headers: { 'accept-encoding': 'identity' } })).raw.length));
    expect(sizes).toEqual([tinyGlb(300).length, tinyGlb(200).length, tinyGlb(100).length]);
    // The project's own model URL is the newest revision's.
    expect((await projectOf(first.id)).modelUrl).toBe(list[0]!.modelUrl);
  });

  it('keeps REVISIONS_KEPT revisions: older ones lose their row, their URL and their files', async () => {
    let project: Project = await addProject(server, owner.user.id);
    const firstUrl = (await revisionsOf(project.id))[0]!.modelUrl;
    for (let i = 0; i < 4; i++) project = await update({ ...project, consumedUpdateCount: 0 }, tinyGlb(400 + i));
    expect((await revisionsOf(project.id)).map((r) => r.revisionNumber)).toEqual([5, 4, 3]);
    expect((await inject(server, firstUrl)).status).toBe(404);
    const blobs = server.app.services.blobs;
    expect(await blobs.stat(modelBlobKey(project.id, 1))).toBeUndefined();
    expect(await blobs.stat(modelBlobKey(project.id, 2))).toBeUndefined();
    expect(await blobs.stat(modelBlobKey(project.id, 3))).toBeDefined();
  });

  it('is the owner’s only', async () => {
    const project = await addProject(server, owner.user.id);
    const other = await addUser(server, 'Oscar Other');
    expect((await inject(server, `/api/v1/projects/${project.id}/revisions`, { token: other.token })).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${project.id}/revisions`)).status).toBe(401);
  });
});

describe('an older revision’s model and poster', () => {
  /** A real login of the owner: an access token of a session, and its refresh cookie. */
  async function session(): Promise<{ accessToken: string; cookie: string }> {
    const res = await call(server.baseUrl, '/api/v1/auth/login', { body: { username: owner.user.username, password: 'a-long-password' } });
    expect(res.status).toBe(200);
    return { accessToken: loginResponseSchema.parse(res.json).accessToken, cookie: cookieFrom(res, 'refresh_token')!.pair };
  }

  it('answer without authentication only while current; then only through the URL the list signs for the owner’s session', async () => {
    const project = await addProject(server, owner.user.id, { glb: tinyGlb(100) });
    const poster = Buffer.from('RIFF-poster-of-revision-1');
    await server.app.services.blobs.put(posterBlobKey(project.id, 1), poster);
    const { modelUrl, thumbnailUrl } = await projectOf(project.id);
    expect((await inject(server, modelUrl, { headers: { 'accept-encoding': 'identity' } })).raw.equals(tinyGlb(100))).toBe(true);
    expect((await inject(server, thumbnailUrl)).raw.equals(poster)).toBe(true);
    await update(project, tinyGlb(200));

    // docs/api.md: the project's model URL answers 404 once the project has a newer revision.
    expect((await inject(server, modelUrl)).status).toBe(404);
    expect((await inject(server, thumbnailUrl)).status).toBe(404);

    // The owner's list gives revision 1 URLs signed for the session that asked.
    const { accessToken, cookie } = await session();
    const [current, older] = await revisionsOf(project.id, accessToken);
    expect(current.modelUrl).not.toContain('?');
    expect(older.modelUrl).toMatch(/\?sig=/);
    expect((await inject(server, older.modelUrl, { headers: { 'accept-encoding': 'identity' } })).raw.equals(tinyGlb(100))).toBe(true);
    expect((await inject(server, older.thumbnailUrl)).raw.equals(poster)).toBe(true);
    // A signature is for its revision's file only, and cannot be altered.
    const sig = new URL(older.modelUrl, 'http://x').searchParams.get('sig')!;
    expect((await inject(server, `${current.modelUrl}?sig=${sig}`)).status).toBe(200); // the current one needs none
    expect((await inject(server, `${modelUrl.replace('/1.glb', '/2.glb')}?sig=${sig}`)).status).toBe(404);
    expect((await inject(server, older.modelUrl.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(404);
    const [expires, ...rest] = sig.split('.');
    expect((await inject(server, `${modelUrl}?sig=${[Number(expires) + 3600, ...rest].join('.')}`)).status).toBe(404);

    // It stops with the session (logout) ...
    expect((await call(server.baseUrl, '/api/v1/auth/logout', { cookie })).status).toBe(200);
    expect((await inject(server, older.modelUrl)).status).toBe(404);
    expect((await inject(server, older.thumbnailUrl)).status).toBe(404);
    // ... and with time, as an access token does.
    const later = await session();
    const [, again] = await revisionsOf(project.id, later.accessToken);
    expect((await inject(server, again.modelUrl)).status).toBe(200);
    server.clock.advance(12 * 3600 + 1);
    try {
      expect((await inject(server, again.modelUrl)).status).toBe(404);
    } finally {
      server.clock.advance(-(12 * 3600 + 1)); // the other tests' access tokens
    }
  });
});

describe('GET projects/{id}/revisions/{n}/changes', () => {
  it('says what changed from an older revision to the current one, parts matched by their names', async () => {
    const kitchen = generateAssembly({ parts: 40, seed: 5 });
    const first = await addProject(server, owner.user.id, { glb: Buffer.from(await assemblyToGlb(kitchen)) });
    await addRevision(server, first, Buffer.from(await assemblyToGlb(reviseAssembly(kitchen))));
    const res = await inject(server, `/api/v1/projects/${first.id}/revisions/1/changes`, { token: owner.token });
    expect(res.status).toBe(200);
    const changes = revisionChangesSchema.parse(res.json);
    expect(changes).toMatchObject({ from: 1, to: 2, counts: REVISION_CHANGES });
    // An owner's answer is never kept by the browser's cache.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(changes.parts.map((p) => p.status).sort()).toEqual(['added', 'changed', 'removed']);
    // Backwards, what was added is removed.
    const back = revisionChangesSchema.parse((await inject(server, `/api/v1/projects/${first.id}/revisions/2/changes?to=1`, { token: owner.token })).json);
    expect(back.counts).toMatchObject({ added: 1, removed: 1, changed: 1 });
    expect((await inject(server, `/api/v1/projects/${first.id}/revisions/7/changes`, { token: owner.token })).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${first.id}/revisions/1/changes?to=x`, { token: owner.token })).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${first.id}/revisions/1/changes`)).status).toBe(401);
  });
});

describe('POST projects/{id}/revisions/{n}/restore', () => {
  it('makes an older revision current again as a new revision, free within the allowance', async () => {
    const first = await addProject(server, owner.user.id, { glb: tinyGlb(111) });
    await update(first, tinyGlb(222));
    const res = await restore(first.id, 1);
    expect(res.status).toBe(200);
    const restored = projectSchema.parse(res.json);
    expect(restored).toMatchObject({ revisionNumber: 3, consumedUpdateCount: 2, maxUpdateCount: 3 });
    const served = await inject(server, restored.modelUrl, { headers: { 'accept-encoding': 'identity' } });
    expect(served.raw.equals(tinyGlb(111))).toBe(true);
    expect((await revisionsOf(first.id)).map((r) => [r.revisionNumber, r.fileName])).toEqual([
      [3, 'kitchen.step'],
      [2, `v${tinyGlb(222).length}.dae`],
      [1, 'kitchen.step'],
    ]);
  });

  it('past the allowance asks for the credit first, then spends it when confirmed', async () => {
    let project: Project = await addProject(server, owner.user.id);
    for (let i = 0; i < 3; i++) project = await update(project, tinyGlb(500 + i));
    expect(project).toMatchObject({ consumedUpdateCount: 3, maxUpdateCount: 3, revisionNumber: 4 });
    const creditsBefore = (await listPlans(server.database.db, owner.user.id))[0]!.consumedCredits;

    const asked = await restore(project.id, 2);
    expect(asked.status).toBe(409);
    expect(errorOf(asked.json)).toBe('credit_confirmation_required');
    expect((await projectOf(project.id)).revisionNumber).toBe(4);

    const paid = await restore(project.id, 2, { consumeCredit: true });
    expect(paid.status).toBe(200);
    expect(projectSchema.parse(paid.json)).toMatchObject({ revisionNumber: 5, consumedUpdateCount: 4, maxUpdateCount: 6 });
    expect((await listPlans(server.database.db, owner.user.id))[0]!.consumedCredits).toBe(creditsBefore + 1);
  });

  it('without a credit left answers insufficient_credits and changes nothing', async () => {
    const user = await createAccount(server.database.db, { username: 'broke@example.com', password: 'a-long-password', planDays: null, nowMs: server.clock() });
    const token = await server.app.services.accessTokens.sign(user.id);
    let project: Project = await addProject(server, user.id);
    for (let i = 0; i < 3; i++) project = await update(project, tinyGlb(600 + i));
    const res = await restore(project.id, 2, { consumeCredit: true }, token);
    expect(res.status).toBe(402);
    expect(errorOf(res.json)).toBe('insufficient_credits');
    expect((await projectOf(project.id, token)).revisionNumber).toBe(4);
  });

  it('refuses restoring a revision whose model the current one already is (a second identical restore), spending no update', async () => {
    const first = await addProject(server, owner.user.id, { glb: tinyGlb(700) });
    await update(first, tinyGlb(701));
    const once = await restore(first.id, 1);
    expect(projectSchema.parse(once.json)).toMatchObject({ revisionNumber: 3, consumedUpdateCount: 2 });
    const again = await restore(first.id, 1);
    expect([again.status, errorOf(again.json)]).toEqual([409, 'already_current']);
    expect(await projectOf(first.id)).toMatchObject({ revisionNumber: 3, consumedUpdateCount: 2 });
    expect((await revisionsOf(first.id)).map((r) => r.revisionNumber)).toEqual([3, 2, 1]);
    // Another model is still restored.
    expect(projectSchema.parse((await restore(first.id, 2)).json)).toMatchObject({ revisionNumber: 4 });
  });

  it('refuses the current revision, an unknown one and a bad body', async () => {
    const project = await addRevision(server, await addProject(server, owner.user.id));
    const current = await restore(project.id, 2);
    expect([current.status, errorOf(current.json)]).toEqual([409, 'already_current']);
    expect((await restore(project.id, 9)).status).toBe(404);
    expect((await restore(project.id, 1, { consumeCredit: 'yes' })).status).toBe(400);
  });
});

describe('POST projects/accessKeys/{key}/approval', () => {
  const approve = (key: string, body: unknown) => inject(server, `/api/v1/projects/accessKeys/${key}/approval`, { method: 'POST', body });
  const withApproval = { isHierarchyVisible: true, isCommentsVisible: true, isAttachmentVisible: true, isClippingPlaneAvailable: true, isXRayRenderModeAvailable: true, isIllustrationRenderModeAvailable: true, isWireframeRenderModeAvailable: true, isPartsListAvailable: false, isApprovalAvailable: true, isEstimateAvailable: false, isOptionsAvailable: false, isArAvailable: false };

  it('records who approved which revision when, moves the project to ready, and a new revision asks for approval again', async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: withApproval });
    const res = await approve(project.accessKey, { name: '  Claire Client ', revisionNumber: 1 });
    expect(res.status).toBe(200);
    const shared = sharedProjectSchema.parse(res.json);
    expect(shared.currentStage).toBe('ready');
    expect(shared.approval).toMatchObject({ name: 'Claire Client', revisionNumber: 1 });
    const seen = await projectOf(project.id);
    expect(seen.currentStage).toBe('ready');
    expect(seen.approval).toEqual({ name: 'Claire Client', date: new Date(Math.floor(server.clock() / 1000) * 1000), revisionNumber: 1, quote: null });

    await addRevision(server, { ...project, revisionNumber: 1 });
    // The approval stays on record with its revision; the project waits for the new one's.
    expect(await projectOf(project.id)).toMatchObject({ currentStage: 'approval', approval: { revisionNumber: 1 } });
  });

  it('stays offered when the owner changes another share option', async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: withApproval });
    const res = await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { shareOptions: { isHierarchyVisible: false } }, token: owner.token });
    expect(res.status).toBe(204);
    expect((await projectOf(project.id)).shareOptions).toMatchObject({ isHierarchyVisible: false, isApprovalAvailable: true });
  });

  it('refuses when the link does not offer it, the stage is another, or the revision changed; nothing changes', async () => {
    const off = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: { ...withApproval, isApprovalAvailable: false } });
    const refusedOff = await approve(off.accessKey, { name: 'Claire', revisionNumber: 1 });
    expect([refusedOff.status, errorOf(refusedOff.json)]).toEqual([403, 'approval_unavailable']);
    // A link without the option does not show an approval either.
    expect(sharedProjectSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${off.accessKey}`)).json).approval).toBeNull();

    const early = await addProject(server, owner.user.id, { published: true, stage: 'new', shareOptions: withApproval });
    const refusedStage = await approve(early.accessKey, { name: 'Claire', revisionNumber: 1 });
    expect([refusedStage.status, errorOf(refusedStage.json)]).toEqual([409, 'not_awaiting_approval']);

    const moved = await addRevision(server, await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: withApproval }));
    const refusedRevision = await approve(moved.accessKey, { name: 'Claire', revisionNumber: 1 });
    expect([refusedRevision.status, errorOf(refusedRevision.json)]).toEqual([409, 'revision_changed']);

    for (const body of [{ name: '   ', revisionNumber: 2 }, { name: 'x'.repeat(61), revisionNumber: 2 }, { name: 'Claire' }, { name: 'Claire', revisionNumber: 2, extra: 1 }]) {
      expect((await approve(moved.accessKey, body)).status).toBe(400);
    }
    for (const project of [off, early, moved]) {
      const view = await projectOf(project.id);
      expect(view.approval).toBeNull();
      expect(view.currentStage).toBe(project.currentStage);
    }
    await inject(server, `/api/v1/projects/${moved.id}`, { method: 'PATCH', body: { isPublished: false }, token: owner.token });
    expect((await approve(moved.accessKey, { name: 'Claire', revisionNumber: 2 })).status).toBe(404);
  });

  it('refuses a name with NUL, control or text-direction characters (invalid_name); nothing changes', async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: withApproval });
    const names = [
      'Claire\u0000Client', // NUL
      'Claire\u0007', // bell
      'Claire\nClient', // line break
      'Claire\u0085Client', // C1 next line
      'Claire\u007f', // delete
      '\u202eClaire', // right-to-left override: shows "tneilC"...
      'Claire\u2066Client\u2069', // isolates
      '\u200fClaire', // right-to-left mark
      '\u061cClaire', // Arabic letter mark
    ];
    for (const name of names) {
      const res = await approve(project.accessKey, { name, revisionNumber: 1 });
      expect([res.status, res.status === 200 ? 'accepted' : errorOf(res.json)], JSON.stringify(name)).toEqual([400, 'invalid_name']);
    }
    const view = await projectOf(project.id);
    expect(view.approval).toBeNull();
    expect(view.currentStage).toBe('approval');
    // Names in any script are welcome, right-to-left ones included.
    const ok = await approve(project.accessKey, { name: 'Zoë Müller-محمد', revisionNumber: 1 });
    expect(ok.status).toBe(200);
    expect(sharedProjectSchema.parse(ok.json).approval?.name).toBe('Zoë Müller-محمد');
  });
});
