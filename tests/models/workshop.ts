/**
 * The workshop page (issue 33 "The workshop pack"), the rules written here: the project, its part
 * tree and the owner's settings are read once (a failure offers Retry). Then, side by side:
 * - the estimate is read for the current packing mode; a new mode or newly saved settings read it
 *   again (the one shown stays until the new one comes); a failed read offers Retry;
 * - the settings form edits a draft; Save sends it only when it holds (a currency is a three-letter
 *   ISO code), else it lists the problems and sends nothing; a saved draft becomes the settings the
 *   cutting diagrams use; a failed save says so and keeps the draft; a new edit clears both notices.
 * The cutting plan follows the mode and the saved settings (never a draft not saved). The tab, the
 * unit and the label format are the user's choice at any time.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { Estimate } from '../../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import type { NamedTree } from '../../src/model/parts/partsList';
import { workshopMachine, type WorkshopEvent } from '../../src/machines/projects/workshopMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type Event = WorkshopEvent | { type: string; output?: unknown; error?: unknown };

const input = { projectId: 4, origin: 'https://cv.example', unit: 'mm' as const };
const tree: NamedTree = {
  roots: ['c'],
  nodes: { c: { rawName: 'Base 1+720x560x600mm|Run A', children: ['p'] }, p: { rawName: 'Side+720x18x560mm|Melamine white 18', children: [] } },
};
const project = makeProject({ id: 4 });
const good: WorkshopSettings = { ...DEFAULT_WORKSHOP_SETTINGS, labourPerPart: 4, defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, sheetLength: 1500 } };
const bad: WorkshopSettings = { ...DEFAULT_WORKSHOP_SETTINGS, currency: 'eu' };
const estimate: Estimate = { currency: 'EUR', revision: 1, lines: [], options: [], total: 4, previous: null };

/** The oracle's own rule for a draft: a currency is three capital letters (ISO 4217). */
const problemsOf = (draft: WorkshopSettings) => (/^[A-Z]{3}$/.test(draft.currency) ? [] : [{ field: 'currency', code: 'currency', name: '' }]);

type EstimatePhase = 'loading' | 'loaded' | 'failed';
type SettingsPhase = 'editing' | 'saving';

export interface WorkshopExpected extends Expected {
  value: 'loading' | 'failed' | { ready: { estimate: EstimatePhase; settings: SettingsPhase } };
  mode: string;
  tab: string;
  unit: string;
  labelFormat: string;
  settings: WorkshopSettings | null;
  draft: WorkshopSettings | null;
  errors: unknown[];
  saveFailed: boolean;
  estimate: Estimate | null;
  calls: { loadWorkshop: unknown[]; loadEstimate: unknown[]; saveSettings: unknown[] };
}

const ready = (e: WorkshopExpected) => (typeof e.value === 'object' ? e.value.ready : null);
const at = (e: WorkshopExpected, estimate: EstimatePhase, settings: SettingsPhase) => ({ ...e, value: { ready: { estimate, settings } } });
/** The estimate read (again) for the mode now. */
const readEstimate = (e: WorkshopExpected, settings: SettingsPhase, why: string): WorkshopExpected => ({
  ...at(e, 'loading', settings),
  calls: { ...e.calls, loadEstimate: [...e.calls.loadEstimate, { projectId: 4, mode: e.mode }] },
  effects: [...e.effects, `${why}: GET projects/4/estimate?mode=${e.mode}`],
});

