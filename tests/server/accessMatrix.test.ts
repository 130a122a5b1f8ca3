/**
 * The access-control matrix: every project API route, called by every kind of caller, against a
 * fresh project each time, answers the expected status; refused calls change no row; every answer
 * parses with the contract's schemas. The whole matrix is printed as one table.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiErrorSchema,
  attachmentListSchema,
  brandingSchema,
  commentListSchema,
  noteAnchorSchema,
  createdItemSchema,
  projectListSchema,
  projectSchema,
  revisionChangesSchema,
  revisionListSchema,
  sharedProjectSchema,
  subscriptionPlanListSchema,
} from '../../src/api/schemas';
import { bulkDeleteResultSchema } from '../../src/api/noteSchemas';
import { namedTreeSchema } from '../../src/model/parts/partsList';
import { generateAccessKey } from '../../server/domain/accessKeys';
import { modelUrlOf } from '../../server/http/projectViews';
import { estimateSchema } from '../../src/model/cutting/estimate';
import { workshopSettingsSchema } from '../../src/model/cutting/workshopSettings';
import { POSTGRES_URL, postgresReachable } from './helpers/databases';
import { addGuestComment, addOwnerAttachment, addProject, addRevision, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { formatMatrix, snapshotRows } from './helpers/matrix';

const ROLES = ['owner', 'other user', 'guest with key', 'guest without key', 'unpublished key', 'deleted key'] as const;
type Role = (typeof ROLES)[number];

interface Target {
  token?: string;
  id: number;
  key: string;
  modelUrl: string;
  commentId: number;
  attachmentId: number;
}

interface RouteCase {
  label: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: (t: Target) => string;
  body?: unknown;
  /** Expected status per role, in ROLES order. */
  expect: readonly [number, number, number, number, number, number];
  schema?: z.core.$ZodType;
}

const OWNER_ONLY = [200, 404, 401, 401, 401, 401] as const;
const ACCOUNT = [200, 200, 401, 401, 401, 401] as const;
const LINK = [200, 200, 200, 404, 404, 404] as const;
const id = (t: Target) => `/api/v1/projects/${t.id}`;
const key = (t: Target) => `/api/v1/projects/accessKeys/${t.key}`;
const with2xx = (row: readonly number[], status: number) => row.map((s) => (s === 200 ? status : s)) as unknown as RouteCase['expect'];

