/**
 * Where a tap looks for a part: its own point first, then rings around it, nearest first, so a
 * finger that lands a few pixels beside a thin panel or an edge still finds it.
 */

/** How far around a finger's tap the engine looks, in CSS pixels (about 3 mm on a phone). */
export const TOUCH_PICK_RADIUS_PX = 12;

const DIRECTIONS = 8;

export function pickOffsets(radius: number): Array<readonly [number, number]> {
  const offsets: Array<readonly [number, number]> = [[0, 0]];
  if (radius <= 0) return offsets;
  for (const r of [radius / 2, radius]) {
    for (let i = 0; i < DIRECTIONS; i++) {
      const angle = (i / DIRECTIONS) * Math.PI * 2;
      offsets.push([Math.round(Math.cos(angle) * r), Math.round(Math.sin(angle) * r)]);
    }
  }
  return offsets;
}

/** How far above a held finger the measurement cross-hair aims, so the finger does not hide it. */
export const TOUCH_AIM_OFFSET_PX = 60;
