/** Fingers on a page, through the DevTools protocol's touch events (what a phone's touch screen sends). */
import type { CDPSession } from '@playwright/test';

export type Point = { x: number; y: number };

export async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
}

/** Fingers moving from `from` to `to` in `steps`, each frame one move. */
export async function gesture(cdp: CDPSession, from: Point[], to: Point[], steps = 8) {
  await touch(cdp, 'touchStart', from);
  for (let i = 1; i <= steps; i++) {
    await touch(cdp, 'touchMove', from.map((p, k) => ({ x: p.x + ((to[k].x - p.x) * i) / steps, y: p.y + ((to[k].y - p.y) * i) / steps })));
  }
  await touch(cdp, 'touchEnd', []);
}

/** One finger down and up at `p`. */
export async function tap(cdp: CDPSession, p: Point) {
  await touch(cdp, 'touchStart', [p]);
  await touch(cdp, 'touchEnd', []);
}