const ROUTES: RouteCase[] = [
  { label: 'GET projects', method: 'GET', path: () => '/api/v1/projects', expect: ACCOUNT, schema: projectListSchema },
  { label: 'GET projects/{id}', method: 'GET', path: id, expect: OWNER_ONLY, schema: projectSchema },
  { label: 'PATCH projects/{id}', method: 'PATCH', path: id, body: { currentStage: 'ready' }, expect: with2xx(OWNER_ONLY, 204) },
  { label: 'DELETE projects/{id}', method: 'DELETE', path: id, expect: with2xx(OWNER_ONLY, 204) },
  { label: 'GET projects/{id}/comments', method: 'GET', path: (t) => `${id(t)}/comments`, expect: OWNER_ONLY, schema: commentListSchema },
  { label: 'POST projects/{id}/comments', method: 'POST', path: (t) => `${id(t)}/comments`, body: { authorName: 'A', text: 'B' }, expect: with2xx(OWNER_ONLY, 201), schema: createdItemSchema },
  { label: 'GET projects/{id}/comments/{c}/view', method: 'GET', path: (t) => `${id(t)}/comments/${t.commentId}/view`, expect: OWNER_ONLY, schema: noteAnchorSchema },
  { label: 'DELETE projects/{id}/comments/{c}', method: 'DELETE', path: (t) => `${id(t)}/comments/${t.commentId}`, expect: with2xx(OWNER_ONLY, 204) },
  { label: 'DELETE projects/{id}/comments (bulk)', method: 'DELETE', path: (t) => `${id(t)}/comments`, body: { authors: 'guests' }, expect: OWNER_ONLY, schema: bulkDeleteResultSchema },
  { label: 'GET projects/{id}/attachments', method: 'GET', path: (t) => `${id(t)}/attachments`, expect: OWNER_ONLY, schema: attachmentListSchema },
  { label: 'POST projects/{id}/attachments', method: 'POST', path: (t) => `${id(t)}/attachments`, body: { authorName: 'A', name: 'N', url: 'https://example.com' }, expect: with2xx(OWNER_ONLY, 201), schema: createdItemSchema },
  { label: 'DELETE projects/{id}/attachments/{a}', method: 'DELETE', path: (t) => `${id(t)}/attachments/${t.attachmentId}`, expect: with2xx(OWNER_ONLY, 204) },
  { label: 'DELETE projects/{id}/attachments (bulk)', method: 'DELETE', path: (t) => `${id(t)}/attachments`, body: { authors: 'guests' }, expect: OWNER_ONLY, schema: bulkDeleteResultSchema },
  { label: 'GET projects/{id}/parts.csv', method: 'GET', path: (t) => `${id(t)}/parts.csv?unit=in`, expect: OWNER_ONLY },
  { label: 'GET projects/{id}/parts', method: 'GET', path: (t) => `${id(t)}/parts`, expect: OWNER_ONLY, schema: namedTreeSchema },
  { label: 'GET projects/{id}/estimate', method: 'GET', path: (t) => `${id(t)}/estimate`, expect: OWNER_ONLY, schema: estimateSchema },
  { label: 'GET projects/{id}/revisions', method: 'GET', path: (t) => `${id(t)}/revisions`, expect: OWNER_ONLY, schema: revisionListSchema },
  { label: 'GET projects/{id}/revisions/1/changes', method: 'GET', path: (t) => `${id(t)}/revisions/1/changes`, expect: OWNER_ONLY, schema: revisionChangesSchema },
  { label: 'POST projects/{id}/revisions/1/restore', method: 'POST', path: (t) => `${id(t)}/revisions/1/restore`, body: {}, expect: OWNER_ONLY, schema: projectSchema },
  { label: 'GET accessKeys/{key}', method: 'GET', path: key, expect: LINK, schema: sharedProjectSchema },
  // The fixture waits for approval at revision 2 with every option on (refusals: tests/server/revisions.test.ts).
  { label: 'POST accessKeys/{key}/approval', method: 'POST', path: (t) => `${key(t)}/approval`, body: { name: 'Client', revisionNumber: 2 }, expect: LINK, schema: sharedProjectSchema },
  // The fixture's links allow the parts list (every option on); tests/server/partsList.test.ts turns it off.
  { label: 'GET accessKeys/{key}/parts.csv', method: 'GET', path: (t) => `${key(t)}/parts.csv`, expect: LINK },
  // The fixture's links offer the estimate (every option on); tests/server/workshopRoutes.test.ts turns it off.
  { label: 'GET accessKeys/{key}/estimate', method: 'GET', path: (t) => `${key(t)}/estimate`, expect: LINK, schema: estimateSchema },
  // There is no part tree route on a link.
  { label: 'GET accessKeys/{key}/parts', method: 'GET', path: (t) => `${key(t)}/parts`, expect: [404, 404, 404, 404, 404, 404] },
  { label: 'GET accessKeys/{key}/logo', method: 'GET', path: (t) => `${key(t)}/logo`, expect: LINK },
  { label: 'GET accessKeys/{key}/comments', method: 'GET', path: (t) => `${key(t)}/comments`, expect: LINK, schema: commentListSchema },
  { label: 'POST accessKeys/{key}/comments', method: 'POST', path: (t) => `${key(t)}/comments`, body: { authorName: 'A', text: 'B' }, expect: with2xx(LINK, 201), schema: createdItemSchema },
  { label: 'GET accessKeys/{key}/comments/{c}/view', method: 'GET', path: (t) => `${key(t)}/comments/${t.commentId}/view`, expect: LINK, schema: noteAnchorSchema },
  { label: 'DELETE accessKeys/{key}/comments/{c}', method: 'DELETE', path: (t) => `${key(t)}/comments/${t.commentId}`, expect: [204, 403, 403, 404, 404, 404] },
  // Bulk delete is the owner's, on its own path only: a link has no such route.
  { label: 'DELETE accessKeys/{key}/comments (bulk)', method: 'DELETE', path: (t) => `${key(t)}/comments`, body: { authors: 'guests' }, expect: [404, 404, 404, 404, 404, 404] },
  { label: 'GET accessKeys/{key}/attachments', method: 'GET', path: (t) => `${key(t)}/attachments`, expect: LINK, schema: attachmentListSchema },
  { label: 'POST accessKeys/{key}/attachments', method: 'POST', path: (t) => `${key(t)}/attachments`, body: { authorName: 'A', name: 'N', url: 'https://example.com' }, expect: [403, 403, 403, 404, 404, 404] },
  { label: 'DELETE accessKeys/{key}/attachments/{a}', method: 'DELETE', path: (t) => `${key(t)}/attachments/${t.attachmentId}`, expect: [204, 403, 403, 404, 404, 404] },
  { label: 'GET branding', method: 'GET', path: () => '/api/v1/branding', expect: ACCOUNT, schema: brandingSchema },
  { label: 'GET branding/logo', method: 'GET', path: () => '/api/v1/branding/logo', expect: ACCOUNT },
  { label: 'PUT branding/logo', method: 'PUT', path: () => '/api/v1/branding/logo', expect: with2xx(ACCOUNT, 204) },
  { label: 'DELETE branding/logo', method: 'DELETE', path: () => '/api/v1/branding/logo', expect: with2xx(ACCOUNT, 204) },
  { label: 'PATCH settings', method: 'PATCH', path: () => '/api/v1/settings', body: { preferredDistanceUnit: 'in' }, expect: with2xx(ACCOUNT, 204) },
  { label: 'GET settings/workshop', method: 'GET', path: () => '/api/v1/settings/workshop', expect: ACCOUNT, schema: workshopSettingsSchema },
  { label: 'GET subscriptionPlans/active', method: 'GET', path: () => '/api/v1/subscriptionPlans/active', expect: ACCOUNT, schema: subscriptionPlanListSchema },
  // A model URL already handed out keeps working after unpublishing, while its revision is kept (until deletion).
  { label: 'GET {modelUrl}', method: 'GET', path: (t) => t.modelUrl, expect: [200, 200, 200, 404, 200, 404] },
];

