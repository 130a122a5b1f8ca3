/**
 * A machine as QA sees it: the machine, the events its generated paths play, a fresh system under
 * test per path, and an oracle written from SPEC. The vitest files, `npm run qa`, the diagrams and
 * the mutation check all read these definitions, so they generate the same paths.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { coverageReport, withOutOfReach, type CoverageReport, type OutOfReach, type Visited } from '../helpers/coverage';
import { modelPaths, type ModelRun, type PathCase } from '../helpers/modelBased';

export interface MachineModel {
  /** Short name, used by `npm run qa -- --machine <name>` and for the diagram file. */
  name: string;
  machine: AnyStateMachine;
  /** The machine's source file, from the repository root (the mutation check edits it). */
  source: string;
  /** The file of the machine's `setup` (guards, actions) when it is apart from the config; the mutation check edits it too. */
  setupSource?: string;
  /** The vitest file that runs this model's paths. */
  testFile: string;
  /** One or more runs (e.g. different inputs); coverage is the union of their paths. */
  runs: { label: string; run: ModelRun<EventObject> }[];
  /** What this variant of a shared machine config cannot reach, named with the reason (none by default). */
  outOfReach?: OutOfReach;
}

export interface GeneratedModel {
  model: MachineModel;
  runs: { label: string; cases: PathCase[] }[];
  /** Runs every path once (in order) and reports what the real actors covered, all runs together. */
  coverage(): Promise<CoverageReport>;
}

/** The model's paths: the covering set `npm test` plays, or every generated one (`all`, or MODEL_PATHS=all). */
export function generate(model: MachineModel, options: { all?: boolean } = {}): GeneratedModel {
  const generated = model.runs.map(({ label, run }) => ({ label, ...modelPaths(model.machine, run, options) }));
  return {
    model,
    runs: generated.map(({ label, cases }) => ({ label, cases })),
    async coverage() {
      const visited: Visited = { states: new Set(), transitions: new Set() };
      for (const run of generated) {
        for (const c of run.cases) {
          const v = await c.execute();
          v.states.forEach((s) => visited.states.add(s));
          v.transitions.forEach((t) => visited.transitions.add(t));
        }
      }
      return withOutOfReach(coverageReport(generated[0].shape, visited), model.outOfReach);
    },
  };
}

/** Typed helper for one run's definition (keeps the event type of the machine). */
export const defineRun = <E extends EventObject>(run: ModelRun<E>) => run as unknown as ModelRun<EventObject>;
