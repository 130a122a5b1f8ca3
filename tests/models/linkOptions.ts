/**
 * The client's options on a link (issue "The client's quote"): nothing is read on a link without
 * options; otherwise the offered groups are read, the selection the link was opened with is kept
 * where it names an offered choice, and every choice repaints the bound parts at once, reads the
 * estimate of the new selection and keeps the selection (URL, approval). Choosing what is already
 * chosen does nothing; Back to the model clears the choices.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { fromCallback } from 'xstate';
import type { LinkQuote } from '../../src/api/quoteSchemas';
import type { Estimate } from '../../src/model/cutting/estimate';
import { linkOptionsMachine } from '../../src/machines/viewer/review/linkOptionsMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type LinkOptionsModelEvent =
  | { type: 'options.choose'; group: string; choice: string }
  | { type: 'options.reset' }
  | { type: 'options.retry' }
  | { type: string; output?: unknown; error?: unknown };

const accessKey = 'Key77';
const quote: LinkQuote = {
  currency: 'EUR',
  nodes: { fronts: ['3', '4'], handles: ['6'] },
  textures: { ['a'.repeat(32)]: '/textures/white.jpg' },
  options: {
    validityDays: 30,
    groups: [
      {
        id: 'fronts',
        name: 'Fronts',
        bind: { kind: 'material', name: 'Oak veneer 19' },
        choices: [
          { id: 'oak', name: 'Oak', colour: '#B08850', board: '', price: { kind: 'perSquareMetre', amount: 20 } },
          { id: 'white', name: 'White lacquer', colour: '#F2F1EC', board: 'White MDF 19', price: { kind: 'perSquareMetre', amount: 65 }, texture: 'a'.repeat(32) },
        ],
      },
      {
        id: 'handles',
        name: 'Handles',
        bind: { kind: 'hardware', name: 'Bar handle' },
        choices: [
          { id: 'steel', name: 'Steel', colour: '#9a9a9a', board: '', price: { kind: 'fixed', amount: 0 } },
          { id: 'brass', name: 'Brass', colour: '#c9a227', board: 'Brass knob', price: { kind: 'perPart', amount: 4 } },
        ],
      },
    ],
  },
};
const estimate: Estimate = { currency: 'EUR', revision: 2, lines: [], options: [], total: 120, previous: null };

/** The oracle's own reading of the fixture: the model's own choice of each group, the finish (colour, and texture as CSS writes it) and nodes of the others. */
const OWN: Record<string, string> = { fronts: 'oak', handles: 'steel' };
const PAINT: Record<string, { colour: string; nodes: string[] }> = {
  'fronts.white': { colour: '#f2f1ec url(/textures/white.jpg)', nodes: ['3', '4'] },
  'handles.brass': { colour: '#c9a227', nodes: ['6'] },
};

export interface LinkOptionsExpected extends Expected {
  selection: Record<string, string>;
  estimate: Estimate | null;
  optionReads: number;
  estimateReads: number;
  /** The colours the model shows (colour -> nodes), once the options are read. */
  painted: Record<string, string[]> | null;
  kept: Record<string, string> | null;
}

const paintOf = (selection: Record<string, string>) => {
  const colours: Record<string, string[]> = {};
  for (const [group, choice] of Object.entries(selection)) {
    const paint = PAINT[`${group}.${choice}`];
    colours[paint.colour] = [...(colours[paint.colour] ?? []), ...paint.nodes];
  }
  return colours;
};

