import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { publicSamplePlugin } from './samples/publicSamplePlugin';

// The API server (npm run server) listens on 8080 by default; the dev server proxies to it.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), publicSamplePlugin()],
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
    rolldownOptions: {
      // engine-test.html: the engine test page driven by e2e/engine.spec.ts and the benchmarks.
      input: { main: 'index.html', engineTest: 'engine-test.html' },
    },
  },
});
