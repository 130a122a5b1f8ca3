/** Notice steps: model-based paths (start, wrap-around, debounce, camera store; oracle in tests/models/notice.ts) and examples. */
import { describe, expect, it } from 'vitest';
import type { CameraState } from '../../../src/machines/viewer/viewerTypes';
import { NOTICE_DEBOUNCE_MS, noticeMachine, noticePosition, type ShowStepEvent } from '../../../src/machines/viewer/tools/noticeMachine';
import { createSut } from '../../helpers/modelBased';
import { modelTests } from '../../helpers/modelTests';
import { noticeModel } from '../../models/notice';

const camera: CameraState = { version: 1, view: 'free', position: [1, 2, 3], target: [0, 0, 0], orthoHalfHeight: null };
const steps = [['1'], ['1', '2'], ['3']];
const input = { steps };

function sutWithLog(sutInput: unknown = input) {
  const sut = createSut(noticeMachine, { input: sutInput });
  const shown: ShowStepEvent[] = [];
  sut.actor.on('notice.showStep', (e: ShowStepEvent) => shown.push(e));
  return { ...sut, shown };
}

const generated = modelTests(noticeModel);

it('notice model stays small', () => expect(generated.runs[0].cases.length).toBeLessThan(200));

describe('notice machine (examples)', () => {
  it('wraps around: previous from the first is the last, next from the last is the first', () => {
    const sut = sutWithLog();
    sut.actor.send({ type: 'notice.start' });
    sut.actor.send({ type: 'notice.previous' });
    expect(noticePosition(sut.actor.getSnapshot())).toEqual({ current: 3, total: 3 });
    sut.actor.send({ type: 'notice.next' });
    expect(noticePosition(sut.actor.getSnapshot())).toEqual({ current: 1, total: 3 });
  });

  it('applies a step only 200 ms after the last move', () => {
    const sut = sutWithLog();
    sut.actor.send({ type: 'notice.start' });
    sut.clock.increment(NOTICE_DEBOUNCE_MS);
    expect(sut.shown.map((e) => e.index)).toEqual([0]);
    sut.actor.send({ type: 'notice.next' });
    sut.clock.increment(150);
    sut.actor.send({ type: 'notice.next' });
    sut.clock.increment(150);
    expect(sut.shown.map((e) => e.index)).toEqual([0]);
    sut.clock.increment(50);
    expect(sut.shown.map((e) => e.index)).toEqual([0, 2]);
    expect(sut.shown[1]).toMatchObject({ ids: ['3'], moveCamera: true, flash: true, camera: null });
  });

  it('restores the camera stored for a step when it comes back', () => {
    const sut = sutWithLog({ steps, moveCamera: false, flash: false });
    sut.actor.send({ type: 'notice.start' });
    sut.clock.increment(NOTICE_DEBOUNCE_MS);
    sut.actor.send({ type: 'notice.next' });
    sut.actor.send({ type: 'notice.cameraStored', index: 0, camera }); // as the first step is left
    sut.clock.increment(NOTICE_DEBOUNCE_MS);
    sut.actor.send({ type: 'notice.previous' });
    sut.clock.increment(NOTICE_DEBOUNCE_MS);
    expect(sut.shown.map((e) => e.camera)).toEqual([null, null, camera]);
    expect(sut.shown[2]).toMatchObject({ moveCamera: false, flash: false });
  });

  it('does not start without steps, and has no position when idle', () => {
    const sut = sutWithLog({ steps: [] });
    sut.actor.send({ type: 'notice.start' });
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(noticePosition(sut.actor.getSnapshot())).toBeNull();
  });
});
