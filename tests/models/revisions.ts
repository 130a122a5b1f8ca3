/**
 * The revisions machine's model: every path replayed on the real machine with controlled calls,
 * each step checked against an oracle written from the rules of revisions (which calls go out with
 * which input, what the parent is told to show, what the engine shows), not from the machine. The
 * messages checked are the ones the real machine sends its parent (`sendParent`), received by a parent actor.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { enqueueActions, fromCallback, type EventObject } from 'xstate';
import type { Revision, RevisionChanges } from '../../src/api/schemas';
import { revisionsMachine, type CompareView, type RevisionsEvent } from '../../src/machines/viewer/owner/revisionsMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Expected, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

const input = { projectId: 7, currentRevision: 3 };
const revision = (n: number): Revision => ({
  revisionNumber: n,
  date: new Date(2026, 0, n),
  authorName: 'Rita',
  fileName: `k${n}.dae`,
  modelUrl: `/api/v1/models/t${n}/${n}.glb`,
  thumbnailUrl: `/api/v1/models/t${n}/${n}.webp`,
});
const list = [revision(3), revision(2), revision(1)];
const changes: RevisionChanges = {
  from: 1,
  to: 3,
  counts: { added: 1, removed: 1, changed: 1, unchanged: 9 },
  parts: [
    { status: 'added', path: ['Kitchen', 'Shelf'], partId: '12', changes: [] },
    { status: 'changed', path: ['Kitchen', 'Side'], partId: '4', changes: ['dimensions'] },
    { status: 'removed', path: ['Kitchen', 'Leg'], partId: null, changes: [] },
  ],
};
const restored = makeProject({ id: 7, revisionNumber: 4 });
// The message names the code: two refusals of one status are two paths (their ids come from the message).
const failure = (status: number, code?: string) => Object.assign(new Error(code ? `${status} ${code}` : `${status}`), { status, code });

const events = [
  { type: 'revisions.load' },
  { type: 'xstate.done.actor.listRevisions', output: list },
  { type: 'xstate.error.actor.listRevisions', error: failure(500) },
  { type: 'revisions.view', revisionNumber: 1 },
  { type: 'revisions.view', revisionNumber: 3 },
  // A revision the list does not hold.
  { type: 'revisions.view', revisionNumber: 9 },
  { type: 'revisions.restore', revisionNumber: 9 },
  { type: 'revisions.compare', revisionNumber: 9 },
  { type: 'revisions.viewCurrent' },
  { type: 'revisions.compare', revisionNumber: 1 },
  // The current revision: compared with an older one on screen, refused while the current one is shown.
  { type: 'revisions.compare', revisionNumber: 3 },
  { type: 'xstate.done.actor.readChanges', output: changes },
  { type: 'xstate.error.actor.readChanges', error: failure(500) },
  { type: 'revisions.onlyChanges', value: true },
  // Rows of the change list: an added part, a changed part, and a part the list does not offer.
  { type: 'revisions.select', partId: '12' },
  { type: 'revisions.select', partId: '4' },
  { type: 'revisions.select', partId: '99' },
  { type: 'revisions.stopCompare' },
  { type: 'revisions.restore', revisionNumber: 2 },
  { type: 'xstate.done.actor.restoreRevision', output: restored },
  { type: 'xstate.error.actor.restoreRevision', error: failure(409, 'credit_confirmation_required') },
  { type: 'xstate.error.actor.restoreRevision', error: failure(402, 'insufficient_credits') },
  { type: 'xstate.error.actor.restoreRevision', error: failure(500) },
  { type: 'xstate.error.actor.restoreRevision', error: failure(409, 'revision_changed') },
  { type: 'revisions.confirmCredit' },
  { type: 'revisions.cancel' },
  { type: 'revisions.changed', currentRevision: 4 },
  // The client approved the current revision (or the approval went): a restore asks first.
  { type: 'revisions.approval', approvedRevision: 3 },
  { type: 'revisions.approval', approvedRevision: null },
  { type: 'revisions.confirmApproval', keepApproval: true },
  { type: 'revisions.confirmApproval', keepApproval: false },
] as unknown as RevisionsEvent[];

interface Seen {
  parent: unknown[];
  engine: CompareView[];
}

/** The rules, replayed: the state of each region and every call, message and engine view. */
function replay(played: EventObject[], page = false) {
  let listState = 'idle';
  let compare = 'off';
  let restore = 'idle';
  let revisions: Revision[] = [];
  let current = 3;
  let viewing: number | null = null;
  let comparing: number | null = null;
  /** The revision it is compared with: the one on screen when the owner pressed Compare. */
  let comparedWith: number | null = null;
  let onlyChanges = false;
  let restoring: number | null = null;
  let read: RevisionChanges | null = null;
  /** The revision the client approved, and whether the restore keeps that approval. */
  let approved: number | null = null;
  let keep = false;
  const calls = { list: 0, changes: [] as Array<{ from: number; to: number }>, restore: [] as Array<{ revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }> };
  const seen: Seen = { parent: [], engine: [] };
  const isOlder = (n: number) => n !== current && revisions.some((r) => r.revisionNumber === n);
  const compareOff = () => void ((compare = 'off'), (comparing = null), (comparedWith = null), (read = null), (onlyChanges = false));
  const showEngine = () => {
    seen.engine.push({
      added: read!.parts.filter((p) => p.status === 'added').map((p) => p.partId!),
      changed: read!.parts.filter((p) => p.status === 'changed').map((p) => p.partId!),
      // A part whose shape or placement changed carries its descendants; a new name or information does not.
      moved: read!.parts.filter((p) => p.status === 'changed' && p.changes.includes('geometry')).map((p) => p.partId!),
      onlyChanges,
    });
  };
  /** Another revision is current: the list is read again, nothing older is open, nothing compared. */
  const newCurrent = (n: number) => {
    listState = 'loading';
    calls.list++;
    current = n;
    viewing = null;
    compareOff();
  };
  for (const event of played) {
    const e = event as EventObject & { partId: string; revisionNumber: number; output: unknown; error: { status: number; code?: string }; value: boolean; currentRevision: number; approvedRevision: number | null; keepApproval: boolean };
    switch (e.type) {
      case 'revisions.load':
        if (listState === 'idle' || listState === 'failed') (listState = 'loading'), calls.list++;
        break;
      case 'xstate.done.actor.listRevisions':
        if (listState === 'loading') (listState = 'ready'), (revisions = e.output as Revision[]);
        break;
      case 'xstate.error.actor.listRevisions':
        if (listState === 'loading') listState = 'failed';
        break;
      case 'revisions.changed':
        newCurrent(e.currentRevision);
        break;
      case 'revisions.view':
        if (isOlder(e.revisionNumber)) {
          if (listState === 'ready') {
            viewing = e.revisionNumber;
            seen.parent.push({ type: 'viewer.showRevision', revision: { revisionNumber: e.revisionNumber, modelUrl: `/api/v1/models/t${e.revisionNumber}/${e.revisionNumber}.glb` } });
          }
          compareOff();
        }
        break;
      case 'revisions.viewCurrent':
        // Another model on screen: a comparison's tints were for the one that goes.
        if (viewing !== null) compareOff();
        if (listState === 'ready' && viewing !== null) (viewing = null), seen.parent.push({ type: 'viewer.showRevision', revision: null });
        break;
      case 'revisions.compare': {
        // Any kept revision is compared with the one on screen: the current one, or the older one opened.
        // Compare on another row while one is read or shown replaces it.
        const shown = viewing ?? current;
        if (e.revisionNumber !== shown && revisions.some((r) => r.revisionNumber === e.revisionNumber)) {
          compare = 'loading';
          read = null;
          comparing = e.revisionNumber;
          comparedWith = shown;
          calls.changes.push({ from: e.revisionNumber, to: shown });
        }
        break;
      }
      case 'xstate.done.actor.readChanges':
        if (compare === 'loading') (compare = 'shown'), (read = e.output as RevisionChanges), showEngine();
        break;
      case 'xstate.error.actor.readChanges':
        if (compare === 'loading') compare = 'failed';
        break;
      case 'revisions.onlyChanges':
        if (compare === 'shown') (onlyChanges = e.value), showEngine();
        break;
      case 'revisions.select':
        // A row of an added or changed part selects and frames it, as the hierarchy does; a removed part is not in the model shown.
        if (compare === 'shown' && read!.parts.some((p) => p.status !== 'removed' && p.partId === e.partId)) seen.parent.push({ type: 'viewer.treeSelect', partId: e.partId, frame: true });
        break;
      case 'revisions.stopCompare':
        compareOff();
        break;
      case 'revisions.approval':
        approved = e.approvedRevision;
        break;
      case 'revisions.restore':
        if (restore === 'idle' && isOlder(e.revisionNumber)) {
          restoring = e.revisionNumber;
          // Leaving an approved revision: the owner says first whether the approval stays.
          if (approved === current) restore = 'confirmingApproval';
          else {
            restore = 'restoring';
            keep = false;
            calls.restore.push({ revisionNumber: e.revisionNumber, consumeCredit: false, keepApproval: false });
          }
        }
        break;
      case 'revisions.confirmApproval':
        if (restore === 'confirmingApproval') {
          restore = 'restoring';
          keep = e.keepApproval;
          calls.restore.push({ revisionNumber: restoring!, consumeCredit: false, keepApproval: keep });
        }
        break;
      case 'xstate.done.actor.restoreRevision':
        if (restore === 'restoring' || restore === 'restoringPaid') {
          restore = 'idle';
          restoring = null;
          seen.parent.push({ type: 'viewer.modelUpdated', project: e.output });
          // On the page the viewer answers at once: the revision restored is current, and the approval as it is now (of another revision).
          if (page) (newCurrent((e.output as { revisionNumber: number }).revisionNumber), (approved = null));
        }
        break;
      case 'xstate.error.actor.restoreRevision':
        if (restore === 'restoring' || restore === 'restoringPaid') {
          const { status, code } = e.error;
          if (restore === 'restoring' && status === 409 && code === 'credit_confirmation_required') restore = 'confirmingCredit';
          else restore = code === 'insufficient_credits' ? 'insufficientCredits' : 'failed';
        }
        break;
      case 'revisions.confirmCredit':
        if (restore === 'confirmingCredit') (restore = 'restoringPaid'), calls.restore.push({ revisionNumber: restoring!, consumeCredit: true, keepApproval: keep });
        break;
      case 'revisions.cancel':
        if (['confirmingApproval', 'confirmingCredit', 'insufficientCredits', 'failed'].includes(restore)) (restore = 'idle'), (restoring = null);
        break;
    }
  }
  // The calls in flight: a new read replaces the one it supersedes.
  const inFlight = {
    list: listState === 'loading' ? [{ projectId: 7 }] : [],
    changes: compare === 'loading' ? [{ projectId: 7, from: comparing, to: comparedWith }] : [],
    restore: restore === 'restoring' || restore === 'restoringPaid' ? [{ projectId: 7, revisionNumber: restoring, consumeCredit: restore === 'restoringPaid', keepApproval: keep }] : [],
  };
  return { value: { list: listState, compare, restore }, current, approved, viewing, comparing, comparedWith, changes: read, onlyChanges, restoring, calls, inFlight, seen };
}

