/**
 * What changed on a link since the client's last visit (issue 18 "Compare", issue 29 "What changed
 * since"), the rules written here: the link remembers per access key the last revision this
 * browser saw. A first visit (nothing remembered), the same revision, or an unreadable memory:
 * the revision shown is remembered, no banner. A newer revision than the one seen: the changes
 * from the seen one are read; none, or none to read (the server no longer keeps the seen revision):
 * remembered, no banner; the read failing (a dropped network, a page leaving meanwhile): no banner
 * and nothing remembered, so the next visit asks again; some: the banner says since which revision and how many parts were added, changed,
 * removed. Show tints the added (green) and changed (yellow) parts of the model, Hide takes the
 * tints away; Got it (from either) takes the tints away and remembers the revision shown. Once
 * remembered (or the memory refused), the banner is done for this visit. Where the answer names the
 * parts (the link shows the hierarchy), the banner's list of them opens and closes (with the tints
 * on or off), and a row of an added or changed part asks the viewer to select and frame that part,
 * as a click in the hierarchy would; a removed part (not in the model shown), or an id the list
 * does not hold, asks nothing. Without names, there is no list to open.
 *
 * The steps are kept as a small table of phases, so another rule (say, a list of the changed parts
 * in the banner) adds a field to `LinkChangesExpected` and one line to `next`.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { fromCallback } from 'xstate';
import type { RevisionChanges } from '../../src/api/schemas';
import { linkChangesMachine, type LinkChangesEvent } from '../../src/machines/viewer/review/linkChangesMachine';
import type { CompareView } from '../../src/machines/viewer/owner/revisionsMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type Event = LinkChangesEvent | { type: string; output?: unknown; error?: unknown };

/** The link shows revision 5. */
const input = { accessKey: 'k1', revisionNumber: 5 };
/** Changes from revision 2 to 5 with the parts named (a link that shows the hierarchy); the machine's example tests use them too. */
export const CHANGES: RevisionChanges = {
  from: 2,
  to: 5,
  counts: { added: 2, removed: 1, changed: 1, unchanged: 40 },
  parts: [
    { status: 'added', path: ['Kitchen', 'Tall unit'], partId: '31', changes: [] },
    { status: 'added', path: ['Kitchen', 'Tall unit', 'Door'], partId: '32', changes: [] },
    { status: 'changed', path: ['Kitchen', 'Base 1', 'Door'], partId: '7', changes: ['dimensions'] },
    { status: 'removed', path: ['Kitchen', 'Filler'], partId: null, changes: [] },
  ],
};
/** The same changes on a link that hides the hierarchy: the counts alone. */
const COUNTS_ONLY: RevisionChanges = { ...CHANGES, parts: [] };
const NOTHING: RevisionChanges = { from: 2, to: 5, counts: { added: 0, removed: 0, changed: 0, unchanged: 44 }, parts: [] };
/** The tints of CHANGES: the added and changed parts of the revision shown (a removed part is not in it). */
const TINTS: CompareView = { added: ['31', '32'], changed: ['7'], moved: [], onlyChanges: false };

type Phase = 'reading' | 'loading' | 'ready' | 'showing' | 'remembering' | 'done';

export interface LinkChangesExpected extends Expected {
  value: Phase;
  /** What the banner says, or null when there is none. */
  banner: { seen: number; revisionNumber: number; counts: RevisionChanges['counts'] } | null;
  /** The tints on the model now, or null. */
  tints: CompareView | null;
  /** Every tint shown and taken away, in order. */
  engine: string[];
  /** The list of the changed parts is open. */
  listOpen: boolean;
  /** The names the list holds (none without the hierarchy). */
  names: boolean;
  /** What the viewer was asked to select and frame, in order. */
  parent: Array<{ type: string; partId: string; frame: boolean }>;
  calls: { readSeen: unknown[]; readChanges: unknown[]; rememberSeen: unknown[] };
}

const remember = (e: LinkChangesExpected, why: string): LinkChangesExpected => ({
  ...e,
  value: 'remembering',
  banner: null,
  tints: null,
  engine: e.tints ? [...e.engine, 'tints off'] : e.engine,
  calls: { ...e.calls, rememberSeen: [...e.calls.rememberSeen, { accessKey: 'k1', revisionNumber: 5 }] },
  effects: [why, 'remember revision 5 as seen', ...(e.tints ? ['tints off'] : [])],
});

