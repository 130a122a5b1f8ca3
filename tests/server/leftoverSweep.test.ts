/**
 * What killed runs leave in the data folder is removed when the server starts: temporary files,
 * folders of projects that are not in the database, revision folders that are not current, logos
 * nobody uses. The real project, and anything newer than the process, stay.
 */
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProject, addUser } from './helpers/projectFixtures';
import { exitCode, firstLine, spawnTsx } from './helpers/spawnTsx';
import { makeTempDir, startTestServer } from './helpers/testServer';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('cv-sweep-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function plant(file: string, ageSeconds: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'left over');
  const when = new Date(Date.now() - ageSeconds * 1000);
  await utimes(file, when, when);
  await utimes(path.dirname(file), when, when);
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

describe('start-up sweep', () => {
  it('removes the leftovers of killed runs and keeps the real project', async () => {
    const server = await startTestServer({ dir });
    const owner = await addUser(server);
    const project = await addProject(server, owner.user.id);
    await server.close();
    const blobs = path.join(dir, 'blobs');
    const real = await filesUnder(blobs);
    expect(real).toEqual([`projects/${project.id}/r1/model.glb`, `projects/${project.id}/r1/original.step`]);

    await plant(path.join(blobs, '.tmp', 'a1b2c3.part'), 3600);
    await plant(path.join(blobs, 'projects', '9999', 'r1', 'model.glb'), 3600);
    await plant(path.join(blobs, 'projects', String(project.id), 'r2', 'model.glb'), 3600);
    await plant(path.join(blobs, 'projects', String(project.id), 'r2', 'original.step'), 3600);
    await plant(path.join(blobs, 'branding', String(owner.user.id), 'logo-abc123.png'), 3600);
    // Written after the process started (another writer's file): kept.
    await plant(path.join(blobs, '.tmp', 'in-flight.part'), -3600);
    // Outside the layout: not ours to judge.
    await plant(path.join(blobs, 'projects', 'notes', 'readme.txt'), 3600);

    const child = spawnTsx('server/main.ts', { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', STATIC_DIR: `${dir}/dist` });
    expect(await firstLine(child)).toMatch(/^Serving at /);
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);

    expect(await filesUnder(blobs)).toEqual([...real, '.tmp/in-flight.part', 'projects/notes/readme.txt'].sort());
  });
});
