/**
 * The upload commit on SQLite and PostgreSQL: the credit and the project row in one transaction,
 * the revision's files written before the commit and removed when it fails. Never a credit for
 * nothing, never a project without its model, never a credit spent twice.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { addPlan, listPlans } from '../../server/db/plans';
import { findOwnedProject } from '../../server/db/projects';
import { createUser } from '../../server/db/users';
import { DAY_SECONDS } from '../../server/domain/clock';
import {
  commitModelUpdate,
  commitNewProject,
  InsufficientCreditsError,
  ProjectChangedError,
  type ConvertedModel,
} from '../../server/domain/revisionCommit';
import type { BlobStore } from '../../server/storage/blobStore';
import { createLocalBlobStore } from '../../server/storage/localBlobStore';
import { testDatabases, type TestDatabase } from './helpers/databases';
import { makeTempDir } from './helpers/testServer';

const NOW = 1_800_000_000;
const dialects = await testDatabases();
const model: ConvertedModel = { glb: new TextEncoder().encode('glTF-model'), original: { fileName: 'kitchen.dxf', bytes: new TextEncoder().encode('0\nSECTION') } };

describe.each(dialects)('upload commit on $name', ({ open }) => {
  let testDb: TestDatabase;
  let db: Db;
  let dir: string;
  let blobs: BlobStore;
  /** Fails every put of a key matching this, while set. */
  let failPut: RegExp | undefined;
  const failedKeys: string[] = [];
  let users = 0;

  beforeAll(async () => {
    testDb = await open();
    await migrateToLatest(testDb.handle);
    db = testDb.handle.db;
    dir = await makeTempDir('cv-commit-');
    const local = createLocalBlobStore(path.join(dir, 'blobs'));
    blobs = {
      ...local,
      async put(key, data) {
        if (failPut?.test(key)) {
          failedKeys.push(key);
          throw new Error(`disk full writing ${key}`);
        }
        return local.put(key, data);
      },
    };
  });
  afterAll(async () => {
    await testDb.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  async function userWithCredits(credits: number): Promise<number> {
    users += 1;
    const user = await createUser(db, { username: `commit${users}@example.com`, passwordHash: 'x', fullName: 'C', nowSeconds: NOW });
    await addPlan(db, { userId: user.id, sku: 'PRO', name: 'Pro', totalCredits: credits, maxUpdatePerCredit: 3, expirationDate: NOW + DAY_SECONDS, nowSeconds: NOW });
    return user.id;
  }
  const consumed = async (userId: number) => (await listPlans(db, userId))[0].consumedCredits;
  const projectsOf = async (userId: number) => db.selectFrom('projects').selectAll().where('owner_id', '=', userId).execute();
  const charge = { kind: 'charge' } as const;

  it('creates the project at revision 1 with its files and one credit spent', async () => {
    const userId = await userWithCredits(2);
    const project = await commitNewProject({ db, blobs }, { ownerId: userId, name: 'K', nowSeconds: NOW, model, payment: charge });
    expect(project).toMatchObject({ revisionNumber: 1, consumedUpdateCount: 0, maxUpdateCount: 3, originalFileName: 'kitchen.dxf' });
    expect(await blobs.get(project.modelBlobKey!)).toEqual(Buffer.from(model.glb));
    expect(await consumed(userId)).toBe(1);
  });

  it('a file that cannot be written: no project, no credit, no file', async () => {
    const userId = await userWithCredits(2);
    failPut = /original/;
    await expect(commitNewProject({ db, blobs }, { ownerId: userId, name: 'K', nowSeconds: NOW, model, payment: charge })).rejects.toThrow(
      /disk full/,
    );
    failPut = undefined;
    expect(await projectsOf(userId)).toEqual([]);
    expect(await consumed(userId)).toBe(0);
    // The GLB written before the failing original is gone with its folder.
    const folder = /^projects\/\d+\/r1\//.exec(failedKeys.at(-1)!)![0];
    expect(await blobs.stat(`${folder}model.glb`)).toBeUndefined();
  });

  it('no credit left: InsufficientCreditsError and nothing written; a gift needs none', async () => {
    const userId = await userWithCredits(0);
    await expect(commitNewProject({ db, blobs }, { ownerId: userId, name: 'K', nowSeconds: NOW, model, payment: charge })).rejects.toBeInstanceOf(
      InsufficientCreditsError,
    );
    expect(await projectsOf(userId)).toEqual([]);
    const gift = await commitNewProject(
      { db, blobs },
      { ownerId: userId, name: 'Demo', nowSeconds: NOW, model, payment: { kind: 'gift', allowance: { consumedUpdateCount: 0, maxUpdateCount: 3 } } },
    );
    expect(gift).toMatchObject({ revisionNumber: 1, maxUpdateCount: 3 });
    expect(await consumed(userId)).toBe(0);
  });

  it('two creates racing for the last credit: exactly one project', async () => {
    const userId = await userWithCredits(1);
    const results = await Promise.allSettled(
      [1, 2].map(() => commitNewProject({ db, blobs }, { ownerId: userId, name: 'K', nowSeconds: NOW, model, payment: charge })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await projectsOf(userId)).toHaveLength(1);
    expect(await consumed(userId)).toBe(1);
  });

  it('a paid update with no credit left, or over a project that moved on: nothing changes', async () => {
    const userId = await userWithCredits(1);
    const project = await commitNewProject({ db, blobs }, { ownerId: userId, name: 'K', nowSeconds: NOW, model, payment: charge });
    const start = { ...project, consumedUpdateCount: 3, maxUpdateCount: 3 };
    await expect(commitModelUpdate({ db, blobs }, { project: start, nowSeconds: NOW, model, charge: 'paid' })).rejects.toBeInstanceOf(
      InsufficientCreditsError,
    );
    await expect(
      commitModelUpdate({ db, blobs }, { project: { ...project, revisionNumber: 7 }, nowSeconds: NOW, model, charge: 'free' }),
    ).rejects.toBeInstanceOf(ProjectChangedError);
    const after = await findOwnedProject(db, project.id, userId);
    expect(after).toMatchObject({ revisionNumber: 1, modelBlobKey: project.modelBlobKey, consumedUpdateCount: 0 });
    expect(await blobs.stat(`projects/${project.id}/r2/model.glb`)).toBeUndefined();
    expect(await blobs.stat(`projects/${project.id}/r8/model.glb`)).toBeUndefined();
    expect(await blobs.stat(project.modelBlobKey!)).toBeDefined();
    expect(await consumed(userId)).toBe(1);
  });

  it('a paid update spends the credit with the new revision, and drops the files of revisions beyond the kept number', async () => {
    const userId = await userWithCredits(2);
    const project = await commitNewProject({ db, blobs }, { ownerId: userId, name: 'K', nowSeconds: NOW, model, payment: charge });
    const updated = await commitModelUpdate(
      { db, blobs, revisionsKept: 1 },
      { project: { ...project, consumedUpdateCount: 3, maxUpdateCount: 3 }, nowSeconds: NOW + 5, model, charge: 'paid' },
    );
    expect(updated).toMatchObject({ revisionNumber: 2, consumedUpdateCount: 4, maxUpdateCount: 6, modificationDate: NOW + 5 });
    expect(await consumed(userId)).toBe(2);
    expect(await blobs.stat(project.modelBlobKey!)).toBeUndefined();
    expect(await blobs.stat(updated.modelBlobKey!)).toBeDefined();
  });
});
