/**
 * Presenting live through the real server's sockets: who is there (numbered guests, names), the
 * presenter's view reaching followers (and a late one), the limits (a guest cannot present, a
 * message too large, too many messages, a full link), a closed socket leaving the list, an
 * unpublished link ending the guests' presence; and on PostgreSQL, two API apps sharing a link's
 * presence, views crossing between them, one app stopping.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_CLOSE_REFUSED, PRESENCE_LIMITS, type PresenceServerMessage } from '../../src/api/presence';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { POSTGRES_URL, postgresReachable } from './helpers/databases';
import { isPresence, openPresence, presenceUrl, type PresenceClient } from './helpers/presenceClient';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { secureToken } from './helpers/uploads';
import { presentedViewAt } from '../helpers/presentedView';

const VIEW = presentedViewAt(1.2, { camera: { view: 'free', position: [1.2, 0.9, 2.5], target: [0.3, 0.4, 0], orthoHalfHeight: null }, renderMode: 'xray', explode: 0.25, selection: '12' });

const names = (message: PresenceServerMessage) => (isPresence(message) ? message.viewers.map((v) => (v.name ?? `#${v.number}`) + (v.presentingSince ? '*' : '') + (v.following ? '>' : '')) : []);
const listing = (expected: string[]) => (message: PresenceServerMessage) => isPresence(message) && JSON.stringify(names(message).sort()) === JSON.stringify([...expected].sort());
const isView = (message: PresenceServerMessage): message is Extract<PresenceServerMessage, { type: 'view' }> => message.type === 'view';
const refused = (code: string) => (message: PresenceServerMessage) => message.type === 'refused' && message.code === code;

describe('presence on one process', () => {
  let server: TestServer;
  let owner: TestUser;
  const open: PresenceClient[] = [];
  const connect = async (path: string) => {
    const client = await openPresence(presenceUrl(server.baseUrl, path));
    open.push(client);
    return client;
  };
  const asOwner = async (projectId: number) => connect(`${projectId}/presence?token=${await secureToken(server, owner.token)}`);

  beforeAll(async () => {
    // A full link's hundred sockets come from one address.
    server = await startTestServer({ env: { MAX_CONNECTIONS_PER_IP: '0' } });
    owner = await addUser(server, 'Olga Owner');
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.close();
  });

  it('lists the owner and the guests, unnamed guests numbered, and follows a closed tab out', async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: ALL_SHARE_OPTIONS });
    const olga = await asOwner(project.id);
    expect(await olga.next((m) => m.type === 'welcome')).toMatchObject({ role: 'owner' });
    const first = await connect(`accessKeys/${project.accessKey}/presence`);
    expect(await first.next((m) => m.type === 'welcome')).toMatchObject({ role: 'guest' });
    const second = await connect(`accessKeys/${project.accessKey}/presence`);
    await olga.next(listing(['Olga Owner', '#1', '#2']));
    second.send({ type: 'hello', name: 'Claire' });
    await first.next(listing(['Olga Owner', '#1', 'Claire']));
    first.close();
    await olga.next(listing(['Olga Owner', 'Claire']));
    expect(server.app.presence.viewersOf(project.id).map((v) => v.name)).toEqual(['Olga Owner', 'Claire']);
  });

  it('sends the presenter view to every follower, and to one who comes late; the owner sees who follows', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const olga = await asOwner(project.id);
    const guest = await connect(`accessKeys/${project.accessKey}/presence`);
    olga.send({ type: 'present', on: true });
    await guest.next((m) => isPresence(m) && m.viewers.some((v) => v.role === 'owner' && v.presentingSince !== null));
    olga.send({ type: 'view', view: VIEW });
    const seen = await guest.next(isView);
    expect(seen.view).toEqual(VIEW);
    guest.send({ type: 'follow', following: true });
    await olga.next(listing(['Olga Owner*', '#1>']));
    const late = await connect(`accessKeys/${project.accessKey}/presence`);
    expect((await late.next(isView)).view).toEqual(VIEW);
    // Presenting stops: a newcomer gets no stale view.
    olga.send({ type: 'present', on: false });
    await late.next(listing(['Olga Owner', '#1>', '#2']));
    const later = await connect(`accessKeys/${project.accessKey}/presence`);
    await later.next(isPresence);
    expect(later.messages.some((m) => m.type === 'view')).toBe(false);
  });

  it('refuses a guest who tries to present or to move the others, and a message too large', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const olga = await asOwner(project.id);
    const guest = await connect(`accessKeys/${project.accessKey}/presence`);
    await olga.next(listing(['Olga Owner', '#1']));
    guest.send({ type: 'present', on: true });
    await guest.next(refused('notAllowed'));
    guest.send({ type: 'view', view: VIEW });
    await guest.next(refused('notAllowed'));
    expect(olga.messages.some(isView)).toBe(false);
    expect(server.app.presence.viewersOf(project.id).every((v) => v.presentingSince === null)).toBe(true);
    // A point is anyone's.
    guest.send({ type: 'point', at: [0.1, 0.2, 0.3] });
    expect(await olga.next((m) => m.type === 'point')).toMatchObject({ at: [0.1, 0.2, 0.3] });
    // One megabyte: refused, and the socket closed.
    guest.send(JSON.stringify({ type: 'hello', name: 'x'.repeat(1024 * 1024) }));
    await guest.next(refused('tooLarge'));
    expect(await guest.closed).toBe(PRESENCE_CLOSE_REFUSED);
    await olga.next(listing(['Olga Owner']));
    // A damaged message is refused, the socket kept.
    olga.send('{not json');
    await olga.next(refused('badMessage'));
  });

  it('drops messages past the rate, telling the sender once a second', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const guest = await connect(`accessKeys/${project.accessKey}/presence`);
    const olga = await asOwner(project.id);
    await olga.next(listing(['Olga Owner', '#1']));
    for (let i = 0; i < PRESENCE_LIMITS.burst + 30; i += 1) guest.send({ type: 'point', at: [i, 0, 0] });
    await guest.next(refused('tooFast'));
    // The server reads a socket's messages in order, its closing last: once the guest has left, every point has been handled.
    guest.close();
    await olga.next(listing(['Olga Owner']));
    const points = olga.messages.filter((m) => m.type === 'point').length;
    expect(points).toBeGreaterThanOrEqual(PRESENCE_LIMITS.burst);
    expect(points).toBeLessThan(PRESENCE_LIMITS.burst + 30);
    expect(guest.messages.filter(refused('tooFast')).length).toBe(1);
  });

  it('refuses the viewer past the limit of a link', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const guests = await Promise.all(Array.from({ length: PRESENCE_LIMITS.viewersPerLink }, () => connect(`accessKeys/${project.accessKey}/presence`)));
    await guests[0].next((m) => isPresence(m) && m.viewers.length === PRESENCE_LIMITS.viewersPerLink, 10_000);
    const extra = await connect(`accessKeys/${project.accessKey}/presence`);
    await extra.next(refused('full'));
    expect(await extra.closed).toBe(PRESENCE_CLOSE_REFUSED);
    for (const guest of guests) guest.close();
  });

  it('ends the guests when the link is unpublished; the owner stays; an unknown link is refused', async () => {
    const project = await addProject(server, owner.user.id, { published: true });
    const olga = await asOwner(project.id);
    const guest = await connect(`accessKeys/${project.accessKey}/presence`);
    await olga.next(listing(['Olga Owner', '#1']));
    const response = await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: false } });
    expect(response.status).toBe(204);
    expect(await guest.next((m) => m.type === 'ended')).toEqual({ type: 'ended', reason: 'unpublished' });
    expect(await guest.closed).toBe(PRESENCE_CLOSE_REFUSED);
    await olga.next(listing(['Olga Owner']));
    const gone = await connect(`accessKeys/${project.accessKey}/presence`);
    await gone.next(refused('notFound'));
    // A token used once does not open a second socket.
    const token = await secureToken(server, owner.token);
    const once = await connect(`${project.id}/presence?token=${token}`);
    await once.next((m) => m.type === 'welcome');
    const twice = await connect(`${project.id}/presence?token=${token}`);
    await twice.next(refused('notFound'));
  });
});

const reachable = await postgresReachable();

describe.skipIf(!reachable)('presence across two API apps on PostgreSQL', () => {
  const schema = `test_presence_${process.pid}_${randomBytes(3).toString('hex')}`;
  let first: TestServer;
  let second: TestServer;
  let owner: TestUser;
  const open: PresenceClient[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
    first = await startTestServer({ env, pgSchema: schema });
    second = await startTestServer({ env, pgSchema: schema });
    owner = await addUser(first, 'Olga Owner');
  }, 60_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await first?.close();
    await second?.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('shares the list and the view between processes, and forgets a process that stops', async () => {
    const project = await addProject(first, owner.user.id, { published: true });
    const olga = await openPresence(presenceUrl(first.baseUrl, `${project.id}/presence?token=${await secureToken(first, owner.token)}`));
    const guest = await openPresence(presenceUrl(second.baseUrl, `accessKeys/${project.accessKey}/presence`));
    open.push(olga, guest);
    await olga.next(listing(['Olga Owner', '#1']));
    await guest.next(listing(['Olga Owner', '#1']));
    olga.send({ type: 'present', on: true });
    olga.send({ type: 'view', view: VIEW });
    expect((await guest.next(isView)).view).toEqual(VIEW);
    // A guest who comes to the second process late gets the view at once.
    const late = await openPresence(presenceUrl(second.baseUrl, `accessKeys/${project.accessKey}/presence`));
    open.push(late);
    expect((await late.next(isView)).view).toEqual(VIEW);
    // The first process stops: the guests on the second see the owner leave.
    const stopping = first;
    first = undefined as unknown as TestServer;
    await stopping.close();
    await guest.next(listing(['#1', '#2']), 10_000);
  }, 30_000);
});
