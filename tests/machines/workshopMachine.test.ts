/** The workshop page's machine: loading, the plan per mode, the estimate reloaded, the settings draft checked before it is sent. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_WORKSHOP_SETTINGS, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import type { Estimate } from '../../src/model/cutting/estimate';
import type { PackingMode } from '../../src/model/cutting/packing';
import type { NamedTree } from '../../src/model/parts/partsList';
import { workshopMachine, type LoadedWorkshop } from '../../src/machines/projects/workshopMachine';
import { partLabelsOf } from '../../src/machines/projects/workshopView';
import { makeProject } from '../helpers/fakeProjectsApi';

const tree: NamedTree = {
  roots: ['0'],
  nodes: {
    '0': { rawName: 'Kitchen+1x1x1mm|Seed', children: ['1', '4'] },
    '1': { rawName: 'Base 1+720x560x600mm|Run A', children: ['2', '3'] },
    '2': { rawName: 'Left side+720x18x560mm|Melamine white 18', children: [] },
    '3': { rawName: 'Hinge+48x11,5x35mm|Clip top 110 deg', children: [] },
    '4': { rawName: 'Base 2+720x560x600mm|Run A', children: ['5'] },
    '5': { rawName: 'Door+716x19x597mm|Oak veneer 19', children: [] },
  },
};

function start(options: { failLoad?: boolean; failSave?: boolean } = {}) {
  const calls = { estimate: [] as string[], saved: [] as WorkshopSettings[], loads: 0 };
  const estimate: Estimate = { currency: 'EUR', revision: 2, lines: [], options: [], total: 12, previous: null };
  const actor = createActor(
    workshopMachine.provide({
      actors: {
        loadWorkshop: fromPromise<LoadedWorkshop, { projectId: number }>(async () => {
          calls.loads++;
          if (options.failLoad && calls.loads === 1) throw new Error('offline');
          return { project: makeProject({ id: 7, isPublished: true, accessKey: 'Key123' }), tree, settings: DEFAULT_WORKSHOP_SETTINGS };
        }),
        loadEstimate: fromPromise<Estimate, { projectId: number; mode: PackingMode }>(async ({ input }) => {
          calls.estimate.push(input.mode);
          return estimate;
        }),
        saveSettings: fromPromise<WorkshopSettings, { settings: WorkshopSettings }>(async ({ input }) => {
          if (options.failSave) throw new Error('500');
          calls.saved.push(input.settings);
          return input.settings;
        }),
      },
    }),
    { input: { projectId: 7, origin: 'https://cv.example', unit: 'mm' } },
  ).start();
  return { actor, calls };
}

describe('workshop machine', () => {
  it('loads, plans both board materials and fetches the estimate; a new mode replans and refetches', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ ready: { estimate: 'loaded' } }));
    const plan = actor.getSnapshot().context.plan!;
    expect(plan.groups.map((g) => g.material)).toEqual(['Melamine white 18', 'Oak veneer 19']);
    expect(plan.hardware).toEqual([{ name: 'Hinge', quantity: 1 }]);
    actor.send({ type: 'workshop.mode', mode: 'free' });
    expect(actor.getSnapshot().context.plan!.mode).toBe('free');
    await waitFor(actor, (s) => s.matches({ ready: { estimate: 'loaded' } }));
    expect(calls.estimate).toEqual(['guillotine', 'free']);
  });

  it('keeps a draft with problems, saying which, and sends a good one, replanning with it', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ ready: { estimate: 'loaded' } }));
    const bad = { ...DEFAULT_WORKSHOP_SETTINGS, defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, kerf: Number.NaN, trim: 5000 } };
    actor.send({ type: 'workshop.draft', draft: bad });
    actor.send({ type: 'workshop.save' });
    expect(actor.getSnapshot().matches({ ready: { settings: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.errors.map((e) => [e.field, e.code])).toEqual([
      ['defaultMaterial.kerf', 'number'],
      ['defaultMaterial.trim', 'range'],
    ]);
    expect(calls.saved).toEqual([]);
    const small = { ...DEFAULT_WORKSHOP_SETTINGS, defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, sheetLength: 800, sheetWidth: 700 } };
    actor.send({ type: 'workshop.draft', draft: small });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    actor.send({ type: 'workshop.save' });
    await waitFor(actor, (s) => s.matches({ ready: { settings: 'editing', estimate: 'loaded' } }) && calls.saved.length === 1);
    expect(actor.getSnapshot().context.plan!.groups.every((g) => g.sheet.sheetLength === 800)).toBe(true);
    expect(calls.estimate).toEqual(['guillotine', 'guillotine']);
  });

  it('says when saving failed and keeps the draft', async () => {
    const { actor } = start({ failSave: true });
    await waitFor(actor, (s) => s.matches('ready'));
    const draft = { ...DEFAULT_WORKSHOP_SETTINGS, labourPerPart: 3 };
    actor.send({ type: 'workshop.draft', draft });
    actor.send({ type: 'workshop.save' });
    await waitFor(actor, (s) => s.context.saveFailed);
    expect(actor.getSnapshot().context.draft).toEqual(draft);
    expect(actor.getSnapshot().context.settings).toEqual(DEFAULT_WORKSHOP_SETTINGS);
  });

  it('fails to load, then retries', async () => {
    const { actor } = start({ failLoad: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'workshop.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('gives each placed part a label whose link isolates its cabinet and selects the part', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    const labels = partLabelsOf(actor.getSnapshot().context.plan!, 'Key123', 'https://cv.example');
    expect(labels.map((l) => [l.number, l.name, l.cabinet])).toEqual([
      [1, 'Left side', 'Base 1'],
      [2, 'Door', 'Base 2'],
    ]);
    expect(labels[0].url).toBe(`https://cv.example/s/Key123?filter=Base%201&part=${encodeURIComponent('Left side+720x18x560mm|Melamine white 18')}`);
  });
});
