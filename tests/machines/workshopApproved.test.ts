/**
 * The workshop follows the client's approval: when the current revision was approved with choices
 * of the quote's options, the cutting plan (diagrams, labels, CSV) cuts the boards of those
 * choices, and the page can say which; an approval of an earlier revision leaves the model's boards.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Estimate } from '../../src/model/cutting/estimate';
import type { PackingMode } from '../../src/model/cutting/packing';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../src/model/cutting/workshopSettings';
import type { NamedTree } from '../../src/model/parts/partsList';
import type { QuoteOptions } from '../../src/model/quote/quoteOptions';
import { approvedBoardsOf, workshopMachine, type LoadedWorkshop } from '../../src/machines/projects/workshopMachine';
import { makeProject } from '../helpers/fakeProjectsApi';

const tree: NamedTree = {
  roots: ['1'],
  nodes: {
    '1': { rawName: 'Base 1+720x560x600mm|Run A', children: ['2', '3', '4'] },
    '2': { rawName: 'Left side+720x18x560mm|Melamine white 18', children: [] },
    '3': { rawName: 'Door+716x19x297mm|Oak veneer 19', children: [] },
    '4': { rawName: 'Door+716x19x297mm|Oak veneer 19', children: [] },
  },
};
const options: QuoteOptions = {
  validityDays: 30,
  groups: [
    {
      id: 'fronts',
      name: 'Fronts',
      bind: { kind: 'material', name: 'Oak veneer 19' },
      choices: [
        { id: 'oak', name: 'Oak veneer', colour: '#b08850', board: '', price: { kind: 'perSquareMetre', amount: 20 } },
        { id: 'white', name: 'White lacquer', colour: '#f2f1ec', board: 'White lacquer MDF 19', price: { kind: 'perSquareMetre', amount: 65 } },
      ],
    },
  ],
};
const quote = { choices: { fronts: 'white' }, names: [{ group: 'Fronts', choice: 'White lacquer' }], total: 300, currency: 'EUR' };
const estimate: Estimate = { currency: 'EUR', revision: 3, lines: [], options: [], total: 0, previous: null };

async function planFor(approvedRevision: number) {
  const project = makeProject({ id: 7, revisionNumber: 3, approval: { name: 'Clara Client', date: new Date(2026, 0, 5), revisionNumber: approvedRevision, quote } });
  const actor = createActor(
    workshopMachine.provide({
      actors: {
        loadWorkshop: fromPromise<LoadedWorkshop, { projectId: number }>(async () => ({ project, tree, settings: DEFAULT_WORKSHOP_SETTINGS, options })),
        loadEstimate: fromPromise<Estimate, { projectId: number; mode: PackingMode }>(async () => estimate),
      },
    }),
    { input: { projectId: 7, origin: 'https://cv.example', unit: 'mm' } },
  ).start();
  await waitFor(actor, (s) => s.matches('ready'));
  const { plan, approved } = actor.getSnapshot().context;
  actor.stop();
  // The plan's materials with the parts each cuts.
  return { materials: plan!.groups.map((g) => [g.material, g.partCount]), boards: approvedBoardsOf(approved) };
}

describe('the workshop of an approved revision', () => {
  it('cuts the boards of the approved choices', async () => {
    const { materials, boards } = await planFor(3);
    expect(materials).toEqual([
      ['Melamine white 18', 1],
      ['White lacquer MDF 19', 2],
    ]);
    expect(boards).toEqual([{ group: 'Fronts', choice: 'White lacquer' }]);
  });

  it("keeps the model's boards when the approval was of an earlier revision", async () => {
    const { materials, boards } = await planFor(2);
    expect(materials).toEqual([
      ['Melamine white 18', 1],
      ['Oak veneer 19', 2],
    ]);
    expect(boards).toEqual([]);
  });
});
