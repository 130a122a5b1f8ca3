import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_DURATION_MS, FLASH_TICK_MS, startFlash } from '../../src/engine/parts/flashTimer';

describe('startFlash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('toggles every 500 ms and ends off after 3000 ms', () => {
    expect([FLASH_DURATION_MS, FLASH_TICK_MS]).toEqual([3000, 500]);
    const states: boolean[] = [];
    startFlash((on) => states.push(on));
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(500);
    expect(states).toEqual([true, false]);
    vi.advanceTimersByTime(2500);
    expect(states).toEqual([true, false, true, false, true, false, false]);
    vi.advanceTimersByTime(5000);
    expect(states).toHaveLength(7);
  });

  it('never lasts more than 3000 ms and can be cancelled', () => {
    const states: boolean[] = [];
    startFlash((on) => states.push(on), 60_000, 1000);
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual([true, false, true, false]);
    const other: boolean[] = [];
    const stop = startFlash((on) => other.push(on));
    vi.advanceTimersByTime(600);
    stop();
    stop();
    vi.advanceTimersByTime(3000);
    expect(other).toEqual([true, false, false]);
  });
});
