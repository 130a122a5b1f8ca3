/**
 * A script built apart from the app's chunks: one classic script (an IIFE) with every module it
 * uses inside it, written at the build's root under a fixed name, with Rolldown, the bundler Vite
 * itself runs on. Two scripts need that:
 * - the service worker (`/sw.js`, scope `/`): a worker registered as a classic script cannot
 *   import the page's chunks;
 * - a shared link's first frame (`first-frame.js`), which the server writes into the link's page
 *   itself (server/http/appShell.ts), so that it needs no request of its own.
 */
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

export function standaloneScriptBuild(entry: string, fileName: string): Plugin {
  return {
    name: `standalone-script-build:${fileName}`,
    apply: 'build',
    async generateBundle() {
      const bundle = await rolldown({
        input: entry,
        platform: 'browser',
        // Libraries' development code goes (workbox's logging): these scripts are built for production.
        transform: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
      });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        const [chunk] = output;
        if (chunk.type !== 'chunk') throw new Error(`${fileName}: the bundle has no script`);
        this.emitFile({ type: 'asset', fileName, source: chunk.code });
      } finally {
        await bundle.close();
      }
    },
  };
}
