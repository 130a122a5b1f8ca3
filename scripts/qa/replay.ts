/**
 * `npm run qa -- --machine X --path ID`: one generated path, found by its stable id, shown as steps
 * in words and played on the real machine with its oracle (the same check as its vitest case). With
 * `--ui` (upload, and the machines with a screen driver in e2e/screens/), the path is played through
 * the real screen in Chromium against the real server (e2e/uploadPaths.spec.ts, e2e/screenPaths.spec.ts),
 * `--headed` to watch it, `--trace` to keep a Playwright trace in test-results/.
 */
import { screenDrivers } from '../../e2e/screens/drivers';
import { allPaths, describeStep } from '../../e2e/screens/screenPaths';
import { uploadUiPaths } from '../../e2e/uploadPaths';
import { generate, type MachineModel } from '../../tests/models/machineModel';
import { describePath } from './paths';
import { join } from 'node:path';
import { writeScreenReport } from './screenReport';
import { ensureBuilt, runScreens, SCREEN_RESULTS, SCREEN_SPECS } from './screenRuns';

interface ReplayOptions {
  ui: boolean;
  headed: boolean;
  trace: boolean;
}

function replayThroughScreens(machine: string, id: string, options: ReplayOptions): number {
  if (machine === 'upload') {
    const path = uploadUiPaths.find((p) => p.id === id);
    if (!path) {
      console.error(`No screen path ${id} for upload. Screen paths: ${uploadUiPaths.map((p) => p.id).join(', ')}`);
      return 2;
    }
    console.log(`path ${id}, ${path.account} account (through the list page):`);
    path.steps.forEach((step, i) => console.log(`  ${String(i + 1).padStart(2)}. ${describeStep(step)}`));
  } else {
    const path = allPaths(screenDrivers[machine].model).find((p) => p.id === id);
    if (!path) {
      console.error(`No path ${id} for ${machine}: \`npm run qa -- --machine ${machine} --paths\` lists them.`);
      return 2;
    }
    console.log(`path ${id} of ${machine} (through its screen):`);
    path.steps.forEach((step, i) => console.log(`  ${String(i + 1).padStart(2)}. ${describeStep(step)}`));
  }
  // The end-to-end tests run on the built app and server, with the engine's test hooks.
  const built = ensureBuilt();
  if (built !== 0) return built;
  const results = machine === 'upload' ? SCREEN_RESULTS.upload : SCREEN_RESULTS.drivers;
  const status = runScreens({ spec: machine === 'upload' ? SCREEN_SPECS.upload : SCREEN_SPECS.drivers, machine, path: id, headed: options.headed, trace: options.trace, results });
  const page = writeScreenReport([results], join('.tmp', 'qa'));
  if (page) console.log(`wrote ${page}`);
  return status;
}

export async function replayPath(models: MachineModel[], id: string, options: ReplayOptions): Promise<number> {
  if (options.ui) {
    const machine = models.length === 1 ? models[0].name : '';
    if (machine !== 'upload' && !(machine in screenDrivers)) {
      console.error(`Through the screens: one of ${['upload', ...Object.keys(screenDrivers)].join(', ')} (--machine <name>). The other machines are played on the machine.`);
      return 2;
    }
    return replayThroughScreens(machine, id, options);
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
