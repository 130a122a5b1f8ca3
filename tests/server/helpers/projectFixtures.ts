/**
 * Builds project API fixtures: users with access tokens, projects with a stored model, comments
 * and hyperlinks, straight through the repositories; and an `inject` call for fast requests.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { ShareOptions, Stage } from '../../../src/api/schemas';
import { addNote } from '../../../server/db/projectNotes';
import { createProject, setProjectModel } from '../../../server/db/projects';
import type { Project } from '../../../server/db/projectRows';
import type { User } from '../../../server/db/users';
import { toSeconds } from '../../../server/domain/clock';
import { modelBlobKey, originalBlobKey } from '../../../server/domain/projectBlobKeys';
import { ALL_SHARE_OPTIONS } from '../../../src/api/schemas';
import { createAccount } from './accounts';
import type { TestServer } from './testServer';

let userCount = 0;

export interface TestUser {
  user: User;
  token: string;
}

export async function addUser(server: TestServer, fullName = 'Test User'): Promise<TestUser> {
  userCount += 1;
  const user = await createAccount(server.database.db, {
    username: `user${userCount}-${process.pid}@example.com`,
    password: 'a-long-password',
    fullName,
    nowMs: server.clock(),
  });
  return { user, token: await server.app.services.accessTokens.sign(user.id) };
}

/** A minimal valid GLB (header and one JSON chunk) with some padding to make ranges meaningful. */
export function tinyGlb(extraBytes = 1000): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' }, extras: { pad: 'x'.repeat(extraBytes) } }));
  const padded = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + padded.length, 8);
  header.writeUInt32LE(padded.length, 12);
  header.write('JSON', 16, 'latin1');
  return Buffer.concat([header, padded]);
}

export interface ProjectOptions {
  name?: string;
  published?: boolean;
  shareOptions?: ShareOptions;
  /** Store a model (revision 1); true unless told otherwise. */
  withModel?: boolean;
  glb?: Buffer;
  stage?: Stage;
}

/** A project the way the upload work makes one: create, write the revision's files, record them. */
export async function addProject(server: TestServer, ownerId: number, options: ProjectOptions = {}): Promise<Project> {
  const { db } = server.database;
  const nowSeconds = toSeconds(server.clock());
  const created = await createProject(db, {
    ownerId,
    name: options.name ?? 'Kitchen',
    nowSeconds,
    isPublished: options.published ?? false,
    shareOptions: options.shareOptions ?? ALL_SHARE_OPTIONS,
    stage: options.stage,
    maxUpdateCount: 3,
  });
  if (options.withModel === false) return created;
  const blobs = server.app.services.blobs;
  const model = modelBlobKey(created.id, 1);
  const original = originalBlobKey(created.id, 1, 'kitchen.step');
  await blobs.put(model, options.glb ?? tinyGlb());
  await blobs.put(original, 'ISO-10303-21;');
  const updated = await setProjectModel(db, {
    projectId: created.id,
    fromRevision: created.revisionNumber,
    model: { modelBlobKey: model, originalBlobKey: original, originalFileName: 'kitchen.step' },
    nowSeconds,
  });
  if (!updated) throw new Error('setProjectModel lost a race in a fixture');
  return updated;
}

/** The project's next revision, recorded the same way (no credit, no allowance change). */
export async function addRevision(server: TestServer, project: Project, glb: Buffer = tinyGlb(2000), fileName = 'kitchen-v2.step'): Promise<Project> {
  const revision = project.revisionNumber + 1;
  const model = modelBlobKey(project.id, revision);
  await server.app.services.blobs.put(model, glb);
  const updated = await setProjectModel(server.database.db, {
    projectId: project.id,
    fromRevision: project.revisionNumber,
    model: { modelBlobKey: model, originalBlobKey: null, originalFileName: fileName },
    nowSeconds: toSeconds(server.clock()),
  });
  if (!updated) throw new Error('setProjectModel lost a race in a fixture');
  return updated;
}

export async function addGuestComment(server: TestServer, projectId: number, guestId = 'someone-else'): Promise<number> {
  const comment = await addNote(server.database.db, 'comment', {
    projectId,
    authorUserId: null,
    authorGuestId: guestId,
    authorName: 'A guest',
    authorAvatarUrl: null,
    text: 'Looks good',
    createdAt: toSeconds(server.clock()),
  });
  return comment.id;
}

export async function addOwnerAttachment(server: TestServer, projectId: number, ownerId: number): Promise<number> {
  const attachment = await addNote(server.database.db, 'hyperlink', {
    projectId,
    authorUserId: ownerId,
    authorGuestId: null,
    authorName: 'Owner',
    authorAvatarUrl: null,
    name: 'Hinges',
    url: 'https://example.com/hinges',
    createdAt: toSeconds(server.clock()),
  });
  return attachment.id;
}

export interface InjectOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';
  token?: string;
  /** JSON unless `payload` is given. */
  body?: unknown;
  payload?: string | Buffer;
  contentType?: string;
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface InjectResult {
  status: number;
  headers: OutgoingHttpHeaders;
  json: unknown;
  raw: Buffer;
  /** `name=value` of each Set-Cookie. */
  cookies: { name: string; value: string; pair: string; attributes: string }[];
}

export async function inject(server: TestServer, url: string, options: InjectOptions = {}): Promise<InjectResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | Buffer | undefined = options.payload;
  if (payload === undefined && options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.contentType) headers['content-type'] = options.contentType;
  const response = await server.app.inject({
    method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
    url,
    headers,
    payload,
    remoteAddress: options.remoteAddress,
  });
  let json: unknown;
  try {
    json = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    json = undefined;
  }
  const setCookie = response.headers['set-cookie'];
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  const cookies = list.map((header) => {
    const [pair, ...rest] = header.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    return { name, value: pair.slice(name.length + 1), pair, attributes: rest.join(';').trim() };
  });
  return { status: response.statusCode, headers: response.headers, json, raw: response.rawPayload, cookies };
}