/** The oracle's state after a step: each region's state, the revision current and the one approved, what is on screen and compared, every call and message. */
export interface RevisionsExpected extends Expected, Omit<ReturnType<typeof replay>, 'value'> {
  value: { list: string; compare: string; restore: string };
  played: EventObject[];
}

function expectation(played: EventObject[], before: RevisionsExpected | null, page = false): RevisionsExpected {
  const r = replay(played, page);
  const effects = [
    ...r.seen.parent.slice(before?.seen.parent.length ?? 0).map((m) => `parent: ${JSON.stringify(m)}`),
    ...r.seen.engine.slice(before?.seen.engine.length ?? 0).map((v) => `engine: ${JSON.stringify(v)}`),
    ...(r.calls.list > (before?.calls.list ?? 0) ? ['GET revisions'] : []),
    ...r.calls.changes.slice(before?.calls.changes.length ?? 0).map((c) => `GET changes from ${c.from} to ${c.to}`),
    ...r.calls.restore.slice(before?.calls.restore.length ?? 0).map((c) => `POST restore ${JSON.stringify(c)}`),
  ];
  return { ...r, played, effects };
}

type RevisionsSut = Sut & { parentInbox: EventObject[]; engine: CompareView[] };

const oracleOf = (page: boolean): Oracle<RevisionsEvent, RevisionsExpected> => ({
  initial: () => expectation([], null, page),
  next: (e, event) => expectation([...e.played, event], e, page),
  check(real, want, sut) {
    const s = sut as RevisionsSut;
    const c = real.context as Record<string, unknown>;
    const { viewing, comparing, comparedWith, changes, onlyChanges, restoring } = want;
    // The changes held are those of the comparison shown: none while another is read.
    same({ viewing: c.viewing, comparing: c.comparing, comparedWith: c.comparedWith, changes: c.changes, onlyChanges: c.onlyChanges, restoring: c.restoring }, { viewing, comparing, comparedWith, changes, onlyChanges, restoring });
    same(real.matches({ restore: 'confirmingApproval' }), want.value.restore === 'confirmingApproval', 'the approval question shown');
    same(sut.pending.listRevisions.map((d) => d.input), want.inFlight.list, 'GET revisions in flight');
    same(sut.pending.readChanges.map((d) => d.input), want.inFlight.changes, 'GET changes in flight');
    same(sut.pending.restoreRevision.map((d) => d.input), want.inFlight.restore, 'POST restore in flight');
    // Calls made, not only in flight: a read restarted by a transition that should not touch it shows here.
    same(sut.started.listRevisions, want.calls.list, 'GET revisions made');
    same(sut.started.readChanges, want.calls.changes.length, 'GET changes made');
    same(s.parentInbox, want.seen.parent, 'the messages the parent received');
    same(s.engine, want.seen.engine, 'what the engine shows');
  },
});

