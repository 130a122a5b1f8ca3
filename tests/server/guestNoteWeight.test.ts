/**
 * What guests' notes may weigh (src/api/reviewSchemas.ts): a markup holds at most
 * MARKUP_MAX_TOTAL_POINTS points, a note's pin, view and markup at most NOTE_ANCHOR_MAX_BYTES, and
 * the guests' views and markups of one link at most GUEST_ANCHORS_MAX_BYTES; a list of comments
 * carries pins and texts, never views or markups. With a link's guest notes at that cap, ten
 * anonymous reads of its list at once stay small and `/healthz` answers all along. Real app over
 * real HTTP, real SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SHARE_OPTIONS, GUEST_ANCHORS_MAX_BYTES, MARKUP_MAX_TOTAL_POINTS, NOTE_ANCHOR_MAX_BYTES, type MarkupShape, type NoteView } from '../../src/api/schemas';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Olga Owner');
});
afterAll(async () => server?.close());

const VIEW: NoteView = {
  camera: { view: 'free', position: [1.2, 0.9, 2.5], target: [0.3, 0.4, 0], orthoHalfHeight: null },
  renderMode: 'solid',
  clipping: null,
  explode: 0,
  hidden: [],
  isolated: null,
  measurement: null,
};
/** A freehand line of `count` points with long decimals, as a pointer writes them. */
const line = (count: number): MarkupShape => ({ kind: 'line', points: Array.from({ length: count }, (_, i) => [0.123456789 + i / (count * 3), 0.987654321 - i / (count * 3)] as [number, number]), color: '#ef4444' });
/** A view that hides `count` parts of a big job (nine-digit ids, about 12 bytes each), and isolates as many again past 20,000. */
const heavyView = (count: number): NoteView => {
  const ids = Array.from({ length: count }, (_, i) => String(100_000_000 + i));
  return { ...VIEW, hidden: ids.slice(0, 20_000), isolated: ids.length > 20_000 ? ids.slice(20_000) : null };
};

let addressCount = 0;
/** A fresh client address for each guest note, so that the per-address rate never decides. */
const newAddress = () => `10.9.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;
const linkComments = (key: string) => `/api/v1/projects/accessKeys/${key}/comments`;
const guestNote = (key: string, extra: Record<string, unknown>) =>
  inject(server, linkComments(key), { body: { authorName: 'Guest', text: 'Look here', revisionNumber: 1, ...extra }, remoteAddress: newAddress() });
const errorOf = (json: unknown) => (json as { error?: string }).error;

describe("what guests' notes may weigh", () => {
  it('refuses a markup past its points, counted over all its lines, and stores nothing', async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: ALL_SHARE_OPTIONS });
    // The note, 40 lines of 1,000 points (each line alone is allowed): refused before it is read as JSON.
    const forty = await guestNote(project.accessKey, { view: VIEW, markup: Array.from({ length: 40 }, () => line(1000)) });
    expect(forty.status).toBe(413);
    expect(errorOf(forty.json)).toBe('payload_too_large');
    const arrow: MarkupShape = { kind: 'arrow', from: [0.1, 0.1], to: [0.2, 0.2], color: '#ef4444' };
    const justOver = await guestNote(project.accessKey, { view: VIEW, markup: [line(1000), line(MARKUP_MAX_TOTAL_POINTS - 1000), arrow] });
    expect(justOver.status).toBe(400);
    expect((justOver.json as { message: string }).message).toMatch(/at most 2000 points/);
    const atCap = await guestNote(project.accessKey, { view: VIEW, markup: [line(1000), line(MARKUP_MAX_TOTAL_POINTS - 1000)] });
    expect(atCap.status).toBe(201);
    const list = (await inject(server, linkComments(project.accessKey))).json as unknown[];
    expect(list).toHaveLength(1);
  });

  it("refuses a note whose view and markup pass the note's bytes, with a message", async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: ALL_SHARE_OPTIONS });
    const tooBig = await guestNote(project.accessKey, { view: heavyView(Math.ceil(NOTE_ANCHOR_MAX_BYTES / 12) + 100) });
    expect(tooBig.status).toBe(400);
    expect((tooBig.json as { message: string }).message).toMatch(/at most 256 KB/);
    // A body far past any note's size is refused before it is read as JSON.
    const huge = await guestNote(project.accessKey, { view: heavyView(40_000) });
    expect(huge.status).toBe(413);
    // The owner's notes have the same bound per note.
    const owners = await inject(server, `/api/v1/projects/${project.id}/comments`, { token: owner.token, body: { authorName: 'Olga', text: 'Mine', view: heavyView(Math.ceil(NOTE_ANCHOR_MAX_BYTES / 12) + 100) } });
    expect(owners.status).toBe(400);
  });

  it("stops the guests' notes of a link at their bytes, keeps the owner's, and lists them light while /healthz answers", async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: ALL_SHARE_OPTIONS });
    // Notes near the per-note cap: about 200 KB of view each.
    const view = heavyView(16_000);
    const noteBytes = JSON.stringify({ pin: null, view, markup: [] }).length;
    const fit = Math.floor(GUEST_ANCHORS_MAX_BYTES / noteBytes);
    for (let i = 0; i < fit; i += 1) expect((await guestNote(project.accessKey, { view })).status).toBe(201);
    const full = await guestNote(project.accessKey, { view });
    expect(full.status).toBe(409);
    expect(errorOf(full.json)).toBe('too_many_comments');
    // A guest note without a view still goes; the owner's views are not counted against the guests'.
    expect((await guestNote(project.accessKey, {})).status).toBe(201);
    expect((await inject(server, `/api/v1/projects/${project.id}/comments`, { token: owner.token, body: { authorName: 'Olga', text: 'Mine', view } })).status).toBe(201);

    // Ten anonymous reads of the list at once, over HTTP, while /healthz is asked every 50 ms.
    let healthChecks = 0;
    let reading = true;
    const health = (async () => {
      while (reading) {
        const answer = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
        expect(answer.ok).toBe(true);
        healthChecks += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const reads = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await fetch(`${server.baseUrl}${linkComments(project.accessKey)}`);
        return { status: response.status, body: await response.text() };
      }),
    );
    reading = false;
    await health;
    expect(healthChecks).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.status).toBe(200);
      const notes = JSON.parse(read.body) as Array<{ hasView: boolean }>;
      expect(notes).toHaveLength(fit + 2);
      expect(notes.filter((n) => n.hasView)).toHaveLength(fit + 1);
      // Texts and pins only: the views (4 MB together) are read one note at a time.
      expect(read.body.length).toBeLessThan(32 * 1024);
    }
  });
});
