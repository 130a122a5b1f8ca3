/**
 * The service worker's own build: one classic script at the site's root (`/sw.js`, scope `/`).
 * A worker registered as a classic script cannot import the page's chunks, so it is bundled apart,
 * every module it uses (workbox, the messages and boot-data readers it shares with the pages)
 * inside it, with Rolldown, the bundler Vite itself runs on.
 */
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

export function serviceWorkerBuild(entry: string, fileName = 'sw.js'): Plugin {
  return {
    name: 'service-worker-build',
    apply: 'build',
    async generateBundle() {
      const bundle = await rolldown({
        input: entry,
        platform: 'browser',
        // Workbox's development logging goes: the worker is built for production.
        transform: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
      });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        const [chunk] = output;
        if (chunk.type !== 'chunk') throw new Error('the service worker bundle has no script');
        this.emitFile({ type: 'asset', fileName, source: chunk.code });
      } finally {
        await bundle.close();
      }
    },
  };
}
