import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

/**
 * Folders of tests that start no server, process or database and keep no state between files: their
 * files share a worker and its loaded modules (`isolate: false`). A fresh process per file cost
 * more than the tests themselves there (React, jsdom, Babylon and xstate imported again per file).
 */
const SHARED_WORKER = ['tests/ui', 'tests/machines', 'tests/engine', 'tests/api', 'tests/i18n', 'tests/model'];
const TEST_FILES = '**/*.test.{ts,tsx}';
/** Of those, files that change the window (size, frame) in a way a later file in the worker would see. */
const OWN_WORKER = ['tests/ui/viewer/embeddedLink.test.tsx'];

/**
 * Files that take minutes, started first: with two workers, one of them started last would keep
 * the run going alone at its end.
 */
const SLOW_FIRST = ['tests/bench/', 'tests/server/uploadQueue', 'tests/lint/', 'tests/convert/conversionBudget', 'tests/convert/wholeJobs', 'tests/server/rollingRestart', 'tests/server/revisionRace', 'tests/convert/stepPlacements'];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((prefix) => file.moduleId.includes(`/${prefix}`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i).map(({ file }) => file);
  }
}

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default keeps one core for its main process: one worker on this 2-core machine. Most
    // files wait on servers, sockets, databases and conversion processes, so two workers overlap
    // that waiting (VITEST_MAX_WORKERS overrides it).
    maxWorkers: 2,
    sequence: { sequencer: SlowFirst },
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED_WORKER.map((dir) => `${dir}/${TEST_FILES}`), exclude: OWN_WORKER, isolate: false } },
      { extends: true, test: { name: 'isolated', include: [`tests/${TEST_FILES}`], exclude: SHARED_WORKER.map((dir) => `${dir}/**`) } },
      { extends: true, test: { name: 'own', include: OWN_WORKER } },
    ],
  },
});
