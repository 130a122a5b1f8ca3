/**
 * The link's approval machine's model: events, system under test, and an oracle written from the
 * rules of client approval (when the dialog shows, which call goes out with which name and
 * revision, which refusal is told, that the typed name is never lost), not from the machine.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { EventObject } from 'xstate';
import type { SharedProject } from '../../src/api/schemas';
import { approvalMachine, type ApprovalEvent } from '../../src/machines/viewer/review/approvalMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

const input = { accessKey: 'Key9', revisionNumber: 3 };
const { id: _id, accessKey: _key, isPublished: _p, consumedUpdateCount: _c, maxUpdateCount: _m, conversionNotes: _n, ...rest } = makeProject({ id: 9, revisionNumber: 3 });
const approved: SharedProject = {
  ...rest,
  ownerAvatarUrl: '/a.svg',
  currentStage: 'ready',
  approval: { name: 'Gina Guest', date: new Date(2026, 1, 3, 14, 5), revisionNumber: 3, quote: null },
};
const refusal = (status: number, code?: string) => Object.assign(new Error(`${status}`), { status, code });

const changed: SharedProject = { ...approved, currentStage: 'new', approval: null };

const events = [
  { type: 'approval.open' },
  { type: 'approval.open', kind: 'changes' },
  { type: 'approval.change', name: 'Gina Guest' },
  { type: 'approval.change', name: '   ' },
  { type: 'approval.change', name: 'x'.repeat(61) },
  { type: 'approval.change', name: `  ${'y'.repeat(60)}  ` },
  { type: 'approval.change', name: 'Gina\u202eGuest' },
  { type: 'approval.submit' },
  { type: 'approval.cancel' },
  { type: 'xstate.done.actor.approve', output: approved },
  { type: 'xstate.error.actor.approve', error: refusal(409, 'revision_changed') },
  { type: 'xstate.error.actor.approve', error: refusal(409, 'not_awaiting_approval') },
  { type: 'xstate.error.actor.approve', error: refusal(403, 'approval_unavailable') },
  { type: 'xstate.error.actor.approve', error: refusal(404, 'not_found') },
  { type: 'xstate.error.actor.approve', error: new TypeError('Failed to fetch') },
  { type: 'xstate.error.actor.approve', error: refusal(500) },
  { type: 'xstate.done.actor.askForChanges', output: changed },
  { type: 'xstate.error.actor.askForChanges', error: refusal(409, 'no_note_for_changes') },
  { type: 'xstate.error.actor.askForChanges', error: refusal(500) },
] as unknown as ApprovalEvent[];

/** What each refusal tells the client, by the server's answer. */
function reasonOf(error: { status?: number; code?: string }): string {
  if (error.code === 'revision_changed') return 'revisionChanged';
  if (error.code === 'not_awaiting_approval') return 'notAwaiting';
  if (error.code === 'approval_unavailable') return 'unavailable';
  if (error.code === 'no_note_for_changes') return 'noNote';
  if (error.status === 404) return 'linkGone';
  return 'other';
}

/** Where the dialog is: closed, open (typing), sending (approving or asking), or the decision taken. */
type Phase = 'closed' | 'open' | 'sending' | 'approved';

export interface ApprovalExpected extends Expected {
  phase: Phase;
  /** What the dialog was opened for: approving, or asking for changes. */
  kind: 'approve' | 'changes';
  name: string;
  /** The refusal told, by its reason (null: none). */
  reason: string | null;
  /** The decisions sent, approving and asking for changes. */
  calls: unknown[];
  changeCalls: unknown[];
  result: SharedProject | null;
}

/** The machine's state for a phase: an open dialog after a refusal is the failed one. */
function valueOf(phase: Phase, kind: 'approve' | 'changes', reason: string | null): string {
  if (phase === 'closed') return 'idle';
  if (phase === 'open') return reason === null ? 'editing' : 'failed';
  if (phase === 'sending') return kind === 'changes' ? 'requesting' : 'sending';
  return 'approved';
}

