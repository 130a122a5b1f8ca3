/**
 * The app's review calls (src/api/reviewClient.ts) against the real server: a pinned note written
 * and read back, resolved, the decisions, the list in pages, and the live events heard through the
 * streamed GET with the bearer token, as the page hears them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import type { ReviewEvent } from '../../src/api/reviewEvents';
import { memoryTokenStore } from '../../src/api/tokenStore';
import { addProject, addRevision, addUser, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { until } from './helpers/until';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';

let server: TestServer;
let owner: TestUser;
const SHARE = ALL_SHARE_OPTIONS;

beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server, 'Clara Client');
});
afterAll(async () => server?.close());

const clientFor = (token: string | null) => createApiClient({ baseUrl: `${server.baseUrl}/api/v1`, tokens: memoryTokenStore(token) });

describe('the review calls of the app', () => {
  it('writes a pinned note, reads it back with its view, resolves it, and pages the list', async () => {
    const project = await addProject(server, owner.user.id, { name: 'Paged', published: true, stage: 'approval', shareOptions: SHARE });
    const guest = clientFor(null);
    const ownerApi = clientFor(owner.token);
    const view = { camera: { view: 'front' as const, position: [0, 1, 4] as [number, number, number], target: [0, 1, 0] as [number, number, number], orthoHalfHeight: 1.1 }, renderMode: 'solid' as const, clipping: null, explode: 0, hidden: [], isolated: null, measurement: null };
    const created = await guest.createReviewComment({ accessKey: project.accessKey }, { authorName: 'Claire', text: 'Here', pin: { point: [0, 1, 0.3], partId: '2', partName: 'Door' }, view });
    const [note] = await ownerApi.listReviewedComments({ id: project.id });
    // The list says the note has a view; the view itself is read alone.
    expect(note).toMatchObject({ id: created.id, hasView: true, status: 'open', pin: { partName: 'Door' } });
    expect(await ownerApi.readNoteAnchor({ id: project.id }, created.id)).toEqual({ view, markup: [] });
    expect(await guest.readNoteAnchor({ accessKey: project.accessKey }, created.id)).toEqual({ view, markup: [] });
    await ownerApi.setCommentStatus({ id: project.id }, created.id, 'resolved');
    expect((await guest.listReviewedComments({ accessKey: project.accessKey }))[0].status).toBe('resolved');

    const page = await ownerApi.listProjectPage({ stage: 'approval', sort: 'name', reversed: false, search: 'paged' }, 10);
    expect(page.items.map((p) => p.id)).toContain(project.id);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(await ownerApi.listDecisions(project.id)).toEqual([]);
  });

  it('hears the live events of the owner through the streamed GET', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = server.app.server.address() as { port: number };
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, tokens: memoryTokenStore(owner.token) });
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    const events: ReviewEvent[] = [];
    const controller = new AbortController();
    const listening = api.listenToEvents(null, (event) => events.push(event), controller.signal).catch(() => undefined);
    // The stream is open once the server counts it.
    await until(async () => (server.app.openStreams.size > 0 ? true : undefined));
    const guest = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, tokens: memoryTokenStore(null) });
    const created = await guest.createReviewComment({ accessKey: project.accessKey }, { authorName: 'Claire', text: 'Live' });
    await until(async () => (events.length > 0 ? true : undefined));
    controller.abort();
    await listening;
    expect(events).toEqual([{ type: 'note', projectId: project.id, noteId: created.id }]);
  });

  it('says when a link\'s stream opens, and from then on hears what changes: a change made at that moment is not missed', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = server.app.server.address() as { port: number };
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    const guest = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, tokens: memoryTokenStore(null) });
    const events: ReviewEvent[] = [];
    const controller = new AbortController();
    let opened = 0;
    // The owner's note is written the moment the page is told the stream is open.
    const writing: Promise<{ id: number }>[] = [];
    const onOpen = () => {
      opened += 1;
      writing.push(guest.createReviewComment({ accessKey: project.accessKey }, { authorName: 'Owner', text: 'At once' }));
    };
    const listening = guest.listenToEvents({ accessKey: project.accessKey }, (event) => events.push(event), controller.signal, { onOpen }).catch(() => undefined);
    await until(async () => (events.length > 0 ? true : undefined));
    controller.abort();
    await listening;
    const created = await writing[0];
    expect(opened).toBe(1);
    expect(events).toEqual([{ type: 'note', projectId: project.id, noteId: created.id }]);
  });

  it('a link\'s page that says which revision and stage it shows hears at once what differs, and nothing when it is up to date', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = server.app.server.address() as { port: number };
    const first = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    // Revision 2 and the stage "production" came while the page, showing revision 1 in approval, loaded.
    const project = await addRevision(server, first);
    await server.database.db.updateTable('projects').set({ current_stage: 'production' }).where('id', '=', project.id).execute();
    const guest = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, tokens: memoryTokenStore(null) });
    const hear = async (known: { revisionNumber: number; stage: string }) => {
      const events: ReviewEvent[] = [];
      const controller = new AbortController();
      // A note written once the stream listens marks the end of what the opening says.
      const onOpen = () => void guest.createReviewComment({ accessKey: project.accessKey }, { authorName: 'Claire', text: 'After' });
      const listening = guest.listenToEvents({ accessKey: project.accessKey }, (event) => events.push(event), controller.signal, { onOpen, known }).catch(() => undefined);
      await until(async () => (events.some((event) => event.type === 'note') ? true : undefined));
      controller.abort();
      await listening;
      return events.filter((event) => event.type !== 'note');
    };
    expect(await hear({ revisionNumber: 1, stage: 'approval' })).toEqual([
      { type: 'revision', projectId: project.id, revisionNumber: 2 },
      { type: 'stage', projectId: project.id, stage: 'production' },
    ]);
    expect(await hear({ revisionNumber: 2, stage: 'production' })).toEqual([]);
  });
});
