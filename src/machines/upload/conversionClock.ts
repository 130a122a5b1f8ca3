/**
 * The page's clock while a conversion runs, for its time left to count down between statuses (a
 * poster drawn at the end can leave the progress still for seconds): `upload.clock` every second.
 */
import { fromCallback } from 'xstate';
import type { UploadEvent } from './uploadTypes';

export function createConversionClockActor(intervalMs = 1000, now: () => number = () => performance.now()) {
  return fromCallback(({ sendBack }) => {
    const timer = setInterval(() => sendBack({ type: 'upload.clock', at: now() } satisfies UploadEvent), intervalMs);
    return () => clearInterval(timer);
  });
}
