/** The vitest side of a machine model: one test per generated path, then the coverage of the real actor. */
import { describe, expect, it } from 'vitest';
import { generate, type MachineModel } from '../models/machineModel';

export function modelTests(model: MachineModel) {
  const generated = generate(model);
  describe(`${model.name} machine (model-based, oracle from SPEC)`, () => {
    for (const run of generated.runs) {
      describe(run.label, () => {
        for (const c of run.cases) it(c.name, async () => void (await c.execute()));
      });
    }
    it('the real actor visits every state and takes every transition', async () => {
      const report = await generated.coverage();
      expect(report.states.missing).toEqual([]);
      expect(report.transitions.missing).toEqual([]);
      expect(report.states.total).toBeGreaterThan(0);
    });
  });
  return generated;
}
