// `npm test`: every check in one command, then one line saying how many tests ran.
//   1. layer lint (dependency-cruiser)   2. type check   3. production build (app, then server)
//   4. vitest (unit, machines, engine, server)   5. Playwright end-to-end in Chromium against the real server
// The build comes before vitest so that the benches' smoke test loads that build (BENCH_DIST)
// instead of making two more of the same.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  ['layer lint', bin('depcruise'), ['src', 'server', 'samples', '--config', '.dependency-cruiser.cjs']],
  ['type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['build the server', process.execPath, ['scripts/build-server.mjs']],
  ['unit and integration tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json']],
  ['end-to-end tests', bin('playwright'), ['test', '--reporter=list,json']],
];

const only = process.argv[2];
let built = false;
for (const [title, cmd, args] of steps) {
  if (only && !title.startsWith(only)) continue;
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  // ENGINE_TEST_PAGE: the build includes engine-test.html, which the end-to-end tests load.
  // BENCH_DIST: the benches load the build this run made (bench/lib/appBuild.ts).
  const env = {
    ...process.env,
    ENGINE_TEST_PAGE: '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json',
    FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
    ...(built && !process.env.BENCH_DIST ? { BENCH_DIST: 'dist' } : {}),
  };
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  if (title === 'build') built = true;
  console.log(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function count(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}
const unit = count('.tmp/vitest.json', (r) => ({ total: r.numTotalTests, passed: r.numPassedTests }));
const e2e = count('.tmp/playwright.json', (r) => ({ total: r.stats.expected + r.stats.unexpected + r.stats.flaky + r.stats.skipped, passed: r.stats.expected + r.stats.flaky }));
const total = (unit?.total ?? 0) + (e2e?.total ?? 0);
const passed = (unit?.passed ?? 0) + (e2e?.passed ?? 0);
console.log(`\nAll checks passed: ${passed}/${total} tests ran (${unit?.passed ?? 0} unit/integration, ${e2e?.passed ?? 0} end-to-end).`);
