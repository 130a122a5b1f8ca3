// Builds the server to plain JavaScript in dist-server/ (or the folder given): `npm start`,
// `npm run worker` and `npm run admin` run these files with no TypeScript loader. Packages stay
// imports of node_modules; our own modules (server/, and the schemas it shares with src/api/) are
// bundled into one file per entry point, all in one folder (the converter finds its thread's file there).
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist-server';
await build({
  entryPoints: {
    main: 'server/main.ts',
    worker: 'server/worker.ts',
    admin: 'server/cli/admin.ts',
    'convert-worker': 'server/convert/worker.ts',
    'step-part-reader': 'server/convert/importers/partReaderThread.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
