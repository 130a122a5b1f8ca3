/** Runs a server entry point from its sources with tsx in a child process, as `npm run dev:server` does. */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
// tsx as a loader inside one Node process (not the tsx CLI, whose signal relay gives up after 30 ms
// on a busy child and exits 143): the same way the npm scripts start the server.
const node = (script: string, args: string[] = []) => ['--import', 'tsx', path.join(ROOT, script), ...args];

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runTsx(script: string, args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, node(script, args), { cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export function spawnTsx(script: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, node(script), { cwd: ROOT, env: { ...process.env, ...env } });
}

/** Resolves with the first stdout line, or rejects when the process ends or the time runs out first. */
export function firstLine(child: ChildProcessWithoutNullStreams, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no output within ${timeoutMs} ms; stderr: ${err}`)), timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, end));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing; stderr: ${err}`));
    });
  });
}

export function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}
