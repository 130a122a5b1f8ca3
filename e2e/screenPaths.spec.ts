/**
 * The machines' generated paths played through their real screens against the real server
 * (e2e/screens/): each step a user's click or key on the page, or the server's answer; after each,
 * the page shows what the machine's oracle expects. `npm test` plays a set of paths taking every
 * transition of the model's paths; `QA_UI_ALL=1` all of them, `QA_PATH` one, `QA_MACHINE` one machine.
 */
import { expect, test } from '@playwright/test';
import { screenDrivers } from './screens/drivers';
import { allPaths, covering, describeStep, pathsToPlay, playable, playPath, undriven } from './screens/screenPaths';

// A failing path leaves its last screen and a trace in test-results/ (`npx playwright show-trace`).
test.use({ screenshot: 'only-on-failure', trace: process.env.QA_TRACE ? 'on' : 'retain-on-failure' });

for (const [machine, driver] of Object.entries(screenDrivers)) {
  if (process.env.QA_MACHINE && process.env.QA_MACHINE !== machine) continue;
  const paths = playable(driver, allPaths(driver.model));
  test.describe(`the ${machine} machine's paths through its screen`, () => {
    test('every event of its paths has a driver, and the paths played take every transition of them all', () => {
      expect(undriven(driver, paths)).toEqual([]);
      const all = new Set(paths.flatMap((p) => p.signatures));
      expect(new Set(covering(paths).flatMap((p) => p.signatures))).toEqual(all);
    });
    for (const path of pathsToPlay(paths)) {
      test(`path ${path.id} (${path.run}): ${path.steps.map(describeStep).join(', ')}`, async ({ page }) => {
        test.setTimeout(90_000);
        await playPath(page, driver, path);
      });
    }
  });
}