// A name of 1 to 60 characters once trimmed, without control or text-direction characters;
// sending again only after a failure that named no rule.
const plain = (name: string) => !/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name);
const sendable = (e: ApprovalExpected) => e.name.trim().length >= 1 && e.name.trim().length <= 60 && plain(e.name) && (e.reason === null || e.reason === 'other');

export const approvalOracle: Oracle<ApprovalEvent, ApprovalExpected> = {
  initial: () => ({ value: 'idle', effects: [], phase: 'closed', kind: 'approve', name: '', reason: null, calls: [], changeCalls: [], result: null }),
  next(e, event) {
    const ev = event as EventObject & { name?: string; kind?: 'changes'; output?: SharedProject; error?: { status?: number; code?: string } };
    const at = (phase: Phase, changes: Partial<ApprovalExpected>, effect?: string): ApprovalExpected => {
      const n = { ...e, ...changes, phase, effects: effect ? [effect] : [] };
      return { ...n, value: valueOf(phase, n.kind, n.reason) };
    };
    const call = `xstate.done.actor.${e.kind === 'changes' ? 'askForChanges' : 'approve'}`;
    if (e.phase === 'approved') return { ...e, effects: [] };
    if (ev.type === 'approval.open' && e.phase === 'closed') return at('open', { kind: ev.kind ?? 'approve', reason: null }, 'the dialog opens with the name typed so far');
    if (ev.type === 'approval.change' && e.phase === 'open') return at('open', { name: ev.name! });
    if (ev.type === 'approval.submit' && e.phase === 'open' && sendable(e)) {
      const sent = { accessKey: 'Key9', name: e.name.trim(), revisionNumber: 3 };
      return e.kind === 'changes'
        ? at('sending', { changeCalls: [...e.changeCalls, sent] }, 'POST changes')
        : at('sending', { calls: [...e.calls, sent] }, 'POST approval');
    }
    if (ev.type === 'approval.cancel' && e.phase === 'open') return at('closed', {}, 'the dialog closes, the name kept');
    if (ev.type === call && e.phase === 'sending') return at('approved', { result: ev.output! }, 'the decision shown');
    if (ev.type === call.replace('done', 'error') && e.phase === 'sending') return at('open', { reason: reasonOf(ev.error!) }, 'the refusal told, the name kept');
    return { ...e, effects: [] };
  },
  check(real, e, sut) {
    for (const call of sut.pending.approve ?? []) if (!calls.includes(call.input)) calls.push(call.input);
    for (const call of sut.pending.askForChanges ?? []) if (!changeCalls.includes(call.input)) changeCalls.push(call.input);
    same(calls, e.calls, 'the approvals sent');
    same(changeCalls, e.changeCalls, 'the asks for changes sent');
    same(real.hasTag('dialog'), e.phase === 'open' || e.phase === 'sending', 'the dialog shown');
    same(real.hasTag('busy'), e.phase === 'sending', 'busy');
    // The typed name is never lost: not by a refusal, not by closing the dialog.
    same((real.context as { name: string }).name, e.name, 'the name typed');
    same((real.context as { failure: string | null }).failure, e.reason, 'the refusal told');
    same(real.status, e.phase === 'approved' ? 'done' : 'active', 'the decision taken');
    if (real.status === 'done') same(real.output, e.result, 'the project as the link now shows it');
  },
};

const calls: unknown[] = [];
const changeCalls: unknown[] = [];

export const approvalModel: MachineModel = {
  name: 'approval',
  machine: approvalMachine,
  source: 'src/machines/viewer/review/approvalMachine.ts',
  testFile: 'tests/machines/approvalMachine.test.ts',
  runs: [
    {
      label: 'open, name, send (approve or ask for changes), refusals',
      run: defineRun<ApprovalEvent>({
        events,
        input,
        sut: () => {
          calls.length = 0;
          changeCalls.length = 0;
          return createSut(approvalMachine, { promiseActors: ['approve', 'askForChanges'], input });
        },
        oracle: approvalOracle as never,
      }),
    },
  ],
};
