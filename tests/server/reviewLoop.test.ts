/**
 * The client's review through the real server: notes pinned with their view and markup, replies,
 * the owner resolving and reopening, asking for changes (refused without a note), the approval of
 * one revision when another becomes current (back to pending, or kept with its mark), the
 * decisions kept, and live events reaching the owner's stream and the link's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventStream, type ReviewEvent } from '../../src/api/reviewEvents';
import { decisionListSchema, projectSchema, revisionChangesSchema, reviewedCommentListSchema, sharedProjectSchema, type NoteView } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { REVISION_CHANGES, reviseAssembly } from '../../samples/revise';
import { assemblyToGlb } from '../../samples/toGlb';
import { addProject, addRevision, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';

let server: TestServer;
let owner: TestUser;
const SHARE = ALL_SHARE_OPTIONS;

beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server, 'Olga Owner');
});
afterAll(async () => server?.close());

const errorOf = (json: unknown) => (json as { error?: string }).error;
const projectOf = async (id: number) => projectSchema.parse((await inject(server, `/api/v1/projects/${id}`, { token: owner.token })).json);
const linkComments = async (key: string, cookie?: string) => reviewedCommentListSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${key}/comments`, { cookie })).json);

const VIEW: NoteView = {
  camera: { view: 'free', position: [1.2, 0.9, 2.5], target: [0.3, 0.4, 0], orthoHalfHeight: null },
  renderMode: 'xray',
  clipping: { axis: 'y', inverted: true, position: 420.5 },
  explode: 0.35,
  hidden: ['4', '7'],
  isolated: null,
  measurement: { a: [0, 0, 0], b: [0.6, 0, 0] },
};
const MARKUP = [
  { kind: 'arrow' as const, from: [0.1, 0.2] as [number, number], to: [0.4, 0.45] as [number, number], color: '#ef4444' as const },
  { kind: 'line' as const, points: [[0.5, 0.5], [0.52, 0.55], [0.56, 0.57]] as [number, number][], color: '#f97316' as const },
  { kind: 'text' as const, at: [0.6, 0.1] as [number, number], text: 'Hinge on the left', color: '#ffffff' as const },
];

describe('pinned notes, replies and status', () => {
  it('keeps a guest note pinned to a part with its view and markup, and a plain comment as SPEC has it', async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    const pin = { point: [0.25, 0.7, 0.3] as [number, number, number], partId: '12', partName: 'Door left' };
    const pinned = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Claire', text: 'Open the other way', pin, view: VIEW, markup: MARKUP } });
    expect(pinned.status).toBe(201);
    const plain = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Old client', text: 'Nice' } });
    expect(plain.status).toBe(201);
    const list = await linkComments(project.accessKey);
    const stored = list.find((c) => c.text === 'Open the other way');
    // The list carries the pin and says there is a view; the view and markup are read alone.
    expect(stored).toMatchObject({ pin, hasView: true, status: 'open', parentId: null, revisionNumber: 1 });
    expect(stored).not.toHaveProperty('view');
    expect(stored).not.toHaveProperty('markup');
    expect(list.find((c) => c.text === 'Nice')).toMatchObject({ pin: null, hasView: false, status: 'open', parentId: null, revisionNumber: 1 });
    const anchor = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments/${stored!.id}/view`, { method: 'GET' });
    expect(anchor.status).toBe(200);
    expect(anchor.json).toEqual({ view: VIEW, markup: MARKUP });
    // The owner reads the same, through the owner's path.
    const ownerList = reviewedCommentListSchema.parse((await inject(server, `/api/v1/projects/${project.id}/comments`, { token: owner.token })).json);
    expect(ownerList.find((c) => c.text === 'Open the other way')?.hasView).toBe(true);
    expect((await inject(server, `/api/v1/projects/${project.id}/comments/${stored!.id}/view`, { method: 'GET', token: owner.token })).json).toEqual({ view: VIEW, markup: MARKUP });
  });

  it('refuses a damaged view, markup or pin with a 400 and stores nothing', async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: SHARE });
    const bad = [
      { view: { ...VIEW, explode: 2 } },
      { view: { ...VIEW, camera: { ...VIEW.camera, position: [1, Number.NaN, 2] } } },
      { view: { ...VIEW, hidden: ['door'] } },
      { markup: [{ kind: 'arrow', from: [0, 0], to: [3, 3], color: '#ef4444' }] },
      { markup: [{ kind: 'line', points: [[0, 0]], color: '#ef4444' }] },
      { markup: [{ kind: 'arrow', from: [0, 0], to: [1, 1], color: 'red' }] },
      { pin: { point: [0, 0], partId: null, partName: null } },
      { revisionNumber: 9 },
    ];
    for (const extra of bad) {
      const res = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Claire', text: 'x', ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    expect(await linkComments(project.accessKey)).toEqual([]);
  });

  it('threads replies under a comment; a reply answers no reply and carries no pin; deleting the comment deletes its replies', async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: SHARE });
    const base = `/api/v1/projects/accessKeys/${project.accessKey}/comments`;
    const start = (await inject(server, base, { body: { authorName: 'Claire', text: 'Which handle?', view: VIEW } })).json as { id: number };
    const answer = await inject(server, `/api/v1/projects/${project.id}/comments`, { token: owner.token, body: { authorName: 'Olga', text: 'The bar handle', parentId: start.id } });
    expect(answer.status).toBe(201);
    const replyId = (answer.json as { id: number }).id;
    const toReply = await inject(server, base, { body: { authorName: 'Claire', text: 'ok', parentId: replyId } });
    expect([toReply.status, errorOf(toReply.json)]).toEqual([400, 'invalid_parent']);
    const withPin = await inject(server, base, { body: { authorName: 'Claire', text: 'ok', parentId: start.id, view: VIEW } });
    expect([withPin.status, errorOf(withPin.json)]).toEqual([400, 'invalid_parent']);
    const elsewhere = await addProject(server, owner.user.id, { published: true, shareOptions: SHARE });
    const foreign = await inject(server, `/api/v1/projects/accessKeys/${elsewhere.accessKey}/comments`, { body: { authorName: 'Claire', text: 'ok', parentId: start.id } });
    expect([foreign.status, errorOf(foreign.json)]).toEqual([400, 'invalid_parent']);

    expect((await linkComments(project.accessKey)).map((c) => [c.text, c.parentId])).toEqual([['Which handle?', null], ['The bar handle', start.id]]);
    expect((await inject(server, `/api/v1/projects/${project.id}/comments/${start.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await linkComments(project.accessKey)).toEqual([]);
  });

  it('lets the owner resolve and reopen a comment, and no one else', async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: SHARE });
    const { id } = (await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Claire', text: 'Too dark' } })).json as { id: number };
    const patch = (body: unknown, token?: string, path = `/api/v1/projects/${project.id}/comments/${id}`) => inject(server, path, { method: 'PATCH', body, token });
    expect((await patch({ status: 'resolved' }, owner.token)).status).toBe(204);
    let [comment] = await linkComments(project.accessKey);
    expect(comment.status).toBe('resolved');
    expect(comment.resolvedAt).toEqual(new Date(Math.floor(server.clock() / 1000) * 1000));
    expect((await patch({ status: 'open' }, owner.token)).status).toBe(204);
    [comment] = await linkComments(project.accessKey);
    expect([comment.status, comment.resolvedAt]).toEqual(['open', null]);

    const stranger = await addUser(server, 'Sam Stranger');
    expect((await patch({ status: 'resolved' }, stranger.token)).status).toBe(404);
    const guest = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments/${id}`, { method: 'PATCH', body: { status: 'resolved' } });
    expect(guest.status).toBe(403);
    expect((await patch({ status: 'done' }, owner.token)).status).toBe(400);
    expect((await patch({ status: 'resolved' }, owner.token, `/api/v1/projects/${project.id}/comments/999999`)).status).toBe(404);
    expect((await linkComments(project.accessKey))[0].status).toBe('open');
  });
});

describe('approve or ask for changes', () => {
  const changes = (key: string, body: unknown, cookie?: string) => inject(server, `/api/v1/projects/accessKeys/${key}/changes`, { method: 'POST', body, cookie });

  it('refuses a request for changes without a note of the client on that revision, then moves the project back to design', async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    const refused = await changes(project.accessKey, { name: 'Claire', revisionNumber: 1 });
    expect([refused.status, errorOf(refused.json)]).toEqual([409, 'no_note_for_changes']);
    // Someone else's note does not count.
    await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Other', text: 'Hmm' } });
    expect((await changes(project.accessKey, { name: 'Claire', revisionNumber: 1 })).status).toBe(409);
    expect((await projectOf(project.id)).currentStage).toBe('approval');

    const note = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Claire', text: 'Door opens the wrong way', view: VIEW } });
    const cookie = note.cookies.find((c) => c.name === 'guest_id')?.pair;
    expect(cookie).toBeDefined();
    const asked = await changes(project.accessKey, { name: 'Claire', revisionNumber: 1 }, cookie);
    expect(asked.status).toBe(200);
    expect(sharedProjectSchema.parse(asked.json).currentStage).toBe('new');
    expect((await projectOf(project.id)).currentStage).toBe('new');
    const decisions = decisionListSchema.parse((await inject(server, `/api/v1/projects/${project.id}/decisions`, { token: owner.token })).json);
    expect(decisions).toEqual([{ kind: 'changesRequested', name: 'Claire', revisionNumber: 1, date: expect.any(Date), quote: null }]);
    // Not waiting for approval any more: a second request is refused.
    expect(errorOf((await changes(project.accessKey, { name: 'Claire', revisionNumber: 1 }, cookie)).json)).toBe('not_awaiting_approval');
  });

  it('an approval is for one revision: a new current revision asks again, unless the owner keeps it with its mark', async () => {
    const approve = (key: string, revisionNumber: number) => inject(server, `/api/v1/projects/accessKeys/${key}/approval`, { method: 'POST', body: { name: 'Claire', revisionNumber } });
    const restore = (id: number, revision: number, body: unknown) => inject(server, `/api/v1/projects/${id}/revisions/${revision}/restore`, { method: 'POST', body, token: owner.token });

    // Update: back to pending approval, the approval of revision 1 still on record.
    const updated = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    expect((await approve(updated.accessKey, 1)).status).toBe(200);
    await addRevision(server, { ...updated, revisionNumber: 1 });
    expect(await projectOf(updated.id)).toMatchObject({ currentStage: 'approval', revisionNumber: 2, approval: { name: 'Claire', revisionNumber: 1 } });
    // The client approves revision 2 then.
    expect((await approve(updated.accessKey, 2)).status).toBe(200);
    expect(await projectOf(updated.id)).toMatchObject({ currentStage: 'ready', approval: { revisionNumber: 2 } });

    // Restore, asking again (the default), and restore keeping the stage: the mark is the older revision's approval.
    const restored = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    await addRevision(server, { ...restored, revisionNumber: 1 });
    expect((await approve(restored.accessKey, 2)).status).toBe(200);
    expect((await restore(restored.id, 1, { keepApproval: true })).status).toBe(200);
    expect(await projectOf(restored.id)).toMatchObject({ currentStage: 'ready', revisionNumber: 3, approval: { revisionNumber: 2 } });
    expect((await restore(restored.id, 2, {})).status).toBe(200);
    expect(await projectOf(restored.id)).toMatchObject({ currentStage: 'approval', revisionNumber: 4, approval: { revisionNumber: 2 } });

    // A project nobody approved keeps its stage whatever happens.
    const manual = await addProject(server, owner.user.id, { published: true, stage: 'production', shareOptions: SHARE });
    await addRevision(server, { ...manual, revisionNumber: 1 });
    expect(await projectOf(manual.id)).toMatchObject({ currentStage: 'production', approval: null });

    const decisions = decisionListSchema.parse((await inject(server, `/api/v1/projects/${updated.id}/decisions`, { token: owner.token })).json);
    expect(decisions.map((d) => [d.kind, d.revisionNumber])).toEqual([['approved', 2], ['approved', 1]]);
  });
});

describe('live events', () => {
  /** Opens an event stream on the listening server and collects its events. */
  async function listen(path: string, token?: string) {
    await server.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = server.app.server.address() as { port: number };
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events: ReviewEvent[] = [];
    const feed = parseEventStream((event) => events.push(event));
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          feed(value);
        }
      } catch {
        // Aborted.
      }
    })();
    return { events, close: () => controller.abort() };
  }
  const until = async (probe: () => boolean) => {
    for (let i = 0; i < 200 && !probe(); i += 1) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 0));
    expect(probe()).toBe(true);
  };

  it("tells the owner's stream of notes, decisions and stages, and the link's of new revisions, stages and shown notes only", async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    const hidden = await addProject(server, owner.user.id, { published: true, shareOptions: { ...SHARE, isCommentsVisible: false } });
    const ownerStream = await listen('/api/v1/projects/events', owner.token);
    const linkStream = await listen(`/api/v1/projects/accessKeys/${project.accessKey}/events`);
    const hiddenStream = await listen(`/api/v1/projects/accessKeys/${hidden.accessKey}/events`);
    const other = await addUser(server, 'Otto Other');
    const otherStream = await listen('/api/v1/projects/events', other.token);
    try {
      const note = (await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Claire', text: 'Hi' } })).json as { id: number };
      await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/approval`, { method: 'POST', body: { name: 'Claire', revisionNumber: 1 } });
      await inject(server, `/api/v1/projects/${hidden.id}/comments`, { token: owner.token, body: { authorName: 'Olga', text: 'Private' } });
      await addRevision(server, { ...hidden, revisionNumber: 1 });
      // Revision 1 made current again, as revision 3, through the owner's restore.
      expect((await inject(server, `/api/v1/projects/${hidden.id}/revisions/1/restore`, { method: 'POST', body: {}, token: owner.token })).status).toBe(200);
      // The owner asks for approval: the link hears the stage (its decision buttons follow it); a patch that keeps the stage says nothing.
      expect((await inject(server, `/api/v1/projects/${hidden.id}`, { method: 'PATCH', body: { currentStage: 'approval' }, token: owner.token })).status).toBe(204);
      expect((await inject(server, `/api/v1/projects/${hidden.id}`, { method: 'PATCH', body: { currentStage: 'approval', name: 'Renamed' }, token: owner.token })).status).toBe(204);
      await until(() => ownerStream.events.length >= 5 && hiddenStream.events.length >= 2 && linkStream.events.length >= 1);
      expect(ownerStream.events).toEqual([
        { type: 'note', projectId: project.id, noteId: note.id },
        { type: 'decision', projectId: project.id, kind: 'approved', name: 'Claire', revisionNumber: 1 },
        { type: 'note', projectId: hidden.id, noteId: expect.any(Number) },
        { type: 'revision', projectId: hidden.id, revisionNumber: 3 },
        { type: 'stage', projectId: hidden.id, stage: 'approval' },
      ]);
      expect(linkStream.events).toEqual([{ type: 'note', projectId: project.id, noteId: note.id }]);
      // Comments are not shown on that link: its stream hears the revision and the stage only.
      expect(hiddenStream.events).toEqual([
        { type: 'revision', projectId: hidden.id, revisionNumber: 3 },
        { type: 'stage', projectId: hidden.id, stage: 'approval' },
      ]);
      expect(otherStream.events).toEqual([]);
    } finally {
      for (const s of [ownerStream, linkStream, hiddenStream, otherStream]) s.close();
    }
  });

  it('refuses the owner stream without a token, and a link stream for an unpublished project', async () => {
    expect((await inject(server, '/api/v1/projects/events')).status).toBe(401);
    const unpublished = await addProject(server, owner.user.id, { published: false, shareOptions: SHARE });
    expect((await inject(server, `/api/v1/projects/accessKeys/${unpublished.accessKey}/events`)).status).toBe(404);
  });
});

describe('what changed since a revision, on the link', () => {
  it('answers the comparison to the current revision, with the parts where the link shows the hierarchy, else the counts', async () => {
    const kitchen = generateAssembly({ parts: 40, seed: 21 });
    const glb = async (assembly: typeof kitchen) => Buffer.from(await assemblyToGlb(assembly));
    const shown = await addProject(server, owner.user.id, { published: true, shareOptions: SHARE, glb: await glb(kitchen) });
    await addRevision(server, shown, await glb(reviseAssembly(kitchen)));
    const res = await inject(server, `/api/v1/projects/accessKeys/${shown.accessKey}/revisions/1/changes`);
    expect(res.status).toBe(200);
    const changes = revisionChangesSchema.parse(res.json);
    expect(changes).toMatchObject({ from: 1, to: 2, counts: REVISION_CHANGES });
    expect(changes.parts.map((p) => p.status).sort()).toEqual(['added', 'changed', 'removed']);

    const hidden = await addProject(server, owner.user.id, { published: true, shareOptions: { ...SHARE, isHierarchyVisible: false }, glb: await glb(kitchen) });
    await addRevision(server, hidden, await glb(reviseAssembly(kitchen)));
    const counted = revisionChangesSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${hidden.accessKey}/revisions/1/changes`)).json);
    expect(counted).toMatchObject({ counts: REVISION_CHANGES, parts: [] });

    expect((await inject(server, `/api/v1/projects/accessKeys/${shown.accessKey}/revisions/2/changes`)).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/accessKeys/${shown.accessKey}/revisions/9/changes`)).status).toBe(404);
    await inject(server, `/api/v1/projects/${shown.id}`, { method: 'PATCH', body: { isPublished: false }, token: owner.token });
    expect((await inject(server, `/api/v1/projects/accessKeys/${shown.accessKey}/revisions/1/changes`)).status).toBe(404);
  });
});

describe('open notes on the owner’s list', () => {
  it('counts the comments still open, not replies nor resolved ones, and the list’s answer changes with them', async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: SHARE });
    const listed = async () => {
      const res = await inject(server, '/api/v1/projects', { token: owner.token });
      return { etag: String(res.headers.etag), count: projectSchema.parse((res.json as unknown[]).find((p) => (p as { id: number }).id === project.id)).openNoteCount };
    };
    const before = await listed();
    expect(before.count).toBe(0);
    const base = `/api/v1/projects/accessKeys/${project.accessKey}/comments`;
    const a = (await inject(server, base, { body: { authorName: 'Claire', text: 'One' } })).json as { id: number };
    await inject(server, base, { body: { authorName: 'Claire', text: 'Two' } });
    await inject(server, base, { body: { authorName: 'Claire', text: 'A reply', parentId: a.id } });
    const after = await listed();
    expect(after.count).toBe(2);
    expect(after.etag).not.toBe(before.etag);
    await inject(server, `/api/v1/projects/${project.id}/comments/${a.id}`, { method: 'PATCH', token: owner.token, body: { status: 'resolved' } });
    expect((await listed()).count).toBe(1);
    expect((await projectOf(project.id)).openNoteCount).toBe(1);
  });
});
