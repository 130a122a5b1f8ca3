/**
 * projects/setModel and the credit round-trip over a real socket: updates within the free
 * allowance, past it with the answer true or false, with no credit left, with an UNLIMITED plan,
 * with no answer at all, and two updates of one project at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionListSchema, type Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { addPlan } from '../../server/db/plans';
import { DAY_SECONDS, toSeconds } from '../../server/domain/clock';
import { call } from './helpers/http';
import { addUser, type TestUser } from './helpers/projectFixtures';
import {
  lastMessage,
  messageShape,
  planOf,
  projectBlobFiles,
  secureToken,
  startUploadServer,
  upload,
  type UploadOptions,
  type UploadOutcome,
  type UploadServer,
} from './helpers/uploads';

let server: UploadServer;
let dxf: Uint8Array;

beforeAll(async () => {
  server = await startUploadServer({ appDeps: { uploadTimeouts: { confirmMs: 1500 } } });
  dxf = await writeSample(generateAssembly({ parts: 12, seed: 5 }), 'dxf');
});
afterAll(() => server.close());

async function create(user: TestUser): Promise<UploadOutcome> {
  return upload(server, { kind: 'create', secureToken: await secureToken(server, user.token), projectName: '', fileName: 'kitchen.dxf', file: dxf });
}

async function update(user: TestUser, projectId: number, options: UploadOptions = {}, file = dxf): Promise<UploadOutcome> {
  const token = await secureToken(server, user.token);
  return upload(server, { kind: 'setModel', secureToken: token, projectId, fileName: 'kitchen-v2.dxf', file }, options);
}

function projectOf(outcome: UploadOutcome): Project {
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)} / ${outcome.failure}`);
  return last.project;
}

async function read(user: TestUser, id: number) {
  return (await call(server.baseUrl, `/api/v1/projects/${id}`, { token: user.token })).json as Record<string, unknown>;
}

async function setAllowance(projectId: number, consumed: number, max: number): Promise<void> {
  await server.database.db
    .updateTable('projects')
    .set({ consumed_update_count: consumed, max_update_count: max })
    .where('id', '=', projectId)
    .execute();
}

async function spendAllCredits(userId: number): Promise<void> {
  await server.database.db.updateTable('subscription_plans').set((eb) => ({ consumed_credits: eb.ref('total_credits') })).where('user_id', '=', userId).execute();
}

describe('projects/setModel within the free allowance', () => {
  it('three free updates: each a new revision and a new model URL, no question, no credit', async () => {
    const owner = await addUser(server);
    const created = projectOf(await create(owner));
    expect((await planOf(server, owner.user.id)).consumedCredits).toBe(1);
    let previous = created;
    for (const n of [1, 2, 3]) {
      const outcome = await update(owner, created.id);
      expect(messageShape(outcome)).toEqual(['status', 'result']);
      const updated = projectOf(outcome);
      expect(updated).toMatchObject({ id: created.id, revisionNumber: 1 + n, consumedUpdateCount: n, maxUpdateCount: 3 });
      expect(updated.modelUrl).not.toBe(previous.modelUrl);
      // The old revision is kept: its own URL stops (docs/api.md), the owner's revision list serves it; the new one serves the new GLB.
      expect((await fetch(`${server.baseUrl}${previous.modelUrl}`)).status).toBe(404);
      const list = revisionListSchema.parse((await call(server.baseUrl, `/api/v1/projects/${created.id}/revisions`, { token: owner.token })).json);
      const kept = list.find((r) => r.revisionNumber === previous.revisionNumber)!;
      expect((await fetch(`${server.baseUrl}${kept.modelUrl}`)).status).toBe(200);
      const glb = await fetch(`${server.baseUrl}${updated.modelUrl}`);
      expect(glb.status).toBe(200);
      expect(new TextDecoder().decode(new Uint8Array(await glb.arrayBuffer()).subarray(0, 4))).toBe('glTF');
      previous = updated;
    }
    const files = (await projectBlobFiles(server)).filter((f) => f.startsWith(`${created.id}/`));
    const revisionFiles = (r: number) => [`${created.id}/r${r}/ar.glb`, `${created.id}/r${r}/ar.usdz`, `${created.id}/r${r}/model.glb`, `${created.id}/r${r}/model.glb.br`, `${created.id}/r${r}/model.glb.gz`, `${created.id}/r${r}/original.dxf`, `${created.id}/r${r}/poster-small.webp`, `${created.id}/r${r}/poster.webp`];
    expect(files).toEqual([1, 2, 3, 4].flatMap(revisionFiles));
    expect((await planOf(server, owner.user.id)).consumedCredits).toBe(1);
  });
});

describe('projects/setModel past the allowance', () => {
  it('asks confirmConsumeCredit; true spends one credit and extends the allowance by maxUpdatePerCredit', async () => {
    const owner = await addUser(server);
    const created = projectOf(await create(owner));
    await setAllowance(created.id, 3, 3);
    const outcome = await update(owner, created.id, { confirm: true });
    expect(messageShape(outcome)).toEqual(['confirmConsumeCredit', 'status', 'result']);
    expect(projectOf(outcome)).toMatchObject({ revisionNumber: 2, consumedUpdateCount: 4, maxUpdateCount: 6 });
    expect((await planOf(server, owner.user.id)).consumedCredits).toBe(2);
    // The next update is within the extended allowance again: no question.
    const next = await update(owner, created.id);
    expect(messageShape(next)).toEqual(['status', 'result']);
    expect((await planOf(server, owner.user.id)).consumedCredits).toBe(2);
  });

  it('false ends with credit_usage_refused: no conversion, no credit, the project unchanged', async () => {
    const owner = await addUser(server);
    const created = projectOf(await create(owner));
    await setAllowance(created.id, 3, 3);
    const before = await read(owner, created.id);
    const conversions = server.conversions.length;
    const outcome = await update(owner, created.id, { confirm: false });
    expect(messageShape(outcome)).toEqual(['confirmConsumeCredit', 'error:credit_usage_refused']);
    expect(outcome.failure).toBeUndefined();
    expect(server.conversions.length).toBe(conversions);
    expect(await read(owner, created.id)).toEqual(before);
    expect((await planOf(server, owner.user.id)).consumedCredits).toBe(1);
    expect((await projectBlobFiles(server)).filter((f) => f.startsWith(`${created.id}/`))).toEqual([
      `${created.id}/r1/ar.glb`,
      `${created.id}/r1/ar.usdz`,
      `${created.id}/r1/model.glb`,
      `${created.id}/r1/model.glb.br`,
      `${created.id}/r1/model.glb.gz`,
      `${created.id}/r1/original.dxf`,
      `${created.id}/r1/poster-small.webp`,
      `${created.id}/r1/poster.webp`,
    ]);
  });

  it('no answer within the wait: an error, and nothing changes', async () => {
    const owner = await addUser(server);
    const created = projectOf(await create(owner));
    await setAllowance(created.id, 3, 3);
    const outcome = await update(owner, created.id);
    expect(messageShape(outcome)).toEqual([
      'confirmConsumeCredit',
      'error:No answer came to the credit confirmation, so the update was cancelled.',
    ]);
    expect((await read(owner, created.id)).revisionNumber).toBe(1);
    expect((await planOf(server, owner.user.id)).consumedCredits).toBe(1);
  });

  it('with no credit left: insufficient_credits without asking, and a create is refused before converting', async () => {
    const owner = await addUser(server);
    const created = projectOf(await create(owner));
    await setAllowance(created.id, 3, 3);
    await spendAllCredits(owner.user.id);
    const conversions = server.conversions.length;

    const updated = await update(owner, created.id, { confirm: true });
    expect(messageShape(updated)).toEqual(['error:insufficient_credits']);
    const again = await create(owner);
    expect(messageShape(again)).toEqual(['error:insufficient_credits']);
    expect(server.conversions.length).toBe(conversions);
    expect((await read(owner, created.id)).revisionNumber).toBe(1);

    // A free update still works without any credit.
    await setAllowance(created.id, 2, 3);
    expect(projectOf(await update(owner, created.id))).toMatchObject({ revisionNumber: 2, consumedUpdateCount: 3 });
  });

  it('an UNLIMITED plan pays without spending a credit and without asking', async () => {
    const owner = await addUser(server);
    await spendAllCredits(owner.user.id);
    const nowSeconds = toSeconds(server.clock());
    await addPlan(server.database.db, {
      userId: owner.user.id,
      sku: 'UNLIMITED',
      name: 'Unlimited',
      totalCredits: 0,
      maxUpdatePerCredit: 2,
      expirationDate: nowSeconds + 30 * DAY_SECONDS,
      nowSeconds,
    });
    const created = projectOf(await create(owner));
    expect(created).toMatchObject({ consumedUpdateCount: 0, maxUpdateCount: 2 });
    await setAllowance(created.id, 2, 2);
    const outcome = await update(owner, created.id);
    expect(messageShape(outcome)).toEqual(['status', 'result']);
    expect(projectOf(outcome)).toMatchObject({ consumedUpdateCount: 3, maxUpdateCount: 4 });
  });
});

describe('projects/setModel refusals', () => {
  it("someone else's project, or no such project", async () => {
    const owner = await addUser(server);
    const stranger = await addUser(server);
    const created = projectOf(await create(owner));
    for (const outcome of [await update(stranger, created.id), await update(owner, 999_999)]) {
      expect(messageShape(outcome)).toEqual(['error:This project no longer exists.']);
    }
    expect((await read(owner, created.id)).revisionNumber).toBe(1);
  });

  it('one update of a project at a time', async () => {
    const owner = await addUser(server);
    const created = projectOf(await create(owner));
    const big = await writeSample(generateAssembly({ parts: 1500, seed: 5 }), 'dxf');
    let second: Promise<UploadOutcome> | undefined;
    const first = await update(
      owner,
      created.id,
      {
        onMessage(message) {
          if (message.type === 'status' && !second) second = update(owner, created.id);
        },
      },
      big,
    );
    expect(messageShape(await second!)).toEqual([
      'error:Another model update of this project is in progress. Wait for it to finish, then try again.',
    ]);
    expect(projectOf(first)).toMatchObject({ revisionNumber: 2, consumedUpdateCount: 1 });
  });
});

describe('projects/setModel on a project whose current revision the client approved', () => {
  async function approved(owner: TestUser): Promise<Project> {
    const created = projectOf(await create(owner));
    await server.database.db
      .updateTable('projects')
      .set({ current_stage: 'ready', approval_name: 'Claire', approval_date: toSeconds(server.clock()), approval_revision: created.revisionNumber })
      .where('id', '=', created.id)
      .execute();
    return created;
  }

  it('?approval=keep keeps the stage and the approval, marked as given to the older revision; without it the project waits for approval again', async () => {
    const owner = await addUser(server);
    const kept = await approved(owner);
    const token = await secureToken(server, owner.token);
    const keeping = projectOf(await upload(server, { kind: 'setModel', secureToken: token, projectId: kept.id, fileName: 'kitchen-v2.dxf', file: dxf, keepApproval: true }));
    expect(keeping).toMatchObject({ revisionNumber: 2, currentStage: 'ready', approval: { name: 'Claire', revisionNumber: 1 } });

    const asked = await approved(owner);
    const askedAgain = projectOf(await update(owner, asked.id));
    expect(askedAgain).toMatchObject({ revisionNumber: 2, currentStage: 'approval', approval: { name: 'Claire', revisionNumber: 1 } });
    expect(await read(owner, asked.id)).toMatchObject({ currentStage: 'approval' });
  });
});
