/**
 * The owner's project machine's model: events, system under test, and the oracle (`step`) written
 * from SPEC §2's project panel.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { ownerProjectMachine, type OwnerProjectEvent } from '../../src/machines/viewer/owner/ownerProjectMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

export const project = makeProject({ id: 3, currentStage: 'new' });
export const input = { project };
export const children = ['rename', 'delete', 'share', 'patchStage', 'exportVok'];

const events = [
  { type: 'owner.rename' },
  { type: 'owner.delete' },
  { type: 'owner.stage', stage: 'ready' },
  { type: 'owner.stage', stage: 'new' },
  { type: 'owner.stage', stage: 'unknown' },
  { type: 'owner.openShare' },
  { type: 'owner.closeShare' },
  { type: 'xstate.done.actor.rename', output: { id: 3, name: 'Kitchen' } },
  { type: 'xstate.done.actor.rename', output: null },
  { type: 'xstate.done.actor.delete', output: { id: 3 } },
  { type: 'xstate.done.actor.delete', output: null },
  { type: 'xstate.done.actor.patchStage', output: { ...project, currentStage: 'ready' } },
  { type: 'xstate.error.actor.patchStage', error: new Error('500') },
  { type: 'xstate.done.actor.share', output: { ...project, isPublished: true } },
  // The share panel left without a change: the project comes back as it was.
  { type: 'xstate.done.actor.share', output: project },
  { type: 'owner.export' },
  { type: 'owner.replaced', project: { ...project, name: 'Kitchen B', revisionNumber: 2 } },
  { type: 'xstate.error.actor.rename', error: new Error('stopped') },
  { type: 'xstate.error.actor.delete', error: new Error('stopped') },
  { type: 'xstate.error.actor.share', error: new Error('stopped') },
  { type: 'xstate.done.actor.exportVok', output: undefined },
  { type: 'xstate.error.actor.exportVok', error: new Error('500') },
] as unknown as OwnerProjectEvent[];

/**
 * The oracle, from SPEC §2 (project panel): one action at a time; a rename keeps the new name, a
 * confirmed delete ends the viewer, a stage is saved only when it is a known, different stage
 * (a failure is shown), the share panel's child hands back the project it saved; an export asks
 * for the project's package by its id and name, and a failed one is shown until the next export;
 * a newer project replaces the one shown at any time; a dialog that fails changes nothing.
 */
interface OwnerState {
  state: string;
  project: typeof project;
  stageFailed: boolean;
  exportFailed: boolean;
  asked: { id: string; input: unknown } | null;
}
const STAGE_NAMES = ['new', 'approval', 'ready', 'production', 'installation', 'finished'];
function step(o: OwnerState, e: { type: string; output?: { name?: string; id?: number } & Partial<typeof project>; stage?: string; project?: typeof project }) {
  // Once the project is deleted the viewer is over: nothing changes any more.
  if (o.state === 'deleted') return;
  // A newer project (e.g. a new revision) replaces the one shown, whatever is going on.
  if (e.type === 'owner.replaced') {
    o.project = { ...e.project! };
    return;
  }
  // A dialog child that fails (it was stopped) leaves the project as it was.
  const child = /^xstate\.error\.actor\.(rename|delete|share)$/.exec(e.type)?.[1];
  if (child && o.state === { rename: 'renaming', delete: 'deleting', share: 'sharing' }[child]) {
    o.state = 'idle';
    o.asked = null;
    return;
  }
  const begin = (state: string, id: string, extra: Record<string, unknown> = {}) => {
    o.state = state;
    o.asked = { id, input: id === 'patchStage' ? { id: 3, ...extra } : id === 'exportVok' ? { id: 3, name: o.project.name } : { project: { ...o.project } } };
  };
  const end = () => {
    o.state = 'idle';
    o.asked = null;
  };
  if (o.state === 'idle') {
    if (e.type === 'owner.rename') begin('renaming', 'rename');
    else if (e.type === 'owner.delete') begin('deleting', 'delete');
    else if (e.type === 'owner.openShare') begin('sharing', 'share');
    else if (e.type === 'owner.export') {
      begin('exporting', 'exportVok');
      o.exportFailed = false;
    }
    else if (e.type === 'owner.stage' && STAGE_NAMES.includes(e.stage!) && e.stage !== o.project.currentStage) {
      begin('savingStage', 'patchStage', { stage: e.stage });
      o.stageFailed = false;
    }
  } else if (o.state === 'renaming' && e.type === 'xstate.done.actor.rename') {
    if (e.output) o.project = { ...o.project, name: e.output.name! };
    end();
  } else if (o.state === 'deleting' && e.type === 'xstate.done.actor.delete') {
    if (e.output) Object.assign(o, { state: 'deleted', asked: null });
    else end();
  } else if (o.state === 'savingStage' && e.type === 'xstate.done.actor.patchStage') {
    o.project = { ...(e.output as typeof project) };
    end();
  } else if (o.state === 'savingStage' && e.type === 'xstate.error.actor.patchStage') {
    o.stageFailed = true;
    end();
  } else if (o.state === 'exporting' && e.type === 'xstate.done.actor.exportVok') {
    end();
  } else if (o.state === 'exporting' && e.type === 'xstate.error.actor.exportVok') {
    o.exportFailed = true;
    end();
  } else if (o.state === 'sharing' && e.type === 'xstate.done.actor.share') {
    o.project = { ...(e.output as typeof project) };
    end();
  }
}


export type OwnerExpected = Expected & OwnerState;

const ownerOracle: Oracle<OwnerProjectEvent, OwnerExpected> = {
  initial: () => ({ value: 'idle', effects: [], state: 'idle', project: { ...project }, stageFailed: false, exportFailed: false, asked: null }),
  next(e, event) {
    const o: OwnerState = { state: e.state, project: e.project, stageFailed: e.stageFailed, exportFailed: e.exportFailed, asked: e.asked };
    step(o, event as never);
    const effects = o.asked && o.asked !== e.asked ? [`${o.asked.id} started with ${JSON.stringify(o.asked.input)}`] : [];
    return { ...o, value: o.state, effects };
  },
  check(real, e, sut) {
    same(real.context.project, e.project, 'the project shown');
    same(real.context.stageFailed, e.stageFailed, 'the stage failure shown');
    same(real.context.exportFailed, e.exportFailed, 'the export failure shown');
    // The one call in flight, made with the project as the owner sees it.
    const inFlight = children.flatMap((id) => sut.pending[id].map((call) => ({ id, input: call.input })));
    same(inFlight, e.asked ? [e.asked] : [], 'the call in flight');
  },
};

export const ownerProjectModel: MachineModel = {
  name: 'ownerProject',
  machine: ownerProjectMachine,
  source: 'src/machines/viewer/owner/ownerProjectMachine.ts',
  testFile: 'tests/machines/ownerProjectMachine.test.ts',
  runs: [
    {
      label: 'rename, delete, stage, share, export',
      run: defineRun<OwnerProjectEvent>({
        events,
        input,
        serializeState: (s) => JSON.stringify([s.value, (s.context as { stageFailed: boolean }).stageFailed]),
        sut: () => createSut(ownerProjectMachine, { promiseActors: children, input }),
        oracle: ownerOracle as never,
      }),
    },
  ],
};
