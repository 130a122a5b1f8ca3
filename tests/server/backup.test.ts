/**
 * Backup and restore of the embedded install while uploads go on: every project the server had
 * acknowledged when the backup began is in the restored install, with every revision's files,
 * byte for byte; the commands refuse a non-empty target and a folder that already has a database.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { runAdmin } from '../../server/cli/admin';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { openBlobStore } from '../../server/storage/openBlobStore';
import { addUser } from './helpers/projectFixtures';
import { makeTempDir } from './helpers/testServer';
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
    expect(overwrite.err).toMatch(/exists/);
  }, 180_000);
});
