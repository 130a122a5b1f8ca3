import { resolve } from 'node:path';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { publicSamplePlugin } from './samples/publicSamplePlugin';
import { APP_CHUNK_NAME, APP_ENTRIES, ENGINE_CHUNK_NAME, FIRST_FRAME_FILE } from './src/api/appEntries';
import { reachThroughBarrel } from './scripts/barrelReach';
import { standaloneScriptBuild } from './scripts/standaloneScriptBuild';
import { VIEWER_BACKGROUND } from './src/model/viewerVocabulary';

/** The pages' `%VIEWER_BACKGROUND%` (the browser's bar, the engine test page) is the viewer's one background colour. */
function viewerBackgroundInHtml() {
  return { name: 'viewer-background-in-html', transformIndexHtml: (html: string) => html.replaceAll('%VIEWER_BACKGROUND%', VIEWER_BACKGROUND) };
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * The viewer engine and everything it imports statically, Babylon included, in ONE chunk: left to
 * the automatic splitting, Babylon's modules land in ~70 small chunks whose waterfall cost more
 * than the rest of the first frame. Babylon's own lazy imports (other materials, WebGPU) and the
 * glTF-loader fallback stay separate chunks.
 */
function engineChunk() {
  let closure: Set<string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!closure) {
      const reach = (root: string) => reachFrom(graph, root);
      // What the app's entry loads itself (login, list) stays out, so those routes load no Babylon.
      const app = new Set([...reach(APP_ENTRIES.main), ...reach(APP_ENTRIES.app)]);
      closure = new Set([...reach(APP_ENTRIES.engine)].filter((module) => !app.has(module)));
    }
    return closure.has(id) ? ENGINE_CHUNK_NAME : null;
  };
}

/** Every module `root` imports statically, itself included. */
function reachFrom(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const stack = [resolve(import.meta.dirname, root)];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/** Headless UI's one entry file, which re-exports every component. */
const HEADLESS_UI = { specifier: '@headlessui/react', file: /[\\/]node_modules[\\/]@headlessui[\\/]react[\\/]dist[\\/]headlessui\.esm\.js$/ };

/**
 * A shared link's viewer screen in few requests. Left to the automatic splitting, it comes as some
 * ten chunks, several of a few hundred bytes, each a round trip on one of a browser's six
 * connections per host (170 ms each on a mobile network). What the screen reaches beyond the app,
 * libraries included, is grouped instead:
 * - `screens`: what the link's viewer shares with the project list (both load it);
 * - `link`: the rest (the owner's viewer loads it too: most of it is theirs as well).
 * The screen modules themselves stay their chunks (dynamic imports of the router). Headless UI is
 * followed through its barrel only to the components each side imports (`reachThroughBarrel`), so
 * a menu of the list does not come with the link's screen, nor the link's tabs with the list.
 */
function linkScreenChunks() {
  let plan: Map<string, string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!plan) {
      plan = new Map();
      const reach = (root: string) => reachThroughBarrel(graph, resolve(import.meta.dirname, root), HEADLESS_UI);
      const outside = new Set([...reachFrom(graph, APP_ENTRIES.main), ...reachFrom(graph, APP_ENTRIES.engine)]);
      const app = reach(APP_ENTRIES.app);
      const list = reach(APP_ENTRIES.projectList);
      const screens = new Set([APP_ENTRIES.app, APP_ENTRIES.projectList, APP_ENTRIES.sharedViewer].map((f) => resolve(import.meta.dirname, f)));
      for (const module of reach(APP_ENTRIES.sharedViewer)) {
        if (outside.has(module) || screens.has(module) || app.has(module)) continue;
        plan.set(module, list.has(module) ? 'screens' : 'link');
      }
    }
    return plan.get(id) ?? null;
  };
}

