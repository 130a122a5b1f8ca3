/**
 * The SQLite database file holds password hashes and token digests: only the server's own user
 * may read it (0600), and so may its write-ahead log and shared-memory files; also a file that an
 * older version created readable by all.
 */
import { existsSync, statSync } from 'node:fs';
import { chmod, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addUser } from './helpers/projectFixtures';
import { makeTempDir, startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  server = undefined;
  dir = undefined;
});

/** The permission bits of the database file and its -wal and -shm companions (those that exist). */
function modes(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) out[path.basename(file + suffix)] = (statSync(file + suffix).mode & 0o777).toString(8);
  }
  return out;
}

describe('the SQLite database file', () => {
  it('is created readable and writable by its owner only, with its -wal and -shm files', async () => {
    dir = await makeTempDir();
    server = await startTestServer({ dir });
    await addUser(server); // a write: the write-ahead log and the shared memory exist now
    const file = path.join(dir, 'app.sqlite');
    expect(modes(file)).toEqual({ 'app.sqlite': '600', 'app.sqlite-wal': '600', 'app.sqlite-shm': '600' });
  });

  it('is made private when an older version left it readable by all', async () => {
    dir = await makeTempDir();
    const file = path.join(dir, 'app.sqlite');
    for (const suffix of ['', '-wal', '-shm']) {
      await writeFile(file + suffix, '');
      await chmod(file + suffix, 0o644);
    }
    server = await startTestServer({ dir });
    await addUser(server);
    expect(modes(file)).toEqual({ 'app.sqlite': '600', 'app.sqlite-wal': '600', 'app.sqlite-shm': '600' });
  });
});
