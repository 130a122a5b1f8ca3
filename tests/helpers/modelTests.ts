/** The vitest side of a machine model: one test per generated path, then the coverage of the real actor. */
import { describe, expect, it } from 'vitest';
import type { CoverageReport } from './coverage';
import { generate, type MachineModel } from '../models/machineModel';

export function modelTests(model: MachineModel) {
  const generated = generate(model);
  describe(`${model.name} machine (model-based, oracle from SPEC)`, () => {
    for (const run of generated.runs) {
      describe(run.label, () => {
        for (const c of run.cases) it(`[${c.id}] ${c.name}`, async () => void (await c.execute()));
      });
    }
    it('the real actor visits every state and takes every transition', async () => {
      const report = await generated.coverage();
      expect(report.states.missing).toEqual([]);
      expect(report.transitions.missing).toEqual([]);
      expect(report.reachedAnyway ?? []).toEqual([]);
      expect(report.states.total).toBeGreaterThan(0);
    });
  });
  return generated;
}

/**
 * For a test that builds its own `modelPaths` runs: asserts, after they ran, that together they
 * made the real actor visit every state and take every transition.
 */
export function realCoverageTest(runs: Array<{ coverage: () => Promise<CoverageReport> }>) {
  it('the real actor visits every state and takes every transition', async () => {
    const reports: CoverageReport[] = [];
    for (const run of runs) reports.push(await run.coverage());
    const missing = (pick: (r: CoverageReport) => string[]) => pick(reports[0]).filter((key) => reports.every((r) => pick(r).includes(key)));
    expect(missing((r) => r.states.missing)).toEqual([]);
    expect(missing((r) => r.transitions.missing)).toEqual([]);
  });
}
