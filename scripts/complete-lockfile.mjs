// Completes package-lock.json after `npm install`.
//
// Packages built with napi-rs (here @tailwindcss/oxide) list one optional dependency per platform.
// When a registry does not serve every platform build, `npm install` drops the missing ones from
// the lockfile but keeps them in the parent's optionalDependencies, and `npm ci` then refuses the
// lockfile as "out of sync". This script writes an entry for each missing platform build, with the
// os/cpu read from its name (`<os>-<cpu>[-abi]`), so `npm ci` sees them and skips them as foreign
// platforms. It runs as the root `postinstall` (after npm has written the lockfile) and is a no-op
// when the lockfile is already complete.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
if (!existsSync(file)) process.exit(0);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = new Set(['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'sunos', 'aix']);

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  for (let i = 0; i < parts.length - 1; i++) {
    if (OS.has(parts[i])) return { os: [parts[i]], cpu: [parts[i + 1]] };
    if (parts[i] === 'wasm32') return { cpu: ['wasm32'] };
  }
  return null;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    const nested = `${path}/node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[nested]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[key] = { version, ...platform, ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
if (added > 0) {
  const [root, ...rest] = Object.entries(lock.packages);
  rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  lock.packages = Object.fromEntries([root, ...rest]);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} platform build(s) this registry does not serve.`);
}
