/**
 * Paths through the real screens, run from `npm run qa` (Playwright against the built app and
 * server): one path by id, a machine's, or every path of every machine with a screen driver.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { screenDrivers } from '../../e2e/screens/drivers';
import { allPaths, covering, playable } from '../../e2e/screens/screenPaths';
import type { Visited } from '../../tests/helpers/coverage';
import type { MachineModel } from '../../tests/models/machineModel';

/** The machines whose paths reach their screens: upload (e2e/uploadPaths.spec.ts) and those with a driver in e2e/screens/. */
export const SCREEN_SPECS = { upload: 'e2e/uploadPaths.spec.ts', drivers: 'e2e/screenPaths.spec.ts' };

/** Where `npm run qa -- --ui` leaves Playwright's results of each spec (the screens' page reads them). */
export const SCREEN_RESULTS = { upload: join('.tmp', 'qa', 'screens-upload.json'), drivers: join('.tmp', 'qa', 'screens-drivers.json') };

/** Builds the app (with the engine's test page) and the server when they are missing; the status of the build. */
export function ensureBuilt(outDir = 'dist'): number {
  if (existsSync(`${outDir}/engine-test.html`) && existsSync('dist-server/main.js')) return 0;
  const built = spawnSync('sh', ['-c', `ENGINE_TEST_PAGE=1 npx vite build --logLevel warn --outDir ${outDir} && node scripts/build-server.mjs`], { stdio: 'inherit' });
  return built.status ?? 1;
}

export interface ScreenRun {
  /** Which spec: the upload machine's, or the drivers' (then `machine` picks one). */
  spec: string;
  machine?: string;
  path?: string;
  all?: boolean;
  headed?: boolean;
  trace?: boolean;
  /** Playwright's JSON results written to this file too (the screens' page is made from them). */
  results?: string;
  /** Extra environment (another build, port or data folder). */
  env?: Record<string, string>;
  quiet?: boolean;
}

/** Runs Playwright on the spec; its exit status. */
export function runScreens(run: ScreenRun): number {
  if (run.results) {
    mkdirSync(join(run.results, '..'), { recursive: true });
    rmSync(run.results, { force: true });
  }
  const args = [
    'playwright',
    'test',
    run.spec,
    ...(run.path ? ['--grep', `path ${run.path}`] : []),
    ...(run.headed ? ['--headed'] : []),
    ...(run.results ? ['--reporter=list,json'] : []),
  ];
  const env = {
    ...process.env,
    ...(run.machine ? { QA_MACHINE: run.machine } : {}),
    ...(run.path ? { QA_PATH: run.path } : {}),
    ...(run.all ? { QA_UI_ALL: '1' } : {}),
    // A path by id, or all of them: from every generated path (the upload spec plays the vitest set otherwise).
    ...(run.all || run.path ? { MODEL_PATHS: 'all' } : {}),
    ...(run.trace ? { QA_TRACE: '1' } : {}),
    ...(run.results ? { PLAYWRIGHT_JSON_OUTPUT_NAME: run.results } : {}),
    ...run.env,
  };
  // Quiet, the output goes nowhere: piped, a failing run of long path names passed spawnSync's 1 MB and the run was stopped mid-way, hanging.
  const result = spawnSync('npx', args, { stdio: run.quiet ? 'ignore' : 'inherit', env });
  return result.status ?? 1;
}

/** Machines whose paths reach their screens in specs of their own, and why the others do not yet. */
const REASONS: Record<string, string> = {
  upload: 'e2e/uploadPaths.spec.ts: every path, per account',
  viewerTools: 'e2e/toolModes.spec.ts: the covering set over the tool panels',
};

/**
 * What `npm test` plays of a machine through its screen: the covering set of its screen driver
 * (from every generated path the page can play, as the spec picks them), measured on the real actor
 * by the QA run's own plays of those paths, the transitions the driver names off screen counted
 * apart; or the reason there is none.
 */
export function screenSet(model: MachineModel, visitedById: Map<string, Visited>, transitions: string[]): ScreenSet {
  const driver = screenDrivers[model.name];
  if (!driver) return { reason: REASONS[model.name] ?? 'no screen driver yet (hand-written end-to-end tests)' };
  const ids = covering(playable(driver, allPaths(driver.model))).map((p) => p.id);
  const taken = new Set<string>();
  for (const id of ids) visitedById.get(id)?.transitions.forEach((t) => taken.add(t));
  const named = new Set(driver.offScreen?.transitions ?? []);
  const counted = transitions.filter((t) => !named.has(t));
  const missing = counted.filter((t) => !taken.has(t));
  return {
    taken: counted.length - missing.length,
    total: counted.length,
    missing,
    ...(driver.offScreen ? { offScreen: driver.offScreen } : {}),
  };
}

/** A machine through its screen: what `npm test`'s set takes of the transitions counted (those named off screen apart), or why there is no driver. */
export type ScreenSet = { taken: number; total: number; missing: string[]; offScreen?: { transitions: string[]; why: string } } | { reason: string };
