/**
 * projects/create over a real socket against the real server and conversion pool, with the
 * product's socket client: every format, the messages in order, the credit spent, the GLB served.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSchema, type Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { assemblyTree, glbTree, readGlb } from '../convert/glbTree';
import { call } from './helpers/http';
import { addUser, type TestUser } from './helpers/projectFixtures';
import type { TestServer } from './helpers/testServer';
import {
  lastMessage,
  messageShape,
  planOf,
  projectBlobFiles,
  secureToken,
  startUploadServer,
  upload,
  type UploadOutcome,
} from './helpers/uploads';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startUploadServer();
  owner = await addUser(server, 'Olivia Owner');
  await server.database.db.updateTable('subscription_plans').set({ total_credits: 100 }).where('user_id', '=', owner.user.id).execute();
});
afterAll(() => server.close());

const small = generateAssembly({ parts: 12, seed: 3 });
const tiny = generateAssembly({ parts: 6, seed: 3 });

async function create(fileName: string, file: Uint8Array, projectName = ''): Promise<UploadOutcome> {
  return upload(server, { kind: 'create', secureToken: await secureToken(server, owner.token), projectName, fileName, file });
}

function resultOf(outcome: UploadOutcome): Project {
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)} / ${outcome.failure}`);
  return last.project;
}

/** The model as a browser gets it: compressed on the wire (made at conversion), its decoded size named. */
async function fetchGlb(modelUrl: string): Promise<Uint8Array> {
  const response = await fetch(`${server.baseUrl}${modelUrl}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('model/gltf-binary');
  expect(response.headers.get('content-encoding')).toBe('br');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Number(response.headers.get('content-length'))).toBeLessThan(bytes.byteLength);
  expect(Number(response.headers.get('x-decoded-length'))).toBe(bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('glTF');
  return bytes;
}

/** status messages (progress rising within 0..1, the last one saving at 1), then one result. */
function expectProgressThenResult(outcome: UploadOutcome): void {
  expect(outcome.failure).toBeUndefined();
  expect(messageShape(outcome)).toEqual(['status', 'result']);
  const statuses = outcome.messages.flatMap((m) => (m.type === 'status' ? [m] : []));
  expect(statuses[0]).toEqual({ type: 'status', progress: 0, activity: 'Checking the file' });
  expect(statuses.at(-1)).toEqual({ type: 'status', progress: 1, activity: 'Saving the project' });
  const values = statuses.map((s) => s.progress);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(outcome.sent.at(-1)).toBe(1);
}

describe('projects/create', () => {
  const cases: Array<[string, () => Promise<Uint8Array>, string[] | null]> = [
    ['kitchen.dae', () => writeSample(small, 'dae'), assemblyTree(small.root)],
    ['kitchen.dxf', () => writeSample(small, 'dxf'), assemblyTree(small.root)],
    ['kitchen.zip', () => writeSample(small, 'zip'), assemblyTree(small.root)],
    ['kitchen.vok', () => writeSample(small, 'vok'), assemblyTree(small.root)],
    ['kitchen.stp', () => writeSample(tiny, 'step'), null],
    ['Cube 10x10.igs', async () => readFileSync('node_modules/occt-import-js/test/testfiles/cube-10x10mm/Cube 10x10.igs'), null],
  ];

  it.each(cases)('%s becomes a project at revision 1, paid by one credit, whose model URL serves the GLB', async (fileName, make, tree) => {
    const before = await planOf(server, owner.user.id);
    const bytes = await make();
    const outcome = await create(fileName, bytes);
    expectProgressThenResult(outcome);
    const project = resultOf(outcome);
    expect(project).toMatchObject({
      name: fileName.replace(/\.[a-z]+$/, ''),
      revisionNumber: 1,
      consumedUpdateCount: 0,
      maxUpdateCount: 3,
      ownerName: 'Olivia Owner',
      currentStage: 'new',
      isPublished: false,
    });
    expect((await planOf(server, owner.user.id)).consumedCredits).toBe(before.consumedCredits + 1);

    const doc = await readGlb(await fetchGlb(project.modelUrl));
    const names = glbTree(doc);
    if (tree) expect(names).toEqual(tree);
    else expect(names.length).toBeGreaterThan(0);
    if (fileName.endsWith('.stp')) expect(names).toContain(`0:${tiny.root.name}`);

    // The original is kept beside the GLB in the revision folder; the project API shows the same project.
    const files = await projectBlobFiles(server);
    const ext = fileName.split('.').pop();
    expect(files).toEqual(expect.arrayContaining([`${project.id}/r1/model.glb`, `${project.id}/r1/original.${ext}`]));
    const read = await call(server.baseUrl, `/api/v1/projects/${project.id}`, { token: owner.token });
    expect(projectSchema.parse(read.json)).toEqual(project);
  });

  it('uses the second text value as the project name, and refuses an invalid one', async () => {
    const dae = await writeSample(small, 'dae');
    expect(resultOf(await create('export-17.dae', dae, '  Smith kitchen  ')).name).toBe('Smith kitchen');
    const bad = await create('export-17.dae', dae, 'a/b');
    expect(messageShape(bad)).toEqual(['error:The project name is not valid: Invalid characters.']);
  });

  it('exports a project as .vok (owner only) that uploads again to the same tree', async () => {
    const project = resultOf(await create('Kitchen é.dae', await writeSample(small, 'dae')));
    const other = await addUser(server);
    expect((await call(server.baseUrl, `/api/v1/projects/${project.id}/export.vok`, { token: other.token })).status).toBe(404);
    expect((await call(server.baseUrl, `/api/v1/projects/${project.id}/export.vok`)).status).toBe(401);

    const response = await fetch(`${server.baseUrl}/api/v1/projects/${project.id}/export.vok`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Kitchen _.vok"; filename*=UTF-8''Kitchen%20%C3%A9.vok`);
    const vok = new Uint8Array(await response.arrayBuffer());

    const again = resultOf(await create('Kitchen é.vok', vok));
    expect(again.id).not.toBe(project.id);
    expect(glbTree(await readGlb(await fetchGlb(again.modelUrl)))).toEqual(assemblyTree(small.root));
  });
});