export const linkChangesOracle: Oracle<Event, LinkChangesExpected> = {
  initial: () => ({
    value: 'reading', effects: ['read the revision last seen on k1'], banner: null, tints: null, engine: [], listOpen: false, names: false, parent: [],
    calls: { readSeen: [{ accessKey: 'k1' }], readChanges: [], rememberSeen: [] },
  }),
  next(e, event) {
    const base = { ...e, effects: [] as string[] };
    const output = (event as { output?: unknown }).output;
    switch (`${e.value} ${event.type}`) {
      case 'reading xstate.done.actor.readSeen': {
        const seen = output as number | null;
        if (seen === null) return remember(base, 'first visit: no banner');
        if (seen >= input.revisionNumber) return remember(base, `revision ${seen} seen: nothing newer`);
        return { ...base, value: 'loading', banner: null, calls: { ...e.calls, readChanges: [{ accessKey: 'k1', from: seen }] }, effects: [`GET changes from revision ${seen}`] };
      }
      case 'reading xstate.error.actor.readSeen':
        return remember(base, 'memory unreadable: no banner');
      case 'loading xstate.done.actor.readChanges': {
        const changes = output as RevisionChanges | null;
        if (changes === null) return remember(base, 'the seen revision is no longer kept: no banner');
        const { added, changed, removed } = changes.counts;
        if (added + changed + removed === 0) return remember(base, 'no part changed: no banner');
        const seen = (e.calls.readChanges.at(-1) as { from: number }).from;
        return { ...base, value: 'ready', names: changes.parts.length > 0, banner: { seen, revisionNumber: 5, counts: changes.counts }, effects: [`banner: ${added} added, ${changed} changed, ${removed} removed since ${seen}`] };
      }
      case 'loading xstate.error.actor.readChanges':
        return { ...base, value: 'done', banner: null, effects: ['changes unreadable: no banner, nothing remembered (the next visit asks again)'] };
      case 'ready linkChanges.show': {
        // Without the parts' names (the hierarchy hidden) the answer names no part to tint.
        const tints = e.names ? TINTS : { added: [], changed: [], moved: [], onlyChanges: false };
        return { ...base, value: 'showing', tints, engine: [...e.engine, `tints on ${JSON.stringify(tints)}`], effects: ['added green, changed yellow'] };
      }
      case 'showing linkChanges.hide':
        return { ...base, value: 'ready', tints: null, engine: [...e.engine, 'tints off'], effects: ['tints off'] };
      case 'ready linkChanges.dismiss':
      case 'showing linkChanges.dismiss':
        return remember(base, 'Got it');
      case 'ready linkChanges.toggleList':
      case 'showing linkChanges.toggleList':
        if (!e.names) return { ...base, effects: ['no names: no list'] };
        return { ...base, listOpen: !e.listOpen, effects: [e.listOpen ? 'list closed' : 'list open'] };
      case 'ready linkChanges.select':
      case 'showing linkChanges.select': {
        const partId = (event as { partId: string }).partId;
        // Added: 31, 32; changed: 7 (CHANGES). Removed parts have no id in the model shown.
        if (!e.names || !['31', '32', '7'].includes(partId)) return { ...base, effects: [`part ${partId}: nothing to select`] };
        return { ...base, parent: [...e.parent, { type: 'viewer.treeSelect', partId, frame: true }], effects: [`select and frame part ${partId}`] };
      }
      case 'remembering xstate.done.actor.rememberSeen':
      case 'remembering xstate.error.actor.rememberSeen':
        return { ...base, value: 'done', effects: ['done for this visit'] };
      default:
        return base;
    }
  },
  check(real, e, sut) {
    const s = sut as LinkChangesSut;
    const c = real.context as { changes: RevisionChanges | null; seen: number | null; revisionNumber: number };
    // What the banner view reads: shown in ready and showing, with the changes and the revision seen.
    const banner = (real.matches('ready') || real.matches('showing')) && c.changes && c.seen !== null ? { seen: c.seen, revisionNumber: c.revisionNumber, counts: c.changes.counts } : null;
    same(banner, e.banner, 'the banner');
    same(s.engine, e.engine, 'the tints shown and taken away');
    same((real.context as { listOpen: boolean }).listOpen, e.listOpen, 'the list open');
    same(s.parent.filter((m) => (m as { type: string }).type === 'viewer.treeSelect'), e.parent, 'what the viewer was asked to select');
    same(s.calls, e.calls, 'the calls made');
    same(real.status, e.value === 'done' ? 'done' : 'active', 'done for this visit');
  },
};

