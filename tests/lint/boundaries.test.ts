/**
 * The layer lint must fail when a layer imports the wrong way. Each case writes a tiny project
 * in a temporary folder with the real config and runs the real dependency-cruiser on it, through
 * its API in this process (the command's own code path: options from the config file, the
 * TypeScript config, the `err` reporter); one process per case cost about four seconds each.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { cruise as depcruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const dirs: string[] = [];
const home = process.cwd();

async function cruise(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'boundary-'));
  dirs.push(dir);
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  // The rules' paths are relative to where the cruise runs, as `npm run lint` runs it.
  process.chdir(dir);
  try {
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    const result = await depcruise(['src', 'server', 'samples'], { ...options, validate: true, outputType: 'err' }, undefined, { tsConfig: extractTSConfig('tsconfig.json') });
    return { code: result.exitCode, output: stripVTControlCharacters(String(result.output)) };
  } finally {
    process.chdir(home);
  }
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const base = {
  'src/api/schemas.ts': 'export const x = 1;\n',
  'server/main.ts': "import { x } from '../src/api/schemas';\nexport const y = x;\n",
  'server/convert/glbWriter.ts': 'export const w = 1;\n',
  'samples/generate.ts': "import { w } from '../server/convert/glbWriter';\nexport const g = w;\n",
  'src/model/layoutRules.ts': 'export const l = 1;\n',
};

describe('layer boundaries', () => {
  it('accepts a project that imports the right way', async () => {
    const result = await cruise({ ...base, 'src/machines/ok.ts': "import { x } from '../api/schemas';\nexport const m = x;\n" });
    expect(result.output).toContain('no dependency violations');
    expect(result.code).toBe(0);
  });

  it('fails when a machine imports the texts (i18n)', async () => {
    const result = await cruise({ ...base, 'src/i18n/numbers.ts': 'export const n = 1;\n', 'src/machines/bad.ts': "import { n } from '../i18n/numbers';\nexport const m = n;\n" });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('machines-not-to-i18n');
  });

  it('fails when the engine imports the wire contract, and accepts the model', async () => {
    const bad = await cruise({ ...base, 'src/engine/bad.ts': "import { x } from '../api/schemas';\nexport const e = x;\n" });
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('engine-not-to-api');
    const ok = await cruise({ ...base, 'src/engine/ok.ts': "import { l } from '../model/layoutRules';\nexport const e = l;\n" });
    expect(ok.code).toBe(0);
  });

  it('fails when a machine imports React', async () => {
    const result = await cruise({ ...base, 'src/machines/bad.ts': "import { useState } from 'react';\nexport const m = useState;\n" });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('machines-not-to-react-or-babylon');
  });

  it('fails when a machine imports Babylon', async () => {
    const result = await cruise({ ...base, 'src/machines/bad.ts': "import { Vector3 } from '@babylonjs/core/Maths/math.vector';\nexport const m = Vector3;\n" });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('machines-not-to-react-or-babylon');
  });

  it('fails when the engine imports a machine or React', async () => {
    const result = await cruise({
      ...base,
      'src/machines/m.ts': 'export const m = 1;\n',
      'src/engine/bad.ts': "import { m } from '../machines/m';\nimport React from 'react';\nexport const e = [m, React];\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('engine-not-to-machines-ui-react-xstate');
  });

  it('fails when a view imports the api, and when a view other than the canvas host imports the engine', async () => {
    const result = await cruise({
      ...base,
      'src/engine/index.ts': 'export const e = 1;\n',
      'src/ui/List.tsx': "import { x } from '../api/schemas';\nimport { e } from '../engine/index';\nexport const v = [x, e];\n",
      'src/ui/viewer/CanvasHost.tsx': "import { e } from '../../engine/index';\nexport const c = e;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('views-not-to-api');
    expect(result.output).toContain('views-not-to-engine-except-canvas-host');
    expect(result.output).not.toMatch(/CanvasHost\.tsx\s*→/);
  });

  it('fails when the server imports client code beyond src/api', async () => {
    const result = await cruise({ ...base, 'src/machines/m.ts': 'export const m = 1;\n', 'server/bad.ts': "import { m } from '../src/machines/m';\nexport const s = m;\n" });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('server-only-src-api');
  });

  it('fails when a link\'s first script imports a view or a machine, and accepts the engine, the contract and the model', async () => {
    const ok = await cruise({ ...base, 'src/engine/e.ts': 'export const e = 1;\n', 'src/firstFrame/main.ts': "import { e } from '../engine/e';\nimport { x } from '../api/schemas';\nimport { l } from '../model/layoutRules';\nexport const f = e + x + l;\n" });
    expect(ok.output).toContain('no dependency violations');
    const bad = await cruise({ ...base, 'src/ui/viewer/v.ts': 'export const v = 1;\n', 'src/firstFrame/main.ts': "import { v } from '../ui/viewer/v';\nexport const f = v;\n" });
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('first-frame-engine-api-model-only');
  });

  it('fails when the app, the engine or a view imports the first frame, and accepts the first frame using the engine\'s hand-over', async () => {
    const ok = await cruise({
      ...base,
      'src/engine/load/firstFrameHandoff.ts': 'export const h = 1;\n',
      'src/firstFrame/main.ts': "import { h } from '../engine/load/firstFrameHandoff';\nexport const f = h;\n",
    });
    expect(ok.output).toContain('no dependency violations');
    const firstFrame = { 'src/firstFrame/firstFrameView.ts': 'export const v = 1;\n' };
    const bad = await cruise({
      ...base,
      ...firstFrame,
      'src/main.tsx': "import { v } from './firstFrame/firstFrameView';\nexport const m = v;\n",
      'src/engine/bad.ts': "import { v } from '../firstFrame/firstFrameView';\nexport const e = v;\n",
      'src/ui/viewer/CanvasHost.tsx': "import { v } from '../../firstFrame/firstFrameView';\nexport const c = v;\n",
    });
    expect(bad.code).not.toBe(0);
    for (const from of ['src/main\\.tsx', 'src/engine/bad\\.ts', 'src/ui/viewer/CanvasHost\\.tsx']) {
      expect(bad.output).toMatch(new RegExp(`nothing-imports-the-first-frame[^\\n]*${from}`));
    }
  });

  it('fails when the server uses the generated samples outside the seed, and accepts the seed', async () => {
    const ok = await cruise({ ...base, 'server/seed/demo.ts': "import { g } from '../../samples/generate';\nexport const d = g;\n" });
    expect(ok.output).toContain('no dependency violations');
    const bad = await cruise({ ...base, 'server/http/route.ts': "import { g } from '../../samples/generate';\nexport const r = g;\n" });
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('server-not-to-samples-but-seed');
  });

  it('fails when the samples use the app, the service worker a view, or the model anything of the app', async () => {
    const samples = await cruise({ ...base, 'src/ui/v.ts': 'export const v = 1;\n', 'samples/bad.ts': "import { v } from '../src/ui/v';\nexport const b = v;\n" });
    expect(samples.output).toContain('samples-only-server-writers');
    const sw = await cruise({ ...base, 'src/ui/v.ts': 'export const v = 1;\n', 'src/sw/serviceWorker.ts': "import { v } from '../ui/v';\nexport const s = v;\n" });
    expect(sw.output).toContain('service-worker-api-model-only');
    const model = await cruise({ ...base, 'src/model/bad.ts': "import { x } from '../api/schemas';\nexport const b = x;\n" });
    expect(model.output).toContain('model-is-a-leaf');
    for (const result of [samples, sw, model]) expect(result.code).not.toBe(0);
  });

  it('accepts server/http and server/jobs both calling server/domain', async () => {
    const result = await cruise({
      ...base,
      'server/domain/revisionCommit.ts': 'export const commit = 1;\n',
      'server/http/uploadCreate.ts': "import { commit } from '../domain/revisionCommit';\nexport const h = commit;\n",
      'server/jobs/conversionWorker.ts': "import { commit } from '../domain/revisionCommit';\nexport const j = commit;\n",
    });
    expect(result.output).toContain('no dependency violations');
    expect(result.code).toBe(0);
  });

  it('fails when server/jobs imports server/http', async () => {
    const result = await cruise({
      ...base,
      'server/http/uploadCommit.ts': 'export const commit = 1;\n',
      'server/jobs/conversionWorker.ts': "import { commit } from '../http/uploadCommit';\nexport const j = commit;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('jobs-not-to-http');
  });

  it('fails when server/http imports server/jobs', async () => {
    const result = await cruise({
      ...base,
      'server/jobs/conversionQueue.ts': 'export const open = 1;\n',
      'server/http/app.ts': "import { open } from '../jobs/conversionQueue';\nexport const a = open;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('http-not-to-jobs');
  });

  it('fails when server/domain imports server/http or server/jobs', async () => {
    const result = await cruise({
      ...base,
      'server/http/route.ts': 'export const r = 1;\n',
      'server/jobs/queue.ts': 'export const q = 1;\n',
      'server/domain/bad.ts': "import { r } from '../http/route';\nimport { q } from '../jobs/queue';\nexport const d = r + q;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/domain-not-to-http-or-jobs[^\n]*server\/domain\/bad\.ts → server\/http\/route\.ts/);
    expect(result.output).toMatch(/domain-not-to-http-or-jobs[^\n]*server\/domain\/bad\.ts → server\/jobs\/queue\.ts/);
  });
});