/**
 * The app (src/startApp.tsx) and everything it imports statically, libraries included, in ONE
 * chunk. Every page that starts the app loads that whole closure anyway; left to the automatic
 * splitting, it came as eleven files (React and XState, the router and zod, Headless UI's base,
 * the upload machine, the parts list, a few hundred bytes of number formats...), split only
 * because screens loaded later reach parts of it. On a mobile network each file is a round trip
 * on one of six connections: a link's page needed about three rounds for its scripts. What the
 * app's entry, a link's first frame or the engine reach stays theirs, so no chunk of this group
 * imports one that imports it back (grouping only our own modules made such a cycle, and a schema
 * was then evaluated after its first use). Headless UI is followed through its barrel only to the
 * components the app imports: the list's menus and the viewers' tabs stay out of the login route.
 */
function appChunk() {
  let closure: Set<string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!closure) {
      const others = new Set([...reachFrom(graph, APP_ENTRIES.main), ...reachFrom(graph, APP_ENTRIES.engine)]);
      const app = reachThroughBarrel(graph, resolve(import.meta.dirname, APP_ENTRIES.app), HEADLESS_UI);
      closure = new Set([...app].filter((module) => !others.has(module)));
    }
    return closure.has(id) ? APP_CHUNK_NAME : null;
  };
}

/**
 * The app's small modules shared by its entry and several screens (the first frame's hand-over, the
 * page's ids, the layout rules, the document title, loadOnce...), in one `common` chunk: each its own chunk of
 * a few hundred bytes otherwise, and each chunk a round trip on one of six connections.
 */
const SMALL_SHARED_MODULES =
  /src[\\/](engine[\\/]load[\\/]firstFrameHandoff|api[\\/]pageIds|ui[\\/]app[\\/]documentTitle|model[\\/](layoutRules|viewerVocabulary|loadOnce|parts[\\/]partName|units[\\/]units)|machines[\\/]projects[\\/]publicLink)\.ts$/;

/**
 * The build's entries: the app's page and, built apart (standaloneScriptBuild), the service worker
 * and a link's first frame. engine-test.html, the engine test page that loads any `?model=` URL (driven by
 * e2e/engine.spec.ts and the benchmarks), only when ENGINE_TEST_PAGE=1 asks for it (npm test's
 * build, the benches): a production build leaves it out.
 */
export function buildInputs(env: Record<string, string | undefined>): Record<string, string> {
  return {
    main: APP_ENTRIES.page,
    ...(env.ENGINE_TEST_PAGE === '1' ? { engineTest: 'engine-test.html' } : {}),
  };
}

// The API server (npm run server) listens on 8080 by default; the dev server proxies to it.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The test build (ENGINE_TEST_PAGE=1) also hands the viewer's engine to end-to-end tests, which
  // read where model points are on screen; a production build does not.
  define: { 'import.meta.env.VITE_TEST_HOOKS': JSON.stringify(process.env.ENGINE_TEST_PAGE === '1' ? '1' : '') },
  plugins: [
    react(),
    tailwindcss(),
    publicSamplePlugin(),
    viewerBackgroundInHtml(),
    // The service worker (/sw.js) and a link's first frame, each bundled apart as one classic script.
    standaloneScriptBuild(APP_ENTRIES.serviceWorker, 'sw.js'),
    standaloneScriptBuild(APP_ENTRIES.firstFrame, FIRST_FRAME_FILE),
    // Every text asset (and the sandbox's sample GLB) compressed once, at build time, as brotli and
    // gzip beside the file; the server sends the copy the browser accepts (never compresses per request).
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest|glb|wasm)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/config.json': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // The engine chunk is Babylon.js in one piece, larger than Vite's 500 kB hint by design; its
    // compressed size is watched by the bundle and network benches instead.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      input: buildInputs(process.env),
      // `npm start` prints only the login line: no timing report, and Tailwind's CSS transform
      // (which writes no source map for the stylesheet) is known.
      checks: { pluginTimings: false, sourcemapBroken: false },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: engineChunk(), debugName: 'engine' },
            { name: appChunk(), debugName: 'app' },
            { name: 'common', test: SMALL_SHARED_MODULES },
            { name: linkScreenChunks() },
          ],
        },
      },
    },
  },
});
