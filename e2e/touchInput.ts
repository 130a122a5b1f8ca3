/** Fingers on a page, through the DevTools protocol's touch events (what a phone's touch screen sends). */
import type { CDPSession } from '@playwright/test';

export type Point = { x: number; y: number };

/** One frame between events (16 ms), and a finger held still at the end of a gesture (longer than the 40 ms after which Chromium takes a finger as stopped). */
const FRAME_MS = 16;
const HOLD_MS = 120;
const clocks = new WeakMap<CDPSession, number>();

/**
 * Each event carries its own time, a frame after the one before (never behind the real clock): on a
 * busy machine the events would otherwise arrive bunched, a stroke would read as a fling, and
 * Chromium would take the next tap as the one that stops it, with no click.
 */
export async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[], afterMs = FRAME_MS) {
  const time = Math.max(Date.now(), (clocks.get(cdp) ?? 0) + afterMs);
  clocks.set(cdp, time);
  await cdp.send('Input.dispatchTouchEvent', { type, timestamp: time / 1000, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
}

/** Fingers moving from `from` to `to` in `steps`, each frame one move, then held still and lifted. */
export async function gesture(cdp: CDPSession, from: Point[], to: Point[], steps = 8) {
  await touch(cdp, 'touchStart', from);
  for (let i = 1; i <= steps; i++) {
    await touch(cdp, 'touchMove', from.map((p, k) => ({ x: p.x + ((to[k].x - p.x) * i) / steps, y: p.y + ((to[k].y - p.y) * i) / steps })));
  }
  await touch(cdp, 'touchMove', to, HOLD_MS);
  await touch(cdp, 'touchEnd', []);
}

/** One finger through `points`, a frame each, then held still and lifted (a freehand line). */
export async function stroke(cdp: CDPSession, points: Point[]) {
  await touch(cdp, 'touchStart', [points[0]]);
  for (const p of points.slice(1)) await touch(cdp, 'touchMove', [p]);
  await touch(cdp, 'touchMove', [points.at(-1)!], HOLD_MS);
  await touch(cdp, 'touchEnd', []);
}

/** One finger down and up at `p`. */
export async function tap(cdp: CDPSession, p: Point) {
  await touch(cdp, 'touchStart', [p]);
  await touch(cdp, 'touchEnd', []);
}
