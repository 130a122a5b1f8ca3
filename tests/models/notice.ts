/**
 * Notice mode (SPEC §2 filter steps, §4 step navigator, §9 200 ms debounce): start shows the first
 * step (if there are steps); previous from the first goes to the last, next from the last to the
 * first; a step is applied 200 ms after the last move, with its part ids, the camera/flash flags
 * and the camera stored for it when the user left it; stop ends the sequence (the engine shows
 * every part again). Loading steps while stopped replaces them and forgets stored cameras.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { fromCallback } from 'xstate';
import type { CameraState } from '../../src/machines/viewer/viewerTypes';
import { noticeMachine, noticePosition, type NoticeEngineCommand, type NoticeEvent, type ShowStepEvent } from '../../src/machines/viewer/tools/noticeMachine';
import { createSut, type Expected, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

const camera: CameraState = { version: 1, view: 'free', position: [1, 2, 3], target: [0, 0, 0], orthoHalfHeight: null };
const steps = [['1'], ['1', '2'], ['3']];
const input = { steps };

export interface NoticeExpected extends Expected {
  value: 'idle' | { active: 'waiting' | 'shown' };
  steps: string[][];
  index: number;
  cameras: (CameraState | null)[];
  /** Every step shown so far (emitted, and sent to the engine). */
  shown: ShowStepEvent[];
  /** Every command the engine received. */
  commands: NoticeEngineCommand[];
}

type NoticeSut = Sut & { emitted: ShowStepEvent[]; commands: NoticeEngineCommand[] };

const noticeOracle: Oracle<NoticeEvent, NoticeExpected> = {
  initial: () => ({ value: 'idle', effects: [], steps, index: 0, cameras: steps.map(() => null), shown: [], commands: [] }),
  next(e, event) {
    const type = event.type as string;
    const base = { ...e, effects: [] as string[] };
    const active = e.value !== 'idle';
    const total = e.steps.length;
    const move = (index: number): NoticeExpected => ({ ...base, value: { active: 'waiting' }, index, effects: [`step ${index + 1} of ${total} after 200 ms`] });
    if (event.type === 'notice.cameraStored') {
      return { ...base, cameras: e.cameras.map((c, i) => (i === event.index ? event.camera : c)), effects: [`camera kept for step ${event.index + 1}`] };
    }
    if (!active) {
      if (event.type === 'notice.start') return total > 0 ? move(0) : { ...base, effects: ['no steps: stays stopped'] };
      if (event.type === 'notice.load') return { ...base, steps: event.steps, index: 0, cameras: event.steps.map(() => null) };
      return base;
    }
    if (event.type === 'notice.next') return move((e.index + 1) % total);
    if (event.type === 'notice.previous') return move((e.index - 1 + total) % total);
    if (event.type === 'notice.stop') return { ...base, value: 'idle', commands: [...e.commands, { type: 'notice.ended' }], effects: ['engine shows every part'] };
    if (type.startsWith('xstate.after.') && JSON.stringify(e.value) === JSON.stringify({ active: 'waiting' })) {
      const step: ShowStepEvent = {
        type: 'notice.showStep',
        index: e.index,
        ids: e.steps[e.index],
        moveCamera: true,
        flash: true,
        camera: e.cameras[e.index],
      };
      return { ...base, value: { active: 'shown' }, shown: [...e.shown, step], commands: [...e.commands, step], effects: [`shows ${JSON.stringify(step.ids)}`] };
    }
    return base;
  },
  check(real, e, sut) {
    const { emitted, commands } = sut as NoticeSut;
    same(emitted, e.shown, 'the steps shown');
    same(commands, e.commands, 'what the engine received');
    same(noticePosition(real as never), e.value === 'idle' ? null : { current: e.index + 1, total: e.steps.length }, 'step n of N');
  },
};

function noticeSut(): NoticeSut {
  const commands: NoticeEngineCommand[] = [];
  const sut = createSut(noticeMachine, {
    input,
    provide: { actors: { noticeEngine: fromCallback<NoticeEngineCommand>(({ receive }) => void receive((c) => commands.push(c))) } },
  });
  const emitted: ShowStepEvent[] = [];
  sut.actor.on('notice.showStep', (event: ShowStepEvent) => emitted.push(event));
  return Object.assign(sut, { emitted, commands });
}

export const noticeModel: MachineModel = {
  name: 'notice',
  machine: noticeMachine,
  source: 'src/machines/viewer/tools/noticeMachine.ts',
  testFile: 'tests/machines/viewer/noticeMachine.test.ts',
  runs: [
    {
      label: 'notice',
      run: defineRun<NoticeEvent>({
        events: [
          { type: 'notice.start' },
          { type: 'notice.stop' },
          { type: 'notice.next' },
          { type: 'notice.previous' },
          { type: 'notice.load', steps: [] },
          { type: 'notice.load', steps },
          { type: 'notice.cameraStored', index: 0, camera },
          { type: 'xstate.after.200.notice.active.waiting' },
        ] as unknown as NoticeEvent[],
        input,
        sut: noticeSut,
        oracle: noticeOracle as never,
      }),
    },
  ],
};
