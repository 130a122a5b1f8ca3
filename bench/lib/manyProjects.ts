/**
 * A user with many projects, written straight into a running server's database (its SQLite file,
 * which the server shares safely): for the list's bench and end-to-end test, where uploading a
 * thousand models would take an hour and measure the converter instead of the list.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createProject } from '../../server/db/projects';
import { posterBlobKey, smallPosterBlobKey } from '../../server/domain/projectBlobKeys';
import { STAGES, ALL_SHARE_OPTIONS } from '../../src/api/schemas';

/** Names of the seeded projects: `Kitchen 0001`, `Bathroom 0002`, ... (every third a bathroom). */
export function seededName(index: number): string {
  return `${index % 3 === 2 ? 'Bathroom' : 'Kitchen'} ${String(index + 1).padStart(4, '0')}`;
}

/**
 * Adds `count` projects to `username`'s, named from index `from` on. When the first project of
 * `postersOf` (default the user; the demo kitchen) has a poster, each seeded project gets a copy, so that the cards show pictures
 * as a real list's do (the poster is all a card loads; the model behind it is never read).
 */
export async function seedProjects(dataDir: string, username: string, count: number, from = 0, postersOf = username): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir }, { cwd: path.resolve('.') });
  const database = await openDatabase(config.database);
  try {
    const { db } = database;
    const user = await db.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirstOrThrow();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const posterOwner = await db.selectFrom('users').select('id').where('username', '=', postersOf.toLowerCase()).executeTakeFirst();
    const first = posterOwner && (await db.selectFrom('projects').select(['id', 'revision_number']).where('owner_id', '=', posterOwner.id).orderBy('id').executeTakeFirst());
    const blobsRoot = config.blobStore.kind === 'local' ? config.blobStore.root : undefined;
    const posters = first && blobsRoot ? [posterBlobKey, smallPosterBlobKey].map((key) => ({ key, from: path.join(blobsRoot, key(first.id, first.revision_number)) })) : [];
    const created: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < from + count; i++) {
        const project = await createProject(trx, {
          ownerId: user.id,
          name: seededName(i),
          nowSeconds: nowSeconds - i * 60,
          stage: STAGES[i % STAGES.length],
          isPublished: i % 2 === 0,
          shareOptions: ALL_SHARE_OPTIONS,
          maxUpdateCount: 3,
          // No model file behind it: a card reads only its poster.
          model: { modelBlobKey: `projects/seeded/r1/model.glb`, originalBlobKey: null, originalFileName: null },
        });
        created.push(project.id);
      }
    });
    for (const { key, from } of posters) {
      if (!blobsRoot || !existsSync(from)) continue;
      for (const id of created) {
        const target = path.join(blobsRoot, key(id, 1));
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(from, target);
      }
    }
  } finally {
    await database.close();
  }
}
