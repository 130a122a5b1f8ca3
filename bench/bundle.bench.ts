/**
 * Bundle: gzip size of the JavaScript each route loads before it can draw, from the build manifest.
 * Reference: the budget of 200 KB gzip for the login and list routes, with no Babylon in them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { APP_CHUNK_NAME, APP_ENTRIES, chunkKeyOf, ENGINE_CHUNK_NAME } from '../src/api/appEntries';
import type { Bench } from './lib/types';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const BUDGET_KB = 200;

/** Every chunk key loaded statically from `key`. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function gzipKb(manifest: Manifest, keys: Iterable<string>): { kb: number; babylon: boolean } {
  let bytes = 0;
  let babylon = false;
  for (const key of keys) {
    const text = readFileSync(`dist/${manifest[key].file}`);
    bytes += gzipSync(text, { level: 9 }).length;
    if (/@babylonjs|BABYLON\.|babylonjs/.test(key) || text.includes('Babylon.js v')) babylon = true;
  }
  return { kb: bytes / 1024, babylon };
}

const bench: Bench = {
  name: 'bundle',
  description: 'gzip size of the JavaScript the login and list routes load, and of the lazily loaded viewer chunk',
  async run({ log }) {
    if (!existsSync('dist/.vite/manifest.json') || process.env.BENCH_REBUILD) {
      log('building the app (vite build)...');
      // A production build whoever runs the bench (vitest sets NODE_ENV=test, which Vite would follow),
      // with the engine test page, as npm test builds dist/ for the end-to-end tests.
      const r = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', ENGINE_TEST_PAGE: '1' } });
      if (r.status !== 0) throw new Error('vite build failed');
    }
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;
    // The app's entry is index.html; engine-test.html is the engine's test page, not a route.
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k === 'index.html');
    if (!entryKey) throw new Error('no index.html entry in the manifest');
    const initial = closure(manifest, entryKey);
    // The entry imports the app itself (src/startApp.tsx) at once, and every page preloads it.
    const app = chunkKeyOf(manifest, APP_ENTRIES.app, APP_CHUNK_NAME);
    if (app) closure(manifest, app, initial);
    const jsOnly = (keys: Set<string>) => [...keys].filter((k) => manifest[k].file.endsWith('.js'));

    const routeChunk = (pattern: RegExp) => Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && pattern.test(k));
    const with_ = (extra: string | undefined) => {
      const set = new Set(initial);
      if (extra) closure(manifest, extra, set);
      return set;
    };
    const login = gzipKb(manifest, jsOnly(with_(routeChunk(/ui\/.*[Ll]ogin/))));
    const list = gzipKb(manifest, jsOnly(with_(routeChunk(/ui\/.*(list|List|Projects)/))));
    // The engine is either its own dynamic entry or, as vite.config.ts groups it, the chunk named engine.
    const engineKey = chunkKeyOf(manifest, APP_ENTRIES.engine, ENGINE_CHUNK_NAME);
    const viewer = engineKey ? gzipKb(manifest, jsOnly(new Set([...closure(manifest, engineKey)].filter((k) => !initial.has(k))))) : { kb: Number.NaN, babylon: false };

    const rows = [
      { label: 'budget (login and list routes)', samples: { kb: [BUDGET_KB], babylon: [0] } },
      { label: 'login route, initial JS', samples: { kb: [login.kb], babylon: [login.babylon ? 1 : 0] }, versus: 'budget (login and list routes)' },
      { label: 'list route, initial JS', samples: { kb: [list.kb], babylon: [list.babylon ? 1 : 0] }, versus: 'budget (login and list routes)' },
      { label: 'viewer chunk (engine, lazy)', samples: { kb: [viewer.kb], babylon: [viewer.babylon ? 1 : 0] } },
    ];
    return [
      {
        title: 'Bundle size (gzip, level 9)',
        reference: `the ${BUDGET_KB} KB budget for the routes a user meets before the viewer`,
        metrics: [
          { key: 'kb', label: 'JS gzip', unit: 'KB', better: 'lower', digits: 1 },
          { key: 'babylon', label: 'has Babylon', unit: '', better: 'lower', digits: 0 },
        ],
        rows,
        notes: engineKey ? [] : ['src/engine/index.ts is not in the build yet: no viewer chunk.'],
      },
    ];
  },
};
export default bench;
