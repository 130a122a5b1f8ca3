/** Runs the real admin command against the end-to-end server's data folder (while it runs). */
import { execFileSync } from 'node:child_process';
import { E2E_DATA_DIR } from '../playwright.config';

export function admin(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

let counter = 0;
/** A fresh username per call so tests do not depend on each other. */
export function uniqueUser(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;
}
