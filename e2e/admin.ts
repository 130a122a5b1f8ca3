/**
 * Runs the real admin command against the end-to-end server's data folder (while it runs).
 * Asynchronous on purpose: a synchronous child process stops this process's event loop for the
 * command's seconds, and Node's fetch then reuses a kept-alive socket the server closed meanwhile
 * (its expiry timer could not run): the next request fails with "other side closed".
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { E2E_DATA_DIR } from '../playwright.config';

const run = promisify(execFile);

export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  return stdout;
}

let counter = 0;
/** A fresh username per call so tests do not depend on each other. */
export function uniqueUser(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;
}
