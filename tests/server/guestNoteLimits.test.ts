/**
 * Guests' comments on a shared link (server/domain/noteLimits.ts): a guest flooding a link is
 * refused with 429 after its budget, per address and per link, while the owner still comments;
 * guests stop below the cap, leaving the owner's reserve; the owner deletes many comments at once,
 * and nobody else can. Real app, real SQLite; the app's clock is moved, never waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkDeleteResultSchema } from '../../src/api/noteSchemas';
import { apiErrorSchema, commentListSchema, createdItemSchema } from '../../src/api/schemas';
import { GUEST_NOTES_PER_IP, GUEST_NOTES_PER_LINK, GUEST_NOTES_WINDOW_SECONDS, NOTE_LIMITS } from '../../server/domain/noteLimits';
import { toSeconds } from '../../server/domain/clock';
import { addGuestComment, addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
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

const linkOf = (key: string) => `/api/v1/projects/accessKeys/${key}/comments`;
const ownerOf = (id: number) => `/api/v1/projects/${id}/comments`;
let addressCount = 0;
/** A fresh client address for each guest, so that tests do not share budgets. */
const newAddress = () => `10.0.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;
const guestPost = (key: string, remoteAddress: string, text = 'Spam') => inject(server, linkOf(key), { body: { authorName: 'Guest', text }, remoteAddress });

describe('guest comment limits', () => {
  it('refuses a flooding guest with 429 after its budget, while the owner still comments', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const flooder = newAddress();
    for (let i = 0; i < GUEST_NOTES_PER_IP; i += 1) expect((await guestPost(project.accessKey, flooder, `c${i}`)).status).toBe(201);

    const refused = await guestPost(project.accessKey, flooder);
    expect(refused.status).toBe(429);
    const error = apiErrorSchema.parse(refused.json);
    expect(error.error).toBe('too_many_requests');
    expect(error.message).toBe(`Too many comments from this address. Try again in ${GUEST_NOTES_WINDOW_SECONDS} seconds.`);
    expect(refused.headers['retry-after']).toBe(String(GUEST_NOTES_WINDOW_SECONDS));

    // The owner is not limited, on its path or on the link, from the same address.
    const ownPath = await inject(server, ownerOf(project.id), { body: { authorName: 'Olivia', text: 'Mine' }, token: owner.token, remoteAddress: flooder });
    expect(ownPath.status).toBe(201);
    const onLink = await inject(server, linkOf(project.accessKey), { body: { authorName: 'Olivia', text: 'Also mine' }, token: owner.token, remoteAddress: flooder });
    expect(onLink.status).toBe(201);
    // Another logged-in user is a guest here: its address's budget is spent too.
    const otherUser = await inject(server, linkOf(project.accessKey), { body: { authorName: 'Oscar', text: 'Hi' }, token: other.token, remoteAddress: flooder });
    expect(otherUser.status).toBe(429);
    const list = commentListSchema.parse((await inject(server, ownerOf(project.id), { token: owner.token })).json);
    expect(list).toHaveLength(GUEST_NOTES_PER_IP + 2);

    // Once the window has passed, the guest may comment again.
    server.clock.advance(GUEST_NOTES_WINDOW_SECONDS);
    expect((await guestPost(project.accessKey, flooder)).status).toBe(201);
  });

  it('limits a link as a whole, whatever the number of addresses', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const elsewhere = await addProject(server, owner.user.id, { published: true });
    let posted = 0;
    while (posted < GUEST_NOTES_PER_LINK) {
      const address = newAddress();
      for (let i = 0; i < Math.min(3, GUEST_NOTES_PER_LINK - posted); i += 1, posted += 1) {
        expect((await guestPost(project.accessKey, address)).status).toBe(201);
      }
    }
    const fresh = newAddress();
    const refused = await guestPost(project.accessKey, fresh);
    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(refused.json).message).toMatch(/^Too many comments on this link\. Try again in \d+ seconds\.$/);
    // Another link, and the owner, are not affected.
    expect((await guestPost(elsewhere.accessKey, fresh)).status).toBe(201);
    expect((await inject(server, ownerOf(project.id), { body: { authorName: 'Olivia', text: 'Still here' }, token: owner.token })).status).toBe(201);
  });

  it('stops guests below the cap and keeps the reserve for the owner', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const { max, ownerReserve } = NOTE_LIMITS.comment;
    const createdAt = toSeconds(server.clock());
    const row = { project_id: project.id, author_user_id: null, author_guest_id: 'g', author_name: 'G', author_avatar_url: null, text: 'x', created_at: createdAt };
    await server.database.db.insertInto('comments').values(Array.from({ length: max - ownerReserve }, () => row)).execute();

    const refused = await guestPost(project.accessKey, newAddress());
    expect(refused.status).toBe(409);
    expect(apiErrorSchema.parse(refused.json)).toEqual({
      error: 'too_many_comments',
      message: `A project holds at most ${max} comments; the last ${ownerReserve} are kept for its owner.`,
    });
    const ownerPost = await inject(server, ownerOf(project.id), { body: { authorName: 'Olivia', text: 'Room for me' }, token: owner.token });
    expect(ownerPost.status).toBe(201);

    await server.database.db.insertInto('comments').values(Array.from({ length: ownerReserve - 1 }, () => row)).execute();
    const full = await inject(server, ownerOf(project.id), { body: { authorName: 'Olivia', text: 'One more' }, token: owner.token });
    expect(full.status).toBe(409);
    expect(apiErrorSchema.parse(full.json).message).toBe(`A project holds at most ${max} comments.`);
  });
});

describe('bulk delete of comments', () => {
  async function projectWithComments() {
    const project = await addProject(server, owner.user.id, { published: true });
    const guestIds = [await addGuestComment(server, project.id, 'g1'), await addGuestComment(server, project.id, 'g2')];
    const byOther = createdItemSchema.parse(
      (await inject(server, linkOf(project.accessKey), { body: { authorName: 'Oscar', text: 'Hello' }, token: other.token, remoteAddress: newAddress() })).json,
    ).id;
    const byOwner = createdItemSchema.parse((await inject(server, ownerOf(project.id), { body: { authorName: 'Olivia', text: 'Note' }, token: owner.token })).json).id;
    return { project, guestIds, byOther, byOwner };
  }
  const remaining = async (id: number) => commentListSchema.parse((await inject(server, ownerOf(id), { token: owner.token })).json).map((c) => c.id);

  it('deletes the listed comments of this project only, and answers what it deleted', async () => {
    const { project, guestIds, byOther, byOwner } = await projectWithComments();
    const foreign = await projectWithComments();
    const res = await inject(server, ownerOf(project.id), { method: 'DELETE', body: { ids: [guestIds[0], byOwner, foreign.byOwner, 999_999] }, token: owner.token });
    expect(res.status).toBe(200);
    expect(bulkDeleteResultSchema.parse(res.json)).toEqual({ deletedIds: [guestIds[0], byOwner].sort((a, b) => a - b) });
    expect(await remaining(project.id)).toEqual([guestIds[1], byOther]);
    expect(await remaining(foreign.project.id)).toHaveLength(4);
  });

  it('deletes every comment not written by the owner with { authors: "guests" }', async () => {
    const { project, guestIds, byOther, byOwner } = await projectWithComments();
    const res = await inject(server, ownerOf(project.id), { method: 'DELETE', body: { authors: 'guests' }, token: owner.token });
    expect(res.status).toBe(200);
    expect(bulkDeleteResultSchema.parse(res.json).deletedIds).toEqual([...guestIds, byOther].sort((a, b) => a - b));
    expect(await remaining(project.id)).toEqual([byOwner]);
  });

  it('is refused to guests and other users, and to a bad body, changing nothing', async () => {
    const { project } = await projectWithComments();
    const body = { authors: 'guests' };
    expect((await inject(server, ownerOf(project.id), { method: 'DELETE', body })).status).toBe(401);
    expect((await inject(server, ownerOf(project.id), { method: 'DELETE', body, token: other.token })).status).toBe(404);
    expect((await inject(server, linkOf(project.accessKey), { method: 'DELETE', body })).status).toBe(404);
    expect((await inject(server, linkOf(project.accessKey), { method: 'DELETE', body, token: owner.token })).status).toBe(404);
    for (const bad of [{}, { ids: [] }, { ids: ['1'] }, { ids: [0] }, { authors: 'all' }, { ids: [1], authors: 'guests' }]) {
      const res = await inject(server, ownerOf(project.id), { method: 'DELETE', body: bad, token: owner.token });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await remaining(project.id)).toHaveLength(4);
  });
});
