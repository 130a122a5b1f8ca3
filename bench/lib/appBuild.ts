/**
 * The built app (index.html and engine-test.html) the browser benches load, built once into
 * .tmp/dist-bench; or the build named by BENCH_DIST (`npm test` builds dist/ first, the same
 * production build with the engine test page, and hands it over instead of a second build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const BENCH_DIST = resolve(process.env.BENCH_DIST || '.tmp/dist-bench');

/** Builds the app unless a build is there already; BENCH_REBUILD=1 forces a fresh one. */
export function ensureBenchBuild(log: (line: string) => void): string {
  if (!existsSync(`${BENCH_DIST}/engine-test.html`) || !existsSync(`${BENCH_DIST}/index.html`) || process.env.BENCH_REBUILD) {
    log('building the app into .tmp/dist-bench (vite build)...');
    // A production build whoever runs the bench: under vitest NODE_ENV is `test`, and Vite would then
    // build React's development code, StrictMode's double effects and no service worker.
    const r = spawnSync('node_modules/.bin/vite', ['build', '--outDir', BENCH_DIST, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', ENGINE_TEST_PAGE: '1' },
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  return BENCH_DIST;
}
