/**
 * Share dialog (SPEC §2 "Share panel", §4 "Publishing and sharing"): the publish switch always
 * works; the option switches only while the project is published. A change shows at once and is
 * saved with PATCH projects/{id}; a change made while a save runs replaces that save with one
 * sending every change not yet accepted. A failed save shows the values the server last accepted
 * and a failure notice (cleared by the next change). Closing while a save runs waits for its
 * answer; the dialog closes with the project as shown.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { Project, ProjectPatch } from '../../src/api/schemas';
import { shareMachine, type ShareEvent } from '../../src/machines/projects/shareMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

const project = makeProject({ id: 4, isPublished: false });
const input = { project };

export interface ShareExpected extends Expected {
  shown: Project;
  accepted: Project;
  unsaved: ProjectPatch;
  failed: boolean;
  closing: boolean;
  call: { id: number; patch: ProjectPatch } | null;
  output?: Project;
}

function change(e: ShareExpected, shown: Project, unsaved: ProjectPatch): ShareExpected {
  const call = { id: project.id, patch: unsaved };
  return { ...e, value: 'saving', shown, unsaved, failed: false, call, effects: [`PATCH projects/4 ${JSON.stringify(unsaved)}`] };
}

const shareOracle: Oracle<ShareEvent, ShareExpected> = {
  initial: () => ({ value: 'idle', effects: [], shown: project, accepted: project, unsaved: {}, failed: false, closing: false, call: null }),
  next(e, event) {
    const type = event.type as string;
    const base = { ...e, effects: [] as string[] };
    if (e.value === 'closed') return base;
    if (event.type === 'share.publish') {
      return change(base, { ...e.shown, isPublished: event.value }, { ...e.unsaved, isPublished: event.value });
    }
    if (event.type === 'share.option') {
      if (!e.shown.isPublished) return { ...base, effects: ['switch disabled: nothing changes'] };
      const shown = { ...e.shown, shareOptions: { ...e.shown.shareOptions, [event.key]: event.value } };
      return change(base, shown, { ...e.unsaved, shareOptions: { ...e.unsaved.shareOptions, [event.key]: event.value } });
    }
    if (event.type === 'share.close') {
      if (e.value === 'saving') return { ...base, closing: true, effects: ['waits for the save'] };
      return { ...base, value: 'closed', output: e.shown, effects: ['closes'] };
    }
    if (e.value !== 'saving') return base;
    if (type === 'xstate.done.actor.patchProject') {
      const after = { ...base, accepted: e.shown, unsaved: {}, call: null };
      return e.closing ? { ...after, value: 'closed', output: e.shown, effects: ['closes'] } : { ...after, value: 'idle' };
    }
    if (type === 'xstate.error.actor.patchProject') {
      const after = { ...base, shown: e.accepted, unsaved: {}, failed: true, call: null, effects: ['failure shown; accepted values back'] };
      return e.closing ? { ...after, value: 'closed', output: e.accepted } : { ...after, value: 'idle' };
    }
    return base;
  },
  check(real, e, sut) {
    same(real.context.project, e.shown, 'the switches shown');
    same(real.context.failed, e.failed, 'the failure notice');
    same(real.hasTag('busy'), e.value === 'saving', 'busy while saving');
    same(sut.pending.patchProject.map((c) => c.input), e.call ? [e.call] : [], 'the PATCH in flight');
    if (e.output !== undefined) same([real.status, real.output], ['done', e.output], 'the output');
    else same(real.status, 'active');
  },
};

export const shareModel: MachineModel = {
  name: 'share',
  machine: shareMachine,
  source: 'src/machines/projects/shareMachine.ts',
  testFile: 'tests/machines/shareMachine.test.ts',
  runs: [
    {
      label: 'share',
      run: defineRun<ShareEvent>({
        events: [
          { type: 'share.publish', value: true },
          { type: 'share.publish', value: false },
          { type: 'share.option', key: 'isCommentsVisible', value: false },
          { type: 'share.close' },
          { type: 'xstate.done.actor.patchProject' },
          { type: 'xstate.error.actor.patchProject', error: new Error('500') },
        ] as unknown as ShareEvent[],
        input,
        sut: () => createSut(shareMachine, { promiseActors: ['patchProject'], input }),
        oracle: shareOracle as never,
      }),
    },
  ],
};
