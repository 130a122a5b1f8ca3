/**
 * Backup and restore of the embedded install while uploads go on: every project the server had
 * acknowledged when the backup began is in the restored install, with every revision's files,
 * byte for byte; the commands refuse a non-empty target and a data folder that holds anything.
 * While projects are deleted and created, every backup is whole: each file its database names is
 * in it, with that project's bytes; a backup that cannot be made whole fails loudly and leaves no
 * folder. Restore checks the backup first and refuses an incomplete one and a folder that holds
 * anything.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { runAdmin } from '../../server/cli/admin';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createProject, setProjectModel } from '../../server/db/projects';
import { toSeconds } from '../../server/domain/clock';
import { modelBlobKey, originalBlobKey, posterBlobKey } from '../../server/domain/projectBlobKeys';
import { openBlobStore } from '../../server/storage/openBlobStore';
import { addUser, inject, tinyGlb } from './helpers/projectFixtures';
import { makeTempDir, startTestServer, type TestServer } from './helpers/testServer';
import { lastMessage, secureToken, startUploadServer, upload, type UploadServer } from './helpers/uploads';

let server: UploadServer | undefined;
afterAll(async () => {
  await server?.close();
});

async function admin(argv: string[], dataDir: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, { DATA_DIR: dataDir }, (line) => out.push(line), (line) => err.push(line));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('backup and restore of the embedded install', () => {
  it('while uploads go on, keeps every acknowledged project, revision and file', async () => {
    server = await startUploadServer();
    const s = server;
    const owner = await addUser(s);
    await s.database.db.updateTable('subscription_plans').set({ total_credits: 100 }).where('user_id', '=', owner.user.id).execute();
    const dae = await writeSample(generateAssembly({ parts: 12, seed: 5 }), 'dae');
    // What the server keeps in its data folder beside the blobs (a test server signs with a key in memory).
    await writeFile(path.join(s.dir, 'token-secret'), 'a secret of this install');
    const acknowledged: string[] = [];
    const uploadOne = async (i: number) => {
      const outcome = await upload(s, { kind: 'create', secureToken: await secureToken(s, owner.token), projectName: `Kitchen ${i}`, fileName: 'kitchen.dae', file: dae }, { confirm: true });
      const message = lastMessage(outcome);
      if (message?.type === 'result') acknowledged.push(`Kitchen ${i}`);
      return message?.type;
    };
    // Two projects acknowledged, then the backup runs while four more uploads go on.
    expect(await uploadOne(1)).toBe('result');
    expect(await uploadOne(2)).toBe('result');
    const during = [3, 4, 5, 6].map(uploadOne);
    const before = [...acknowledged];
    const backupDir = path.join(await makeTempDir('cv-backup-'), 'backup');
    const backedUp = await admin(['backup', backupDir], s.dir);
    expect(backedUp.err).toBe('');
    expect(backedUp.code).toBe(0);
    expect(await Promise.all(during)).toEqual(['result', 'result', 'result', 'result']);

    const fresh = await makeTempDir('cv-restored-');
    const restored = await admin(['restore', backupDir], fresh);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);

    const config = loadConfig({ DATA_DIR: fresh });
    const database = await openDatabase(config.database);
    const blobs = await openBlobStore(config.blobStore);
    try {
      const projects = await database.db.selectFrom('projects').selectAll().execute();
      const names = projects.map((p) => p.name);
      for (const name of before) expect(names, name).toContain(name);
      let files = 0;
      for (const project of projects) {
        const revisions = await database.db.selectFrom('revisions').selectAll().where('project_id', '=', project.id).execute();
        expect(revisions.length, project.name).toBeGreaterThan(0);
        for (const revision of revisions) {
          for (const key of [revision.model_blob_key, revision.original_blob_key]) {
            if (!key) continue;
            // The restored file is the one the server wrote, byte for byte.
            const copy = await blobs.get(key);
            expect(copy, `${project.name}: ${key}`).toBeDefined();
            expect(Buffer.compare(copy!, (await s.app.services.blobs.get(key))!)).toBe(0);
            files++;
          }
        }
      }
      expect(files).toBeGreaterThanOrEqual(before.length * 2);
      // The rest of the data folder comes back too (the token secret: the restored server signs as the old one did).
      expect(await readFile(path.join(fresh, 'token-secret'), 'utf8')).toBe('a secret of this install');
    } finally {
      await database.close();
      await blobs.close?.();
    }

    // Refusals: a target that is not empty, a data folder that has a database already.
    const refused = await admin(['backup', backupDir], s.dir);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/not empty/);
    const overwrite = await admin(['restore', backupDir], fresh);
    expect(overwrite.code).toBe(1);
    expect(overwrite.err).toMatch(/not empty/);
  }, 180_000);
});

/** An original's text names its project, so a file of another project (or a cut one) shows. */
const originalText = (id: number) => `ISO-10303-21; project ${id}; ${'x'.repeat(32_000)}`;
const MODEL = tinyGlb(4000);

