/**
 * Vite plugin: writes the bundled sample model (`/sample.glb`, shown at /sandbox) into the build,
 * and serves it from memory in development. The GLB is generated, not committed.
 */
import type { Plugin } from 'vite';
import { generateAssembly } from './generate.js';
import { PUBLIC_SAMPLE } from './buildPublicSample.js';
import { assemblyToGlb } from './toGlb.js';

export const PUBLIC_SAMPLE_FILE = 'sample.glb';

export function publicSamplePlugin(): Plugin {
  let glb: Promise<Uint8Array> | null = null;
  const build = () => (glb ??= assemblyToGlb(generateAssembly(PUBLIC_SAMPLE)));
  return {
    name: 'public-sample',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: PUBLIC_SAMPLE_FILE, source: await build() });
    },
    configureServer(server) {
      server.middlewares.use(`/${PUBLIC_SAMPLE_FILE}`, (_req, res) => {
        void build().then((bytes) => {
          res.setHeader('Content-Type', 'model/gltf-binary');
          res.setHeader('Content-Length', String(bytes.byteLength));
          res.end(bytes);
        });
      });
    },
  };
}