export const workshopOracle: Oracle<Event, WorkshopExpected> = {
  initial: () => ({
    value: 'loading', effects: ['GET project 4, its part tree and the workshop settings'], mode: 'guillotine', tab: 'diagrams', unit: 'mm', labelFormat: 'a4',
    settings: null, draft: null, errors: [], saveFailed: false, estimate: null,
    calls: { loadWorkshop: [{ projectId: 4 }], loadEstimate: [], saveSettings: [] },
  }),
  next(e, event) {
    const base: WorkshopExpected = { ...e, effects: [] };
    const payload = event as Record<string, unknown>;
    const r = ready(e);
    switch (event.type) {
      case 'workshop.tab': return { ...base, tab: payload.tab as string, effects: [`tab ${payload.tab as string}`] };
      case 'workshop.unit': return { ...base, unit: payload.unit as string, effects: [`sizes in ${payload.unit as string}`] };
      case 'workshop.labelFormat': return { ...base, labelFormat: payload.format as string, effects: [`labels as ${payload.format as string}`] };
    }
    if (e.value === 'loading') {
      if (event.type === 'xstate.done.actor.loadWorkshop') {
        const loaded = (payload.output as { settings: WorkshopSettings }).settings;
        return readEstimate({ ...base, settings: loaded, draft: loaded, effects: ['diagrams drawn'] }, 'editing', 'loaded');
      }
      if (event.type === 'xstate.error.actor.loadWorkshop') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
      return base;
    }
    if (e.value === 'failed') {
      if (event.type === 'workshop.retry') return { ...base, value: 'loading', calls: { ...e.calls, loadWorkshop: [...e.calls.loadWorkshop, { projectId: 4 }] }, effects: ['GET again'] };
      return base;
    }
    if (!r) return base;
    switch (`${r.estimate}|${r.settings} ${event.type}`) {
      case `loading|${r.settings} xstate.done.actor.loadEstimate`: return { ...at(base, 'loaded', r.settings), estimate: payload.output as Estimate, effects: ['estimate shown'] };
      case `loading|${r.settings} xstate.error.actor.loadEstimate`: return { ...at(base, 'failed', r.settings), effects: ['estimate failure shown, Retry offered'] };
      case `failed|${r.settings} workshop.retry`: return readEstimate(base, r.settings, 'retry');
      case `${r.estimate}|editing workshop.draft`: return { ...base, draft: payload.draft as WorkshopSettings, errors: [], saveFailed: false, effects: ['draft edited'] };
      case `${r.estimate}|editing workshop.save`: {
        const problems = problemsOf(e.draft!);
        if (problems.length > 0) return { ...base, errors: problems, effects: ['problems listed, nothing sent'] };
        return { ...at(base, r.estimate, 'saving'), calls: { ...e.calls, saveSettings: [...e.calls.saveSettings, { settings: e.draft }] }, effects: ['PUT settings/workshop'] };
      }
      case `${r.estimate}|saving xstate.done.actor.saveSettings`: {
        const saved = payload.output as WorkshopSettings;
        return readEstimate({ ...base, settings: saved, draft: saved, effects: ['settings saved, diagrams redrawn'] }, 'editing', 'new settings');
      }
      case `${r.estimate}|saving xstate.error.actor.saveSettings`: return { ...at(base, r.estimate, 'editing'), saveFailed: true, effects: ['save failure shown, draft kept'] };
      case `${r.estimate}|${r.settings} workshop.mode`: return readEstimate({ ...base, mode: payload.mode as string, effects: [`mode ${payload.mode as string}, diagrams redrawn`] }, r.settings, 'new mode');
    }
    return base;
  },
  check(real, e, sut) {
    const s = sut as LoggedSut;
    const c = real.context as {
      mode: string; tab: string; unit: string; labelFormat: string; settings: WorkshopSettings | null; draft: WorkshopSettings | null;
      errors: unknown[]; saveFailed: boolean; estimate: Estimate | null; project: unknown; plan: { mode: string; groups: { sheet: { sheetLength: number } }[] } | null;
    };
    same({ mode: c.mode, tab: c.tab, unit: c.unit, labelFormat: c.labelFormat }, { mode: e.mode, tab: e.tab, unit: e.unit, labelFormat: e.labelFormat }, 'the choices shown');
    same({ settings: c.settings, draft: c.draft, errors: c.errors, saveFailed: c.saveFailed }, { settings: e.settings, draft: e.draft, errors: e.errors, saveFailed: e.saveFailed }, 'the settings form');
    same(c.estimate, e.estimate, 'the estimate shown');
    same(s.calls, e.calls, 'the calls made');
    const r = ready(e);
    // Only the latest estimate read and only one save are in flight.
    same(s.pending.loadEstimate.map((call) => call.input), r?.estimate === 'loading' ? [e.calls.loadEstimate.at(-1)] : [], 'the estimate read in flight');
    same(s.pending.saveSettings.map((call) => call.input), r?.settings === 'saving' ? [e.calls.saveSettings.at(-1)] : [], 'the save in flight');
    if (r) {
      same(c.project, project, 'the project shown');
      // The diagrams: drawn for the mode chosen, on the sheets of the settings saved.
      same([c.plan?.mode, c.plan?.groups[0].sheet.sheetLength], [e.mode, e.settings!.defaultMaterial.sheetLength], 'the cutting plan');
    } else same(c.plan, null, 'no diagrams before the project is read');
  },
};

/**
 * What the workshop page offers in a state: each control on its own tab (WorkshopScreen), a tab not
 * shown, the answers at any time; the server's acceptance of a save gives back what was sent.
 */
