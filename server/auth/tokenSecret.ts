/** The key that signs access tokens: TOKEN_SECRET, else a random one generated once and kept in DATA_DIR. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const TOKEN_SECRET_FILE = 'token-secret';

export async function resolveTokenSecret(config: { tokenSecret: string | undefined; dataDir: string }): Promise<Uint8Array> {
  if (config.tokenSecret) return new TextEncoder().encode(config.tokenSecret);
  const file = path.join(config.dataDir, TOKEN_SECRET_FILE);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) {
    if (existing.trim().length < 32) throw new Error(`${file} holds fewer than 32 characters; delete it to generate a new secret.`);
    return new TextEncoder().encode(existing.trim());
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': when two processes start at once, the first writer wins and the other reads its secret.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(secret);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
  }
}
