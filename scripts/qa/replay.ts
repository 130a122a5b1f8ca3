/**
 * `npm run qa -- --machine X --path ID`: one generated path, found by its stable id, shown as steps
 * in words and played on the real machine with its oracle (the same check as its vitest case). With
 * `--ui` (upload), the path is played through the real list page in Chromium against the real server
 * (e2e/uploadPaths.spec.ts), `--headed` to watch it, `--trace` to keep a Playwright trace in
 * test-results/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describeStep, uploadUiPaths } from '../../e2e/uploadPaths';
import { generate, type MachineModel } from '../../tests/models/machineModel';
import { describePath } from './paths';

interface ReplayOptions {
  ui: boolean;
  headed: boolean;
  trace: boolean;
}

function replayThroughScreens(id: string, options: ReplayOptions): number {
  const path = uploadUiPaths.find((p) => p.id === id);
  if (!path) {
    console.error(`No screen path ${id} for upload. Screen paths: ${uploadUiPaths.map((p) => p.id).join(', ')}`);
    return 2;
  }
  console.log(`path ${id}, ${path.account} account (through the list page):`);
  path.steps.forEach((step, i) => console.log(`  ${String(i + 1).padStart(2)}. ${describeStep(step)}`));
  // The end-to-end tests run on the built app and server, with the engine's test hooks.
  if (!existsSync('dist/engine-test.html') || !existsSync('dist-server/main.js')) {
    const built = spawnSync('sh', ['-c', 'ENGINE_TEST_PAGE=1 npx vite build --logLevel warn && node scripts/build-server.mjs'], { stdio: 'inherit' });
    if (built.status !== 0) return built.status ?? 1;
  }
  const args = ['playwright', 'test', 'e2e/uploadPaths.spec.ts', '--grep', `path ${id}`, ...(options.headed ? ['--headed'] : [])];
  const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, QA_PATH: id, ...(options.trace ? { QA_TRACE: '1' } : {}) } });
  return run.status ?? 1;
}

export async function replayPath(models: MachineModel[], id: string, options: ReplayOptions): Promise<number> {
  if (options.ui) {
    if (models.length !== 1 || models[0].name !== 'upload') {
      console.error('Through the screens: the upload machine\'s paths (--machine upload). The other machines are played on the machine.');
      return 2;
    }
    return replayThroughScreens(id, options);
  }
  for (const model of models) {
    for (const run of generate(model).runs) {
      const found = run.cases.find((c) => c.id === id);
      if (!found) continue;
      console.log(`# ${model.name}, ${run.label}`);
      console.log(describePath(found, id).join('\n'));
      try {
        await found.execute();
        console.log(`\npassed: at every step the machine was where the oracle expects, with the effects it expects`);
        return 0;
      } catch (error) {
        console.log(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
    }
  }
  console.error(`No path ${id} in ${models.map((m) => m.name).join(', ')}: \`npm run qa -- --machine <name> --paths\` lists the paths with their ids.`);
  return 2;
}