const reachable = await postgresReachable();
const dialects = reachable ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
if (!reachable) console.warn(`PostgreSQL at ${POSTGRES_URL} is not reachable: the access matrix runs on SQLite only.`);

describe.each(dialects)('access-control matrix on %s', (dialect) => {
  const pgSchema = `test_matrix_${process.pid}_${randomBytes(4).toString('hex')}`;
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  let logo: Buffer;

  beforeAll(async () => {
    server = await startTestServer(
      dialect === 'postgres' ? { env: { DATABASE_URL: POSTGRES_URL, SHARE_RATE_LIMIT: '0' }, pgSchema } : { env: { SHARE_RATE_LIMIT: '0' } },
    );
    owner = await addUser(server, 'Olivia Owner');
    other = await addUser(server, 'Oscar Other');
    logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f80' } }).png().toBuffer();
  });
  afterAll(async () => {
    await server.close();
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
      await client.end();
    }
  });

  /** A fresh published project at revision 2 waiting for approval, with a guest's comment and the owner's hyperlink, as this role sees it. */
  async function targetFor(role: Role): Promise<Target> {
    const project = await addRevision(server, await addProject(server, owner.user.id, { published: true, stage: 'approval' }));
    const target: Target = {
      token: role === 'owner' ? owner.token : role === 'other user' ? other.token : undefined,
      id: project.id,
      key: project.accessKey,
      modelUrl: modelUrlOf(project),
      commentId: await addGuestComment(server, project.id),
      attachmentId: await addOwnerAttachment(server, project.id, owner.user.id),
    };
    if (role === 'guest without key') {
      return { ...target, key: generateAccessKey(), modelUrl: `/api/v1/models/${generateAccessKey()}/1.glb` };
    }
    if (role === 'unpublished key' || role === 'deleted key') {
      // The guest had the link and loaded the project before the owner withdrew it.
      expect((await inject(server, key(target))).status).toBe(200);
      const change = role === 'unpublished key'
        ? await inject(server, id(target), { method: 'PATCH', body: { isPublished: false }, token: owner.token })
        : await inject(server, id(target), { method: 'DELETE', token: owner.token });
      expect(change.status).toBe(204);
    }
    return target;
  }

  it('answers every route for every role as expected, and refusals change nothing', async () => {
    const actual: number[][] = [];
    const failures: string[] = [];
    // A target is reused until a call changes it (refusals are proven to change nothing).
    const targets = new Map<Role, Target>();
    for (const route of ROUTES) {
      const row: number[] = [];
      for (const [column, role] of ROLES.entries()) {
        const target = targets.get(role) ?? (await targetFor(role));
        targets.set(role, target);
        const before = await snapshotRows(server.database.db);
        const res = await inject(server, route.path(target), {
          method: route.method,
          token: target.token,
          ...(route.method === 'PUT' ? { payload: logo, contentType: 'image/png' } : route.body !== undefined ? { body: route.body } : {}),
        });
        row.push(res.status);
        if (route.method !== 'GET' && res.status < 300) targets.delete(role);
        const where = `${route.label} as ${role}`;
        if (res.status !== route.expect[column]) failures.push(`${where}: ${res.status}, expected ${route.expect[column]}`);
        if (res.status >= 400) {
          if (!apiErrorSchema.safeParse(res.json).success) failures.push(`${where}: error body off contract`);
          if (JSON.stringify(await snapshotRows(server.database.db)) !== JSON.stringify(before)) failures.push(`${where}: refused but changed rows`);
        } else if (route.schema && !z.safeParse(route.schema, res.json).success) {
          failures.push(`${where}: answer off contract`);
        }
      }
      actual.push(row);
    }
    console.log(`\nAccess-control matrix (${dialect}):\n${formatMatrix(ROLES, ROUTES.map((r) => r.label), actual, ROUTES.map((r) => r.expect))}\n`);
    expect(failures).toEqual([]);
  });
});