type LinkChangesSut = LoggedSut & { engine: string[]; parent: unknown[] };

const events: Event[] = [
  { type: 'xstate.done.actor.readSeen', output: null },
  { type: 'xstate.done.actor.readSeen', output: 5 },
  { type: 'xstate.done.actor.readSeen', output: 7 },
  { type: 'xstate.done.actor.readSeen', output: 2 },
  { type: 'xstate.error.actor.readSeen', error: new Error('storage blocked') },
  { type: 'xstate.done.actor.readChanges', output: CHANGES },
  { type: 'xstate.done.actor.readChanges', output: COUNTS_ONLY },
  { type: 'xstate.done.actor.readChanges', output: NOTHING },
  { type: 'xstate.done.actor.readChanges', output: null },
  { type: 'xstate.error.actor.readChanges', error: new Error('network dropped') },
  { type: 'linkChanges.show' },
  { type: 'linkChanges.hide' },
  { type: 'linkChanges.dismiss' },
  { type: 'linkChanges.toggleList' },
  { type: 'linkChanges.select', partId: '31' },
  { type: 'linkChanges.select', partId: '7' },
  { type: 'linkChanges.select', partId: '99' },
  { type: 'xstate.done.actor.rememberSeen' },
  { type: 'xstate.error.actor.rememberSeen', error: new Error('storage full') },
];

const sut = () => {
  const engine: string[] = [];
  const parent: unknown[] = [];
  const sut = createSut(linkChangesMachine, {
    promiseActors: ['readSeen', 'readChanges', 'rememberSeen'],
    input,
    parentInbox: parent as never,
    provide: {
      actors: {
        compareEngine: fromCallback<{ type: string }, CompareView>(({ input: view }) => {
          engine.push(`tints on ${JSON.stringify(view)}`);
          return () => void engine.push('tints off');
        }),
      },
    },
  });
  return Object.assign(withCallLog(sut), { engine, parent });
};

/** The run of what the banner offers (the screen's driver plays this one). */
export const OFFERED_RUN = 'a link at revision 5, as the banner offers it';

/**
 * What the banner offers a client: its buttons only while it shows, one button that says Show or
 * Hide as the tints are, the list only with the parts named, a row only in the open list (of a part
 * the list holds).
 */
function offeredOnPage(snapshot: { matches(v: unknown): boolean; context: unknown }, event: Event): boolean {
  const c = snapshot.context as { listOpen: boolean; changes: RevisionChanges | null };
  const names = (c.changes?.parts.length ?? 0) > 0;
  if (event.type.startsWith('linkChanges.') && !snapshot.matches('ready') && !snapshot.matches('showing')) return false;
  if (event.type === 'linkChanges.show') return !snapshot.matches('showing');
  if (event.type === 'linkChanges.hide') return snapshot.matches('showing');
  if (event.type === 'linkChanges.toggleList') return names;
  if (event.type === 'linkChanges.select') return names && c.listOpen && (event as { partId: string }).partId !== '99';
  return true;
}

export const linkChangesModel: MachineModel = {
  name: 'linkChanges',
  machine: linkChangesMachine,
  source: 'src/machines/viewer/review/linkChangesMachine.ts',
  testFile: 'tests/machines/linkChangesMachine.test.ts',
  runs: [
    {
      label: 'a link at revision 5',
      run: defineRun<Event>({
        events,
        input,
        // The paths are generated without a parent: the model leaves its message out (the real machine sends it).
        model: linkChangesMachine.provide({ actions: { selectPart: () => {} } }),
        sut,
        oracle: linkChangesOracle as never,
      }),
    },
    {
      label: OFFERED_RUN,
      run: defineRun<Event>({
        events,
        input,
        filterEvents: (snapshot, event) => offeredOnPage(snapshot as never, event),
        model: linkChangesMachine.provide({ actions: { selectPart: () => {} } }),
        sut,
        oracle: linkChangesOracle as never,
      }),
    },
  ],
};