function makeOracle(offered: boolean, opened: Record<string, string>): Oracle<LinkOptionsModelEvent, LinkOptionsExpected> {
  const isReady = (e: LinkOptionsExpected) => typeof e.value === 'object' && e.value !== null && 'ready' in e.value;
  const reprice = (e: LinkOptionsExpected, selection: Record<string, string>, effect: string): LinkOptionsExpected => ({
    ...e,
    value: { ready: 'pricing' },
    selection,
    estimateReads: e.estimateReads + 1,
    painted: paintOf(selection),
    kept: selection,
    effects: [effect],
  });
  return {
    initial: () =>
      offered
        ? { value: 'loading', effects: ['GET the link’s options'], selection: opened, estimate: null, optionReads: 1, estimateReads: 0, painted: null, kept: null }
        : { value: 'off', effects: ['nothing read: the link offers no options'], selection: opened, estimate: null, optionReads: 0, estimateReads: 0, painted: null, kept: null },
    next(e, event) {
      const base = { ...e, effects: [] as string[] };
      if (e.value === 'loading' && event.type === 'xstate.done.actor.loadOptions') {
        // Only offered choices other than the model's own count.
        const kept = Object.fromEntries(Object.entries(e.selection).filter(([g, c]) => PAINT[`${g}.${c}`] !== undefined));
        return { ...reprice(base, kept, 'groups shown, the opened choices painted and priced'), estimateReads: 1 };
      }
      if (e.value === 'loading' && event.type === 'xstate.error.actor.loadOptions') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
      if (e.value === 'failed' && event.type === 'options.retry') return { ...base, value: 'loading', optionReads: e.optionReads + 1, effects: ['GET the options again'] };
      if (!isReady(e)) return base;
      if (event.type === 'options.choose') {
        const { group, choice } = event as { group: string; choice: string };
        const current = e.selection[group] ?? OWN[group];
        if (current === choice) return base;
        const selection = { ...e.selection };
        if (choice === OWN[group]) delete selection[group];
        else selection[group] = choice;
        return reprice(base, selection, `${group} → ${choice}: repainted, repriced, kept in the URL`);
      }
      if (event.type === 'options.reset') return Object.keys(e.selection).length > 0 ? reprice(base, {}, 'back to the model: colours removed, repriced') : base;
      const pricing = JSON.stringify(e.value) === JSON.stringify({ ready: 'pricing' });
      if (pricing && event.type === 'xstate.done.actor.loadEstimate') return { ...base, value: { ready: 'priced' }, estimate, effects: ['estimate shown'] };
      if (pricing && event.type === 'xstate.error.actor.loadEstimate') return { ...base, value: { ready: 'priceFailed' }, effects: ['price failure shown'] };
      if (JSON.stringify(e.value) === JSON.stringify({ ready: 'priceFailed' }) && event.type === 'options.retry') {
        return { ...base, value: { ready: 'pricing' }, estimateReads: e.estimateReads + 1, effects: ['GET the estimate again'] };
      }
      return base;
    },
    check(real, e, sut) {
      const logged = sut as LoggedSut & { paints: Record<string, string[]>[]; keeps: Record<string, string>[] };
      const c = real.context as { selection: Record<string, string>; estimate: Estimate | null };
      same(c.selection, e.selection, 'the selection');
      same(c.estimate, e.estimate, 'the estimate shown');
      same(logged.calls.loadOptions.length, e.optionReads, 'option reads asked');
      same(logged.calls.loadEstimate.length, e.estimateReads, 'estimate reads asked');
      const pricing = JSON.stringify(e.value) === JSON.stringify({ ready: 'pricing' });
      same(sut.pending.loadEstimate.map((call) => call.input), pricing ? [{ accessKey, selection: e.selection }] : [], 'the estimate read in flight, of the current selection');
      same(logged.paints.at(-1) ?? null, e.painted, 'the colours on the model');
      same(logged.keeps.at(-1) ?? null, e.kept, 'the selection kept in the URL');
    },
  };
}

const events: LinkOptionsModelEvent[] = [
  { type: 'xstate.done.actor.loadOptions', output: quote },
  { type: 'xstate.error.actor.loadOptions', error: new Error('503') },
  { type: 'options.retry' },
  { type: 'options.choose', group: 'fronts', choice: 'white' },
  { type: 'options.choose', group: 'fronts', choice: 'oak' },
  { type: 'options.choose', group: 'handles', choice: 'brass' },
  { type: 'options.reset' },
  { type: 'xstate.done.actor.loadEstimate', output: estimate },
  { type: 'xstate.error.actor.loadEstimate', error: new Error('offline') },
];

const run = (offered: boolean, opened: Record<string, string>) => {
  const input = { accessKey, offered, selection: opened };
  return defineRun<LinkOptionsModelEvent>({
    events,
    input,
    // The selection and the step reached make a state; which estimate object is shown does not.
    serializeState: (s) => JSON.stringify([s.value, (s.context as { selection: unknown }).selection]),
    sut: () => {
      const paints: Record<string, string[]>[] = [];
      const keeps: Record<string, string>[] = [];
      const sut = withCallLog(
        createSut(linkOptionsMachine, {
          promiseActors: ['loadOptions', 'loadEstimate'],
          input,
          provide: {
            actors: { recolour: fromCallback<{ type: string }, { colours: Record<string, string[]> }>(({ input: given }) => void paints.push(given.colours)) },
            actions: { keepSelection: (_: unknown, params: { selection: Record<string, string> }) => void keeps.push({ ...params.selection }) },
          },
        }),
      );
      return Object.assign(sut, { paints, keeps });
    },
    oracle: makeOracle(offered, opened) as never,
  });
};

export const linkOptionsModel: MachineModel = {
  name: 'linkOptions',
  machine: linkOptionsMachine,
  source: 'src/machines/viewer/review/linkOptionsMachine.ts',
  testFile: 'tests/machines/linkOptionsMachine.test.ts',
  runs: [
    { label: 'a link with options, opened on none', run: run(true, {}) },
    { label: 'a link opened with choices in its URL (one no longer offered)', run: run(true, { fronts: 'white', carcass: 'grey' }) },
    { label: 'a link without options', run: run(false, {}) },
  ],
};