/** The viewer's answer to the revision restored (src/machines/viewer/viewerSetup.ts): it is current, and the approval is of another revision. */
const viewerAnswers = (message: EventObject): EventObject[] =>
  message.type === 'viewer.modelUpdated'
    ? [
        { type: 'revisions.changed', currentRevision: (message as unknown as { project: { revisionNumber: number } }).project.revisionNumber } as EventObject,
        { type: 'revisions.approval', approvedRevision: null } as EventObject,
      ]
    : [];

function revisionsSut(page = false): RevisionsSut {
  const parentInbox: EventObject[] = [];
  const engine: CompareView[] = [];
  const sut = createSut(revisionsMachine, {
    promiseActors: ['listRevisions', 'readChanges', 'restoreRevision'],
    input,
    parentInbox,
    ...(page ? { parentAnswers: viewerAnswers } : {}),
    provide: {
      actors: {
        compareEngine: fromCallback<EventObject, CompareView>(({ input: view }) => {
          engine.push(view);
          return () => {};
        }),
      },
    },
  });
  return Object.assign(sut, { parentInbox, engine });
}

const serializeState = (snapshot: { value: unknown; context: unknown }) => {
  const c = snapshot.context as { currentRevision: number; revisions: unknown[]; viewing: unknown; comparing: unknown; comparedWith: unknown; changes: unknown; onlyChanges: boolean; restoring: unknown; approvedRevision: unknown; keepApproval: boolean };
  return JSON.stringify([snapshot.value, c.currentRevision, c.revisions.length, c.viewing, c.comparing, c.comparedWith, c.changes !== null, c.onlyChanges, c.restoring, c.approvedRevision, c.keepApproval]);
};