/** A project as an upload makes one: its files written first, then recorded. */
async function storedProject(s: TestServer, ownerId: number, name: string): Promise<number> {
  const { db } = s.database;
  const blobs = s.app.services.blobs;
  const created = await createProject(db, { ownerId, name, nowSeconds: toSeconds(s.clock()), maxUpdateCount: 3 });
  const model = modelBlobKey(created.id, 1);
  const original = originalBlobKey(created.id, 1, 'kitchen.step');
  await blobs.put(model, MODEL);
  await blobs.put(original, originalText(created.id));
  await blobs.put(posterBlobKey(created.id, 1), `poster ${created.id}`);
  const model1 = { modelBlobKey: model, originalBlobKey: original, originalFileName: 'kitchen.step' };
  const updated = await setProjectModel(db, { projectId: created.id, fromRevision: 0, model: model1, nowSeconds: toSeconds(s.clock()) });
  if (!updated) throw new Error('setProjectModel lost a race in a fixture');
  return created.id;
}

/** Every file a backup's database names, read from the backup's folder: there, with its project's bytes. */
async function checkAgainstItsDatabase(dir: string): Promise<{ projects: number; files: number }> {
  const db = new SqliteDatabase(path.join(dir, 'app.sqlite'), { readonly: true, fileMustExist: true });
  let rows: { project: number; model: string | null; original: string | null }[];
  let ids: string[];
  try {
    rows = [
      ...db.prepare('SELECT id AS project, model_blob_key AS model, original_blob_key AS original FROM projects').all(),
      ...db.prepare('SELECT project_id AS project, model_blob_key AS model, original_blob_key AS original FROM revisions').all(),
    ] as typeof rows;
    ids = (db.prepare('SELECT id FROM projects').all() as { id: number }[]).map((row) => String(row.id));
  } finally {
    db.close();
  }
  // The other way round: no folder of a project the database does not have.
  for (const folder of await readdir(path.join(dir, 'blobs', 'projects')).catch(() => [])) expect(ids, `${path.basename(dir)}: projects/${folder}`).toContain(folder);
  let files = 0;
  for (const row of rows) {
    if (row.model) {
      const bytes = await readFile(path.join(dir, 'blobs', row.model)).catch(() => undefined);
      expect(bytes, `${path.basename(dir)}: ${row.model}`).toBeDefined();
      expect(Buffer.compare(bytes!, MODEL), row.model).toBe(0);
      files++;
    }
    if (row.original) {
      const text = await readFile(path.join(dir, 'blobs', row.original), 'utf8').catch(() => undefined);
      expect(text, `${path.basename(dir)}: ${row.original}`).toBe(originalText(row.project));
      files++;
    }
  }
  return { projects: ids.length, files };
}

