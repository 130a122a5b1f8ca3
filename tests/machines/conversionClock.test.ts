/** The conversion's clock: `upload.clock` with the page's time every second while it runs, nothing once stopped. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createConversionClockActor } from '../../src/machines/upload/conversionClock';

afterEach(() => vi.useRealTimers());

describe('the conversion clock', () => {
  it('ticks every second with the time, and stops with its state', () => {
    vi.useFakeTimers();
    let time = 500;
    const heard: unknown[] = [];
    const parent = createMachine({
      invoke: { src: createConversionClockActor(1000, () => time) },
      on: { 'upload.clock': { actions: ({ event }) => heard.push(event) } },
    });
    const actor = createActor(parent).start();
    time = 1500;
    vi.advanceTimersByTime(1000);
    time = 2500;
    vi.advanceTimersByTime(1000);
    expect(heard).toEqual([{ type: 'upload.clock', at: 1500 }, { type: 'upload.clock', at: 2500 }]);
    actor.stop();
    vi.advanceTimersByTime(5000);
    expect(heard).toHaveLength(2);
  });
});