/** The run of what the panel offers, in the viewer that answers a restore (the screen's driver plays this one). */
export const PAGE_RUN = 'in the viewer, as the panel offers it';

type Offered = EventObject & { revisionNumber?: number; partId?: string; value?: boolean; approvedRevision?: number | null };
const DIALOGS = ['confirmingApproval', 'confirmingCredit', 'insufficientCredits', 'failed'];

/**
 * What the panel offers an owner, and what reaches it from elsewhere: nothing before the panel is
 * first opened (which reads the list); rows of the revisions listed (Open and Make current on an
 * older one, Compare on one not on screen), Back to current with an older one open, the switch's
 * other value and the rows of parts with the changes shown, Stop comparing while comparing, a
 * dialog's answers only with it open, the panel's controls not behind an open dialog. From
 * elsewhere: one new revision 4 (a restore the server answers, or one uploaded by another client
 * while the approval does not hold it), and the client's approval of the current revision 3, once.
 */
function offeredOnPage(snapshot: { value: unknown; context: unknown; matches(v: unknown): boolean }, event: Offered): boolean {
  const c = snapshot.context as { currentRevision: number; revisions: Revision[]; viewing: number | null; onlyChanges: boolean; approvedRevision: number | null };
  const ready = snapshot.matches({ list: 'ready' });
  const shown = c.viewing ?? c.currentRevision;
  const listed = (n: number | undefined) => ready && c.revisions.some((r) => r.revisionNumber === n);
  const dialog = DIALOGS.some((d) => snapshot.matches({ restore: d }));
  if (snapshot.matches({ list: 'idle' })) return event.type === 'revisions.load';
  if (dialog && event.type.startsWith('revisions.') && !['revisions.confirmApproval', 'revisions.confirmCredit', 'revisions.cancel', 'revisions.changed', 'revisions.approval'].includes(event.type)) return false;
  switch (event.type) {
    case 'revisions.view':
      return listed(event.revisionNumber) && event.revisionNumber !== c.currentRevision && event.revisionNumber !== shown;
    case 'revisions.viewCurrent':
      return c.viewing !== null;
    case 'revisions.compare':
      return listed(event.revisionNumber) && event.revisionNumber !== shown;
    case 'revisions.restore':
      return listed(event.revisionNumber) && event.revisionNumber !== c.currentRevision && snapshot.matches({ restore: 'idle' });
    case 'revisions.onlyChanges':
      return snapshot.matches({ compare: 'shown' }) && event.value !== c.onlyChanges;
    case 'revisions.select':
      return snapshot.matches({ compare: 'shown' }) && event.partId !== '99';
    case 'revisions.stopCompare':
      return !snapshot.matches({ compare: 'off' });
    case 'revisions.cancel':
      return dialog;
    case 'revisions.confirmApproval':
      return snapshot.matches({ restore: 'confirmingApproval' });
    case 'revisions.confirmCredit':
      return snapshot.matches({ restore: 'confirmingCredit' });
    case 'revisions.changed':
      return c.currentRevision === 3 && c.approvedRevision === null;
    case 'xstate.done.actor.restoreRevision':
      return c.currentRevision === 3;
    case 'revisions.approval':
      return event.approvedRevision === c.currentRevision && c.approvedRevision === null;
  }
  return true;
}

