// Starts the real server for end-to-end tests on a fresh data folder: the built server (dist-server/, plain
// JavaScript as `npm start` runs it) with the built app (STATIC_DIR, default dist/).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR ?? '.tmp/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
const staticDir = process.env.STATIC_DIR ?? 'dist';
if (!existsSync(`${staticDir}/index.html`) || !existsSync(`${staticDir}/engine-test.html`)) {
  console.error(`${staticDir}/ is missing or has no engine test page: run \`ENGINE_TEST_PAGE=1 npm run build\` first (npm test does it).`);
  process.exit(1);
}
if (!existsSync('dist-server/main.js')) {
  console.error('dist-server/ is missing: run `npm run build:server` first (npm test does it).');
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], { stdio: 'inherit', env: process.env });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