function offeredOnPage(snapshot: { value: unknown; context: { tab: string; draft: WorkshopSettings | null } }, event: Event & { tab?: string; output?: unknown }): boolean {
  const { tab } = snapshot.context;
  const r = typeof snapshot.value === 'object' ? (snapshot.value as { ready: { estimate: string } }).ready : null;
  // The tabs and their controls show once the page is ready.
  if (event.type.startsWith('workshop.') && event.type !== 'workshop.retry' && !r) return false;
  switch (event.type) {
    case 'workshop.estimateStale': return false;
    case 'workshop.tab': return event.tab !== tab;
    case 'workshop.mode': return tab === 'diagrams' || tab === 'estimate';
    case 'workshop.unit': return tab !== 'settings';
    case 'workshop.labelFormat': return tab === 'labels';
    case 'workshop.draft':
    case 'workshop.save': return tab === 'settings';
    case 'workshop.retry': return snapshot.value === 'failed' || (r?.estimate === 'failed' && tab === 'estimate');
    case 'xstate.done.actor.saveSettings': return snapshot.context.draft === event.output;
  }
  return true;
}

const loaded = { type: 'xstate.done.actor.loadWorkshop', output: { project, tree, settings: DEFAULT_WORKSHOP_SETTINGS } };
/** The server's answers and the edits of the form, which the first run and the page's run both play. */
const answersAndEdits: Event[] = [
  loaded,
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
];
const sut = () => withCallLog(createSut(workshopMachine, { promiseActors: ['loadWorkshop', 'loadEstimate', 'saveSettings'], input }));
const settingsPhase = (value: unknown) => (value as { ready?: { settings: string } }).ready?.settings;

export const workshopModel: MachineModel = {
  name: 'workshop',
  machine: workshopMachine,
  source: 'src/machines/projects/workshopMachine.ts',
  testFile: 'tests/machines/workshopMachinePaths.test.ts',
  runs: [
    {
      label: 'the owner of project 4',
      run: defineRun<Event>({
        events: [
          ...answersAndEdits,
          { type: 'workshop.tab', tab: 'labels' },
          { type: 'workshop.unit', unit: 'in' },
          { type: 'workshop.labelFormat', format: 'roll' },
        ],
        input,
        // The machine raises its own `workshop.estimateStale` (a new mode, saved settings): neither the page nor the server sends it.
        filterEvents: (_snapshot, event) => event.type !== 'workshop.estimateStale',
        // The plan and the settings objects make every context distinct: states are told apart by value, mode and which draft.
        serializeState: (s) => {
          const c = s.context as { mode: string; draft: WorkshopSettings | null; settings: WorkshopSettings | null; saveFailed: boolean; errors: unknown[] };
          return JSON.stringify([s.value, c.mode, c.draft === bad, c.draft === good, c.settings === good, c.saveFailed, c.errors.length > 0]);
        },
        sut,
        oracle: workshopOracle as never,
      }),
    },
    {
      // Every state with the other mode is reached only by choosing it while a save runs.
      label: 'a packing mode chosen while the settings are saved',
      run: defineRun<Event>({
        events: [
          loaded,
          { type: 'xstate.done.actor.loadEstimate', output: estimate },
          { type: 'xstate.error.actor.loadEstimate', error: new Error('500') },
          { type: 'xstate.done.actor.saveSettings', output: good },
          { type: 'xstate.error.actor.saveSettings', error: new Error('500') },
          { type: 'workshop.mode', mode: 'free' },
          { type: 'workshop.save' },
        ],
        input,
        filterEvents: (snapshot, event) =>
          event.type !== 'workshop.estimateStale' && (event.type !== 'workshop.mode' || settingsPhase(snapshot.value) === 'saving'),
        serializeState: (s) => JSON.stringify([s.value, (s.context as { mode: string }).mode]),
        cover: 'states',
        sut,
        oracle: workshopOracle as never,
      }),
    },
    {
      // As the page offers them: each control on its own tab (the packing mode with the diagrams and the
      // estimate, the label format with the labels, the unit with all three, the form on its own), a tab
      // other than the one shown, Retry of the estimate where its failure shows. The answers come at
      // any time, so a choice on one tab can be made while the other's save or read runs.
      label: 'on the page, each control on its tab',
      run: defineRun<Event>({
        events: [
          ...answersAndEdits,
          ...(['diagrams', 'estimate', 'labels', 'settings'] as const).map((tab) => ({ type: 'workshop.tab', tab })),
          { type: 'workshop.unit', unit: 'in' },
          { type: 'workshop.labelFormat', format: 'roll' },
        ],
        input,
        filterEvents: (snapshot, event) => offeredOnPage(snapshot as never, event as never),
        serializeState: (s) => {
          const c = s.context as { mode: string; tab: string; unit: string; labelFormat: string; draft: WorkshopSettings | null; settings: WorkshopSettings | null; saveFailed: boolean; errors: unknown[] };
          return JSON.stringify([s.value, c.tab, c.mode, c.unit, c.labelFormat, c.draft === bad, c.draft === good, c.settings === good, c.saveFailed, c.errors.length > 0]);
        },
        sut,
        oracle: workshopOracle as never,
      }),
    },
  ],
};
