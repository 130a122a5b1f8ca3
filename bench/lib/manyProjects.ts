/**
 * A user with many projects, written straight into a running server's database (its SQLite file,
 * which the server shares safely): for the list's bench and end-to-end test, where uploading a
 * thousand models would take an hour and measure the converter instead of the list.
 */
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createProject } from '../../server/db/projects';
import { STAGES, ALL_SHARE_OPTIONS } from '../../src/api/schemas';

/** Names of the seeded projects: `Kitchen 0001`, `Bathroom 0002`, ... (every third a bathroom). */
export function seededName(index: number): string {
  return `${index % 3 === 2 ? 'Bathroom' : 'Kitchen'} ${String(index + 1).padStart(4, '0')}`;
}

/** Adds `count` projects to `username`'s, named from index `from` on. */
export async function seedProjects(dataDir: string, username: string, count: number, from = 0): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir }, { cwd: path.resolve('.') });
  const database = await openDatabase(config.database);
  try {
    const { db } = database;
    const user = await db.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirstOrThrow();
    const nowSeconds = Math.floor(Date.now() / 1000);
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < from + count; i++) {
        await createProject(trx, {
          ownerId: user.id,
          name: seededName(i),
          nowSeconds: nowSeconds - i * 60,
          stage: STAGES[i % STAGES.length],
          isPublished: i % 2 === 0,
          shareOptions: ALL_SHARE_OPTIONS,
          maxUpdateCount: 3,
          // No file behind it: the card falls back to its icon, as for a poster that cannot be read.
          model: { modelBlobKey: `projects/seeded/r1/model.glb`, originalBlobKey: null, originalFileName: null },
        });
      }
    });
  } finally {
    await database.close();
  }
}
