import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SHARE_OPTIONS,
  apiErrorSchema,
  attachmentListSchema,
  commentListSchema,
  createdItemSchema,
  DEFAULT_AVATAR_URL,
} from '../../src/api/schemas';
import { findNote } from '../../server/db/projectNotes';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
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

const linkOf = (key: string) => `/api/v1/projects/accessKeys/${key}`;
const ownerOf = (id: number) => `/api/v1/projects/${id}`;

describe('comments through a shared link', () => {
  it('ties a guest’s comment to its cookie: only that guest and the owner may delete it', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const link = linkOf(project.accessKey);

    const created = await inject(server, `${link}/comments`, { body: { authorName: '  Gus  ', text: '  Nice oak  ' } });
    expect(created.status).toBe(201);
    const item = createdItemSchema.parse(created.json);
    expect(item.isDeletable).toBe(true);
    expect(item.date.getTime()).toBe(server.clock() - (server.clock() % 1000));
    const cookie = created.cookies.find((c) => c.name === 'guest_id');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/SameSite=Strict/i);
    expect(cookie?.attributes).toContain('Path=/api/v1/projects/accessKeys');
    const stored = await findNote(server.database.db, 'comment', project.id, item.id);
    expect(stored).toMatchObject({ authorName: 'Gus', text: 'Nice oak', authorUserId: null });
    // The database keeps a digest, not the cookie itself.
    expect(stored?.authorGuestId).not.toContain(cookie!.value);

    // A second comment from the same guest keeps its cookie (no new one).
    const again = await inject(server, `${link}/comments`, { body: { authorName: 'Gus', text: 'And the handles' }, cookie: cookie!.pair });
    expect(again.cookies).toEqual([]);

    const asGuest = commentListSchema.parse((await inject(server, `${link}/comments`, { cookie: cookie!.pair })).json);
    const asStranger = commentListSchema.parse((await inject(server, `${link}/comments`)).json);
    const asOtherUser = commentListSchema.parse((await inject(server, `${link}/comments`, { token: other.token })).json);
    const asOwner = commentListSchema.parse((await inject(server, `${ownerOf(project.id)}/comments`, { token: owner.token })).json);
    expect(asGuest.map((c) => [c.text, c.isDeletable])).toEqual([['Nice oak', true], ['And the handles', true]]);
    expect(asStranger.every((c) => !c.isDeletable)).toBe(true);
    expect(asOtherUser.every((c) => !c.isDeletable)).toBe(true);
    expect(asOwner.every((c) => c.isDeletable)).toBe(true);
    expect(asGuest[0]).toMatchObject({ authorName: 'Gus', authorAvatarUrl: DEFAULT_AVATAR_URL });

    const strangerDelete = await inject(server, `${link}/comments/${item.id}`, { method: 'DELETE' });
    expect(strangerDelete.status).toBe(403);
    expect(apiErrorSchema.parse(strangerDelete.json).error).toBe('forbidden');
    expect((await inject(server, `${link}/comments/${item.id}`, { method: 'DELETE', token: other.token })).status).toBe(403);
    expect((await inject(server, `${link}/comments/${item.id}`, { method: 'DELETE', cookie: cookie!.pair })).status).toBe(204);
    expect((await inject(server, `${link}/comments/${item.id}`, { method: 'DELETE', cookie: cookie!.pair })).status).toBe(404);

    const second = asGuest[1].id;
    expect((await inject(server, `${ownerOf(project.id)}/comments/${second}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(commentListSchema.parse((await inject(server, `${link}/comments`)).json)).toEqual([]);
  });

  it('lets a logged-in user on a link delete what it wrote, by its account rather than a cookie', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const link = linkOf(project.accessKey);
    const created = await inject(server, `${link}/comments`, { body: { authorName: 'Oscar', text: 'Mine' }, token: other.token });
    expect(created.status).toBe(201);
    expect(created.cookies).toEqual([]);
    const { id } = createdItemSchema.parse(created.json);
    const list = commentListSchema.parse((await inject(server, `${link}/comments`, { token: other.token })).json);
    expect(list.find((c) => c.id === id)?.isDeletable).toBe(true);
    expect((await inject(server, `${link}/comments/${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await inject(server, `${link}/comments/${id}`, { method: 'DELETE', token: other.token })).status).toBe(204);
  });

  it('exists on a link only where the owner enabled comments; the owner path always has them', async () => {
    const project = await addProject(server, owner.user.id, {
      published: true,
      shareOptions: { ...ALL_SHARE_OPTIONS, isCommentsVisible: false },
    });
    const link = linkOf(project.accessKey);
    expect((await inject(server, `${link}/comments`)).status).toBe(404);
    expect((await inject(server, `${link}/comments`, { body: { authorName: 'G', text: 'hi' } })).status).toBe(404);
    const ownerPost = await inject(server, `${ownerOf(project.id)}/comments`, { body: { authorName: 'Olivia', text: 'note' }, token: owner.token });
    expect(ownerPost.status).toBe(201);
    const { id } = createdItemSchema.parse(ownerPost.json);
    expect((await inject(server, `${link}/comments/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
    expect(commentListSchema.parse((await inject(server, `${ownerOf(project.id)}/comments`, { token: owner.token })).json)).toHaveLength(1);
  });

  it('refuses empty, whitespace-only, over-long and NUL-carrying comments', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const url = `${linkOf(project.accessKey)}/comments`;
    for (const body of [
      {},
      { authorName: 'G' },
      { text: 'hi' },
      { authorName: '   ', text: 'hi' },
      { authorName: 'G', text: ' \n\t ' },
      { authorName: 'G', text: 'x'.repeat(4001) },
      { authorName: 'x'.repeat(101), text: 'hi' },
      { authorName: 'G', text: 'a\u0000b' },
      { authorName: 1, text: 'hi' },
    ]) {
      const res = await inject(server, url, { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      apiErrorSchema.parse(res.json);
    }
    expect(commentListSchema.parse((await inject(server, url)).json)).toEqual([]);
  });
});

describe('hyperlinks', () => {
  it('are added by the owner on its path, read on a link where enabled, never added on a link', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const link = linkOf(project.accessKey);
    const created = await inject(server, `${ownerOf(project.id)}/attachments`, {
      body: { authorName: ' Olivia ', name: ' Hinge data ', url: ' https://example.com/hinge?x=1 ' },
      token: owner.token,
    });
    expect(created.status).toBe(201);
    expect(createdItemSchema.parse(created.json).isDeletable).toBe(true);

    const guestView = attachmentListSchema.parse((await inject(server, `${link}/attachments`)).json);
    expect(guestView).toEqual([
      expect.objectContaining({ authorName: 'Olivia', name: 'Hinge data', url: 'https://example.com/hinge?x=1', isDeletable: false }),
    ]);
    const ownerOnLink = attachmentListSchema.parse((await inject(server, `${link}/attachments`, { token: owner.token })).json);
    expect(ownerOnLink[0].isDeletable).toBe(true);

    const body = { authorName: 'G', name: 'Spam', url: 'https://example.com' };
    for (const options of [{}, { token: other.token }, { token: owner.token }]) {
      const res = await inject(server, `${link}/attachments`, { body, ...options });
      expect(res.status).toBe(403);
    }
    expect((await inject(server, `${link}/attachments/${guestView[0].id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await inject(server, `${ownerOf(project.id)}/attachments/${guestView[0].id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await inject(server, `${ownerOf(project.id)}/attachments/${guestView[0].id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(attachmentListSchema.parse((await inject(server, `${link}/attachments`)).json)).toEqual([]);
  });

  it('are hidden from a link where the owner turned them off', async () => {
    const project = await addProject(server, owner.user.id, {
      published: true,
      shareOptions: { ...ALL_SHARE_OPTIONS, isAttachmentVisible: false },
    });
    expect((await inject(server, `${linkOf(project.accessKey)}/attachments`)).status).toBe(404);
    expect((await inject(server, `${ownerOf(project.id)}/attachments`, { token: owner.token })).status).toBe(200);
  });

  it('accept only http and https URLs', async () => {
    const project = await addProject(server, owner.user.id);
    const url = `${ownerOf(project.id)}/attachments`;
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'ftp://example.com', '//evil.example', '/relative', 'mailto:a@b.c', 'http://', 'https://exa mple.com', 'jav\tascript:alert(1)']) {
      const res = await inject(server, url, { body: { authorName: 'O', name: 'Link', url: bad }, token: owner.token });
      expect(res.status, bad).toBe(400);
    }
    for (const good of ['http://example.com', 'https://example.com/a b', 'HTTPS://EXAMPLE.COM/Path']) {
      const res = await inject(server, url, { body: { authorName: 'O', name: 'Link', url: good }, token: owner.token });
      expect(res.status, good).toBe(201);
    }
    const stored = attachmentListSchema.parse((await inject(server, url, { token: owner.token })).json).map((a) => a.url);
    expect(stored).toEqual(['http://example.com/', 'https://example.com/a%20b', 'https://example.com/Path']);
  });
});
