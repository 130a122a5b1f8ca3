/**
 * The link's approval machine's model: events, system under test, and an oracle written from the
 * rules of client approval (when the dialog shows, which call goes out with which name and
 * revision, which refusal is told, that the typed name is never lost), not from the machine.
 */
import type { EventObject } from 'xstate';
import { expect } from 'vitest';
import type { SharedProject } from '../../src/api/schemas';
import { approvalMachine, type ApprovalEvent } from '../../src/machines/viewer/review/approvalMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut } from '../helpers/modelBased';
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

/** The rules, replayed over the events played. */
function oracle(played: EventObject[]) {
  let phase: 'closed' | 'open' | 'sending' | 'approved' = 'closed';
  /** What the dialog was opened for: approving, or asking for changes. */
  let kind: 'approve' | 'changes' = 'approve';
  let name = '';
  let reason: string | null = null;
  const calls: unknown[] = [];
  const changeCalls: unknown[] = [];
  let result: SharedProject | null = null;
  // A name of 1 to 60 characters once trimmed, without control or text-direction characters;
  // sending again only after a failure that named no rule.
  const plain = () => !/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name);
  const sendable = () => name.trim().length >= 1 && name.trim().length <= 60 && plain() && (reason === null || reason === 'other');
  for (const event of played) {
    const e = event as EventObject & { name?: string; kind?: 'changes'; output?: SharedProject; error?: { status?: number; code?: string } };
    const call = `xstate.done.actor.${kind === 'changes' ? 'askForChanges' : 'approve'}`;
    if (phase === 'approved') break;
    if (e.type === 'approval.open' && phase === 'closed') {
      phase = 'open';
      kind = e.kind ?? 'approve';
      reason = null;
    } else if (e.type === 'approval.change' && phase === 'open') name = e.name!;
    else if (e.type === 'approval.submit' && phase === 'open' && sendable()) {
      phase = 'sending';
      (kind === 'changes' ? changeCalls : calls).push({ accessKey: 'Key9', name: name.trim(), revisionNumber: 3 });
    } else if (e.type === 'approval.cancel' && phase === 'open') phase = 'closed';
    else if (e.type === call && phase === 'sending') {
      phase = 'approved';
      result = e.output!;
    } else if (e.type === call.replace('done', 'error') && phase === 'sending') {
      phase = 'open';
      reason = reasonOf(e.error!);
    }
  }
  return { phase, name, reason, calls, changeCalls, result };
}

const played: EventObject[] = [];
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
          played.length = 0;
          calls.length = 0;
          changeCalls.length = 0;
          return createSut(approvalMachine, { promiseActors: ['approve', 'askForChanges'], input });
        },
        check: (real, _model, sut, event) => {
          played.push(event);
          const expected = oracle(played);
          for (const call of sut.pending.approve) if (!calls.includes(call.input)) calls.push(call.input);
          for (const call of sut.pending.askForChanges) if (!changeCalls.includes(call.input)) changeCalls.push(call.input);
          expect(calls).toEqual(expected.calls);
          expect(changeCalls).toEqual(expected.changeCalls);
          expect(real.hasTag('dialog')).toBe(expected.phase === 'open' || expected.phase === 'sending');
          expect(real.hasTag('busy')).toBe(expected.phase === 'sending');
          // The typed name is never lost: not by a refusal, not by closing the dialog.
          expect(real.context.name).toBe(expected.name);
          expect(real.context.failure).toBe(expected.reason);
          expect(real.status).toBe(expected.phase === 'approved' ? 'done' : 'active');
          if (real.status === 'done') expect(real.output).toEqual(expected.result);
        },
      }),
    },
  ],
};
