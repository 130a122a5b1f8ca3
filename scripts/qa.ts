/**
 * `npm run qa`: for every machine of tests/models, its states and transitions, the paths generated
 * from it (the same generation as the vitest files), each path played on the real machine and
 * checked by the machine's oracle, and the coverage the real actor reached. Prints a table and
 * writes .tmp/qa/report.json and .tmp/qa/junit.xml; exits 1 when a path fails or coverage is short.
 *
 *   npm run qa                                  every machine
 *   npm run qa -- --machine upload              one machine
 *   npm run qa -- --machine upload --paths      its generated paths as steps (no run), each with its id
 *   npm run qa -- --machine upload --path ID    one path: its steps, then played on the machine with the oracle
 *        [--ui [--headed] [--trace]]            ... or through the real screens (upload: e2e/uploadPaths.spec.ts)
 *   npm run qa -- --diagrams                    writes docs/machines/<machine>.md (Mermaid)
 *   npm run qa -- --out <dir>                   writes the reports there instead of .tmp/qa
 *   npm run qa -- --covering                    the paths `npm test` plays instead of every generated one
 *   npm run qa -- --mutate [--since <commit>]   the mutation check (scripts/mutate-machines.ts), of the
 *                                               machines whose files changed since that commit
 *   npm run qa -- --ui --all [--machine X]      every generated path of the machines with a screen driver
 *                                               (e2e/screens/, upload's e2e/uploadPaths.ts) through their screens
 *   npm run qa -- --ui-mutants [--machine X]    planted view faults, each built and played through the screens
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageReport, machineShape, withOutOfReach, type Visited } from '../tests/helpers/coverage';
import { allMachines, machineModels } from '../tests/models';
import { generate } from '../tests/models/machineModel';
import { writeDiagrams } from './qa/diagram';
import { describePath, describePaths } from './qa/paths';
import { replayPath } from './qa/replay';
import { htmlReport } from './qa/html';
import { junit, table, type CaseResult, type MachineResult } from './qa/report';
import { writeScreenReport } from './qa/screenReport';
import { ensureBuilt, runScreens, SCREEN_RESULTS, SCREEN_SPECS, screenSet } from './qa/screenRuns';
import { runViewMutants } from './qa/viewMutants';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const flag = (name: string) => args.includes(name);

// The QA run plays every generated path; `--covering` plays the set `npm test` plays (every
// transition and state once, and a seeded sample of longer paths: tests/helpers/coveringPaths.ts).
if (!flag('--covering')) process.env.MODEL_PATHS ??= 'all';

const wanted = option('--machine');
if (flag('--mutate')) {
  const passed = ['--machine', '--since'].flatMap((name) => (option(name) ? [name, option(name)!] : []));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mutate-machines.ts', ...passed], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
if (flag('--ui-mutants')) process.exit(runViewMutants(wanted));
if (flag('--ui') && flag('--all')) {
  const built = ensureBuilt();
  if (built !== 0) process.exit(built);
  const upload = !wanted || wanted === 'upload' ? runScreens({ spec: SCREEN_SPECS.upload, all: true, results: SCREEN_RESULTS.upload }) : 0;
  const drivers = wanted === 'upload' ? 0 : runScreens({ spec: SCREEN_SPECS.drivers, machine: wanted, all: true, results: SCREEN_RESULTS.drivers });
  const page = writeScreenReport([...(!wanted || wanted === 'upload' ? [SCREEN_RESULTS.upload] : []), ...(wanted === 'upload' ? [] : [SCREEN_RESULTS.drivers])], join('.tmp', 'qa'));
  if (page) console.log(`wrote ${page}`);
  process.exit(upload || drivers);
}
if (flag('--diagrams')) {
  for (const file of writeDiagrams(allMachines.filter((m) => !wanted || m.name === wanted))) console.log(`wrote ${file}`);
  process.exit(0);
}

const models = machineModels.filter((m) => !wanted || m.name === wanted);
if (models.length === 0) {
  console.error(`No machine named ${wanted}. Machines: ${machineModels.map((m) => m.name).join(', ')}`);
  process.exit(2);
}

if (flag('--diagrams')) {
  for (const file of writeDiagrams(models)) console.log(`wrote ${file}`);
  process.exit(0);
}

// One path by its id: its steps in words, then played (on the machine, or with --ui through the screens).
const onePath = option('--path');
if (onePath) process.exit(await replayPath(models, onePath, { ui: flag('--ui'), headed: flag('--headed'), trace: flag('--trace') }));

if (flag('--paths')) {
  for (const model of models) console.log(describePaths(generate(model)));
  process.exit(0);
}

const results: MachineResult[] = [];
for (const model of models) {
  const generated = generate(model);
  const shape = machineShape(model.machine);
  const visited: Visited = { states: new Set(), transitions: new Set() };
  const cases: CaseResult[] = [];
  const visitedById = new Map<string, Visited>();
  for (const run of generated.runs) {
    for (const c of run.cases) {
      const started = performance.now();
      try {
        const v = await c.execute();
        visitedById.set(c.id, v);
        v.states.forEach((s) => visited.states.add(s));
        v.transitions.forEach((t) => visited.transitions.add(t));
        cases.push({ run: run.label, id: c.id, name: c.name, ok: true, ms: performance.now() - started });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        cases.push({ run: run.label, id: c.id, name: c.name, ok: false, error: message, steps: describePath(c, c.id).slice(1), ms: performance.now() - started });
      }
    }
  }
  results.push({
    machine: model.name,
    source: model.source,
    testFile: model.testFile,
    states: shape.states.length,
    transitions: shape.transitions.length,
    paths: cases.length,
    failed: cases.filter((c) => !c.ok).length,
    coverage: withOutOfReach(coverageReport(shape, visited), model.outOfReach),
    cases,
    stateList: shape.states,
    transitionList: shape.transitions.map(({ key, source, event, targets }) => ({ key, source, event, targets })),
    // The transitions the variant cannot reach are not the screen's to take either.
    screen: screenSet(model, visitedById, shape.transitions.map((t) => t.key).filter((t) => !model.outOfReach?.transitions.includes(t))),
  });
}

const dir = option('--out') ?? join('.tmp', 'qa');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'report.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), machines: results }, null, 2)}\n`);
writeFileSync(join(dir, 'junit.xml'), junit(results));
writeFileSync(join(dir, 'report.html'), htmlReport(results));
console.log(table(results));
console.log(`\nwrote ${join(dir, 'report.json')}, ${join(dir, 'junit.xml')} and ${join(dir, 'report.html')}`);
const short = results.some((r) => r.failed > 0 || r.coverage.states.missing.length > 0 || r.coverage.transitions.missing.length > 0 || (r.coverage.reachedAnyway ?? []).length > 0);
process.exit(short ? 1 : 0);