describe('a backup while projects are deleted and created', () => {
  let churned: TestServer | undefined;
  afterAll(async () => {
    await churned?.close();
  });

  it('is whole every time: each file its database names is in it, with its bytes; the database is 0600', async () => {
    churned = await startTestServer();
    const s = churned;
    const owner = await addUser(s);
    const live: number[] = [];
    for (let i = 0; i < 60; i++) live.push(await storedProject(s, owner.user.id, `Kitchen ${i}`));

    // Deletions through the API (the row, then the folder) and new projects, as fast as they go.
    let stop = false;
    let deleted = 0;
    const churn = (async () => {
      for (let i = 0; !stop; i++) {
        const [victim] = live.splice((i * 7) % live.length, 1);
        const answer = await inject(s, `/api/v1/projects/${victim}`, { method: 'DELETE', token: owner.token });
        expect(answer.status).toBe(204);
        deleted++;
        live.push(await storedProject(s, owner.user.id, `New kitchen ${i}`));
      }
    })();

    const parent = await makeTempDir('cv-backups-');
    const names: string[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const name = `backup-${i}`;
        const backedUp = await admin(['backup', path.join(parent, name)], s.dir);
        expect(backedUp.err, name).toBe('');
        expect(backedUp.code, name).toBe(0);
        names.push(name);
      }
    } finally {
      stop = true;
      await churn;
    }
    // The backups really raced the deletions.
    expect(deleted).toBeGreaterThan(20);
    // Nothing but the backups in their folder (no temporary or half-written one).
    expect((await readdir(parent)).sort()).toEqual(names);
    for (const name of names) {
      const dir = path.join(parent, name);
      const { projects, files } = await checkAgainstItsDatabase(dir);
      // 60 projects all along, but between a deletion and the next creation (which may be half-way, without a model yet).
      expect(projects, name).toBeGreaterThanOrEqual(59);
      expect(files, name).toBeGreaterThanOrEqual((projects - 1) * 4);
      // As private as the live database (it holds password hashes and token digests).
      expect((await stat(path.join(dir, 'app.sqlite'))).mode & 0o777, name).toBe(0o600);
    }

    // A backup taken meanwhile restores into an empty folder, and the restored install is whole.
    const fresh = await makeTempDir('cv-restored-');
    const restored = await admin(['restore', path.join(parent, names[3])], fresh);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect((await stat(path.join(fresh, 'app.sqlite'))).mode & 0o777).toBe(0o600);
    await checkAgainstItsDatabase(fresh);
  }, 180_000);

  it('that cannot be made whole fails loudly and leaves no folder', async () => {
    const s = await startTestServer();
    try {
      const owner = await addUser(s);
      await storedProject(s, owner.user.id, 'Kitchen');
      // A project whose files are gone from the data folder (lost by the disk, removed by hand).
      const lost = await storedProject(s, owner.user.id, 'Lost kitchen');
      await rm(path.join(s.dir, 'blobs', 'projects', String(lost)), { recursive: true });
      const parent = await makeTempDir('cv-backups-');
      const target = path.join(parent, 'backup');
      const failed = await admin(['backup', target], s.dir);
      expect(failed.code).toBe(1);
      expect(failed.err).toMatch(/Backup failed/);
      expect(failed.err).toContain(`projects/${lost}/r1/model.glb`);
      expect(existsSync(target)).toBe(false);
      expect(await readdir(parent)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('restore', () => {
  it('checks the backup first and refuses an incomplete one; refuses a folder that holds anything', async () => {
    const s = await startTestServer();
    try {
      const owner = await addUser(s);
      const id = await storedProject(s, owner.user.id, 'Kitchen');
      await storedProject(s, owner.user.id, 'Hall');
      const parent = await makeTempDir('cv-backups-');
      const whole = path.join(parent, 'whole');
      expect((await admin(['backup', whole], s.dir)).code).toBe(0);
      const cut = path.join(parent, 'cut');
      expect((await admin(['backup', cut], s.dir)).code).toBe(0);
      await rm(path.join(cut, 'blobs', originalBlobKey(id, 1, 'kitchen.step')));

      // An incomplete backup: refused, naming what is missing, and nothing written.
      const fresh = await makeTempDir('cv-restored-');
      const incomplete = await admin(['restore', cut], fresh);
      expect(incomplete.code).toBe(1);
      expect(incomplete.err).toMatch(/is not a complete backup/);
      expect(incomplete.err).toContain(`projects/${id}/r1/original.step`);
      expect(await readdir(fresh)).toEqual([]);

      // A folder that holds anything (here a file of someone's): refused, the file untouched, nothing added.
      await writeFile(path.join(fresh, 'notes.txt'), 'mine');
      const mixed = await admin(['restore', whole], fresh);
      expect(mixed.code).toBe(1);
      expect(mixed.err).toMatch(/not empty/);
      expect(await readdir(fresh)).toEqual(['notes.txt']);
      expect(await readFile(path.join(fresh, 'notes.txt'), 'utf8')).toBe('mine');

      // The whole backup into an empty folder: restored.
      await rm(path.join(fresh, 'notes.txt'));
      const restored = await admin(['restore', whole], fresh);
      expect(restored.err).toBe('');
      expect(restored.code).toBe(0);
      expect((await checkAgainstItsDatabase(fresh)).projects).toBe(2);
    } finally {
      await s.close();
    }
  });
});
