/**
 * Flashing parts: on and off every tick (500 ms) for up to a duration (3000 ms), then off
 * (SPEC §9). Timers are injected so that tests can drive time.
 */
export const FLASH_DURATION_MS = 3000;
export const FLASH_TICK_MS = 500;

interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: Timers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Calls `set(true)` now, toggles every tick, and ends with `set(false)`; returns a cancel function. */
export function startFlash(set: (on: boolean) => void, durationMs = FLASH_DURATION_MS, tickMs = FLASH_TICK_MS, timers: Timers = realTimers): () => void {
  const duration = Math.min(Math.max(durationMs, 0), FLASH_DURATION_MS);
  const tick = Math.max(tickMs, 1);
  let elapsed = 0;
  let on = true;
  let done = false;
  set(true);
  const handle = timers.setInterval(() => {
    elapsed += tick;
    if (elapsed >= duration) {
      stop();
      return;
    }
    on = !on;
    set(on);
  }, tick);
  function stop() {
    if (done) return;
    done = true;
    timers.clearInterval(handle);
    set(false);
  }
  return stop;
}