export const revisionsModel: MachineModel = {
  name: 'revisions',
  machine: revisionsMachine,
  source: 'src/machines/viewer/owner/revisionsMachine.ts',
  testFile: 'tests/machines/revisionsMachine.test.ts',
  runs: [
    {
      label: 'list, view, compare, restore',
      run: defineRun<RevisionsEvent>({
        events,
        input,
        // The paths are generated without a parent: the model leaves its messages out (the real machine sends them).
        model: revisionsMachine.provide({ actions: { showRevision: () => {}, restored: () => {}, selectPart: () => {} } }),
        serializeState,
        sut: () => revisionsSut(),
        oracle: oracleOf(false) as never,
      }),
    },
    {
      label: PAGE_RUN,
      run: defineRun<RevisionsEvent>({
        events,
        input,
        filterEvents: (snapshot, event) => offeredOnPage(snapshot as never, event as Offered),
        // The viewer answers a restore at once: the revision restored is current, the approval of another revision.
        model: revisionsMachine.provide({
          actions: { showRevision: () => {}, selectPart: () => {}, restored: enqueueActions(({ event, enqueue }) => viewerAnswers({ type: 'viewer.modelUpdated', project: (event as unknown as { output: unknown }).output } as EventObject).forEach((e) => enqueue.raise(e as never))) },
        }),
        serializeState,
        sut: () => revisionsSut(true),
        oracle: oracleOf(true) as never,
      }),
    },
  ],
};
