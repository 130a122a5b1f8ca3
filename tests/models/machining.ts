/**
 * The machining a viewer shows (issue "From the model to the machine"): nothing is read until a
 * panel's data sheet (or the workshop's Machining tab, `eager`) wants it; read once for the
 * project, shown, or failed and read again on Retry; a file is saved one at a time, a failed save
 * says so and the list stays shown.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { MachiningFile } from '../../src/api/client';
import { machiningMachine } from '../../src/machines/viewer/tools/machiningMachine';
import type { MachiningList } from '../../src/model/machining/machiningList';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type MachiningModelEvent =
  | { type: 'machining.show' }
  | { type: 'machining.retry' }
  | { type: 'machining.save'; file: MachiningFile; fileName: string }
  | { type: string; output?: unknown; error?: unknown };

const ref = { id: 12 };
const list: MachiningList = {
  revision: 3,
  panels: [
    {
      node: '7', name: 'Left side', cabinet: 'Base 1', cabinetNode: '2', material: 'Melamine white 18', source: 'model',
      length: 720, width: 560, thickness: 18, outline: [[0, 0], [720, 0], [720, 560], [0, 560]],
      bores: [{ kind: 'hole', face: 'top', x: 96, y: 37, z: 18, diameter: 5, depth: 12, through: false }], grooves: [],
    },
  ],
};
const drawing: MachiningFile = { kind: 'panel', node: '7', lang: 'fr' };

export interface MachiningExpected extends Expected {
  list: MachiningList | null;
  reads: number;
  saves: number;
  saving: MachiningFile | null;
  saveFailed: boolean;
}

function makeOracle(eager: boolean): Oracle<MachiningModelEvent, MachiningExpected> {
  return {
    initial: () =>
      eager
        ? { value: 'loading', effects: ['GET projects/12/machining.json at once'], list: null, reads: 1, saves: 0, saving: null, saveFailed: false }
        : { value: 'idle', effects: ['nothing read yet'], list: null, reads: 0, saves: 0, saving: null, saveFailed: false },
    next(e, event) {
      const base = { ...e, effects: [] as string[] };
      const ready = { loaded: 'ready' };
      if (e.value === 'idle' && event.type === 'machining.show') return { ...base, value: 'loading', reads: 1, effects: ['GET projects/12/machining.json'] };
      if (e.value === 'loading' && event.type === 'xstate.done.actor.loadMachining') return { ...base, value: ready, list, effects: ['1 panel shown with its hole'] };
      if (e.value === 'loading' && event.type === 'xstate.error.actor.loadMachining') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
      if (e.value === 'failed' && event.type === 'machining.retry') return { ...base, value: 'loading', reads: e.reads + 1, effects: ['GET it again'] };
      const isReady = JSON.stringify(e.value) === JSON.stringify(ready);
      const isSaving = JSON.stringify(e.value) === JSON.stringify({ loaded: 'saving' });
      if (isReady && event.type === 'machining.save') {
        const file = (event as { file: MachiningFile }).file;
        return { ...base, value: { loaded: 'saving' }, saving: file, saves: e.saves + 1, saveFailed: false, effects: [`GET ${file.kind} file, saved as ${(event as { fileName: string }).fileName}`] };
      }
      if (isSaving && event.type === 'xstate.done.actor.saveMachiningFile') return { ...base, value: ready, saving: null, effects: ['file saved'] };
      if (isSaving && event.type === 'xstate.error.actor.saveMachiningFile') return { ...base, value: ready, saveFailed: true, effects: ['save failure shown, list kept'] };
      return base;
    },
    check(real, e, sut) {
      const c = real.context as { list: MachiningList | null; saveFailed: boolean };
      same(c.list, e.list, 'the machining shown');
      same(c.saveFailed, e.saveFailed, 'a failed save said');
      same(sut.pending.loadMachining.map((call) => call.input), e.value === 'loading' ? [{ ref }] : [], 'the read in flight');
      const saving = JSON.stringify(e.value) === JSON.stringify({ loaded: 'saving' });
      same(sut.pending.saveMachiningFile.map((call) => (call.input as { file: MachiningFile }).file), saving ? [e.saving] : [], 'the save in flight');
      same((sut as LoggedSut).calls.loadMachining.length, e.reads, 'reads asked');
      same((sut as LoggedSut).calls.saveMachiningFile.length, e.saves, 'saves asked');
    },
  };
}

const events: MachiningModelEvent[] = [
  { type: 'machining.show' },
  { type: 'xstate.done.actor.loadMachining', output: list },
  { type: 'xstate.error.actor.loadMachining', error: new Error('503') },
  { type: 'machining.retry' },
  { type: 'machining.save', file: drawing, fileName: 'Left side.pdf' },
  { type: 'xstate.done.actor.saveMachiningFile', output: undefined },
  { type: 'xstate.error.actor.saveMachiningFile', error: new Error('offline') },
];

const run = (eager: boolean) =>
  defineRun<MachiningModelEvent>({
    events,
    input: { ref, eager },
    sut: () => withCallLog(createSut(machiningMachine, { promiseActors: ['loadMachining', 'saveMachiningFile'], input: { ref, eager } })),
    oracle: makeOracle(eager) as never,
  });

export const machiningModel: MachineModel = {
  name: 'machining',
  machine: machiningMachine,
  source: 'src/machines/viewer/tools/machiningMachine.ts',
  testFile: 'tests/machines/machiningMachine.test.ts',
  runs: [
    { label: "a panel's data sheet (read when wanted)", run: run(false) },
    { label: "the workshop's Machining tab (read at once)", run: run(true) },
  ],
};
