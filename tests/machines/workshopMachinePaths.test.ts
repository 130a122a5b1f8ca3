/**
 * The workshop machine, model-based: every state reached by its shortest paths, each step checked
 * against the model and against rules that do not come from the machine: the estimate is asked for
 * the current mode, only a draft without problems is sent, a saved draft becomes the plan's settings.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSHOP_SETTINGS, type WorkshopSettings } from '../../src/api/cutting/workshopSettings';
import type { NamedTree } from '../../src/api/partsList';
import { workshopMachine, type WorkshopEvent } from '../../src/machines/projects/workshopMachine';
import { settingsErrorsOf } from '../../src/machines/projects/workshopView';
import { createSut, modelPaths } from '../helpers/modelBased';
import { makeProject } from '../helpers/fakeProjectsApi';

const tree: NamedTree = {
  roots: ['c'],
  nodes: { c: { rawName: 'Base 1+720x560x600mm|Run A', children: ['p'] }, p: { rawName: 'Side+720x18x560mm|Melamine white 18', children: [] } },
};
const input = { projectId: 4, origin: 'https://cv.example', unit: 'mm' as const };
const good: WorkshopSettings = { ...DEFAULT_WORKSHOP_SETTINGS, labourPerPart: 4, defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, sheetLength: 1500 } };
const bad: WorkshopSettings = { ...DEFAULT_WORKSHOP_SETTINGS, currency: 'eu' };
const estimate = { currency: 'EUR', revision: 1, lines: [], total: 4, previous: null };

const events = [
  { type: 'xstate.done.actor.loadWorkshop', output: { project: makeProject({ id: 4 }), tree, settings: DEFAULT_WORKSHOP_SETTINGS } },
  { type: 'xstate.error.actor.loadWorkshop', error: new Error('offline') },
  { type: 'xstate.done.actor.loadEstimate', output: estimate },
  { type: 'xstate.error.actor.loadEstimate', error: new Error('500') },
  { type: 'xstate.done.actor.saveSettings', output: good },
  { type: 'xstate.error.actor.saveSettings', error: new Error('500') },
  { type: 'workshop.retry' },
  { type: 'workshop.mode', mode: 'free' },
  { type: 'workshop.draft', draft: good },
  { type: 'workshop.draft', draft: bad },
  { type: 'workshop.save' },
] as unknown as WorkshopEvent[];

describe('workshop machine (model-based)', () => {
  const { cases, reachedByModel, allStates } = modelPaths(workshopMachine, {
    events,
    input,
    // The plan and the settings objects make every context distinct: states are told apart by value and draft validity.
    serializeState: (s) => {
      const c = s.context as { mode: string; draft: WorkshopSettings | null; saveFailed: boolean; errors: unknown[] };
      return JSON.stringify([s.value, c.mode, c.draft === bad, c.draft === good, c.saveFailed, c.errors.length > 0]);
    },
    sut: () => createSut(workshopMachine, { promiseActors: ['loadWorkshop', 'loadEstimate', 'saveSettings'], input }),
    check: (real, model, sut, event) => {
      expect(real.value).toEqual(model.value);
      const ctx = real.context as { mode: string; plan: { mode: string; groups: { sheet: { sheetLength: number } }[] } | null; settings: WorkshopSettings | null; errors: unknown[]; draft: WorkshopSettings | null };
      if (real.matches({ ready: { estimate: 'loading' } })) expect(sut.pending.loadEstimate.at(-1)?.input).toEqual({ projectId: 4, mode: ctx.mode });
      if (real.matches({ ready: { settings: 'saving' } })) {
        const sent = sut.pending.saveSettings.at(-1)?.input as { settings: WorkshopSettings };
        expect(sent.settings).not.toBe(bad);
        expect(settingsErrorsOf(sent.settings)).toEqual([]);
      }
      if (event.type === 'workshop.save' && ctx.draft === bad) expect(ctx.errors).toEqual([{ field: 'currency', code: 'currency', name: '' }]);
      if (ctx.plan) {
        expect(ctx.plan.mode).toBe(ctx.mode);
        expect(ctx.plan.groups[0].sheet.sheetLength).toBe(ctx.settings!.defaultMaterial.sheetLength);
      }
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});
