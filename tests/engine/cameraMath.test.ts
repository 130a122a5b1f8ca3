import { describe, expect, it } from 'vitest';
import {
  anglesOf,
  CAMERA_SETTINGS,
  DEBUG_CAMERA_SETTINGS,
  directionOf,
  fitDistance,
  fitOrthoHalfHeight,
  nearestAngle,
  projectedHalfExtents,
  START_POSITION,
  VIEW_ANGLES,
} from '../../src/engine/camera/cameraMath';
import type { Bounds } from '../../src/engine/types';

const cube: Bounds = { min: [-1, -1, -1], max: [1, 1, 1] };
const kitchen: Bounds = { min: [0, 0, 0], max: [4, 2, 0.6] };

describe('camera constants', () => {
  it('match SPEC §9', () => {
    expect(CAMERA_SETTINGS).toEqual({ fovDeg: 45, near: 0.1, far: 100, orthoOffset: 0 });
    expect(DEBUG_CAMERA_SETTINGS).toEqual({ fovDeg: 90, near: 0.1, far: 1000, orthoOffset: 1 });
    expect(START_POSITION).toEqual([0, 0, 3]);
  });
});

describe('canonical views', () => {
  const close = (v: readonly number[], expected: number[]) => v.forEach((x, i) => expect(x).toBeCloseTo(expected[i], 2));

  it('look from the named side', () => {
    close(directionOf(VIEW_ANGLES.front.alpha, VIEW_ANGLES.front.beta), [0, 0, 1]);
    close(directionOf(VIEW_ANGLES.back.alpha, VIEW_ANGLES.back.beta), [0, 0, -1]);
    close(directionOf(VIEW_ANGLES.right.alpha, VIEW_ANGLES.right.beta), [1, 0, 0]);
    close(directionOf(VIEW_ANGLES.left.alpha, VIEW_ANGLES.left.beta), [-1, 0, 0]);
    close(directionOf(VIEW_ANGLES.top.alpha, VIEW_ANGLES.top.beta), [0, 1, 0]);
    close(directionOf(VIEW_ANGLES.bottom.alpha, VIEW_ANGLES.bottom.beta), [0, -1, 0]);
  });

  it('recover angles from a position', () => {
    const a = anglesOf([0, 0, 3], [0, 0, 0]);
    expect(a.radius).toBe(3);
    expect(a.alpha).toBeCloseTo(Math.PI / 2, 12);
    expect(a.beta).toBeCloseTo(Math.PI / 2, 12);
  });

  it('turn the short way round', () => {
    expect(nearestAngle(0.1, 2 * Math.PI - 0.1)).toBeCloseTo(-0.1, 12);
    expect(nearestAngle(3, -3)).toBeCloseTo(2 * Math.PI - 3, 12);
  });
});

describe('zoom to fit', () => {
  it('keeps a 9% margin in orthographic views', () => {
    const front = VIEW_ANGLES.front;
    // 4 m wide, 2 m high on a 2:1 screen: both fit at half height 1 m, plus 9%.
    expect(fitOrthoHalfHeight(kitchen, front.alpha, front.beta, 2)).toBeCloseTo(1.09, 6);
    // On a square screen the width decides: half width 2 m.
    expect(fitOrthoHalfHeight(kitchen, front.alpha, front.beta, 1)).toBeCloseTo(2.18, 6);
    expect(fitOrthoHalfHeight(kitchen, front.alpha, front.beta, 1, 1)).toBeCloseTo(3.18, 6);
  });

  it('projects the box onto the view', () => {
    const top = VIEW_ANGLES.top;
    const [w, h, d] = projectedHalfExtents(kitchen, top.alpha, top.beta);
    expect(w).toBeCloseTo(2, 2);
    expect(h).toBeCloseTo(0.3, 2);
    expect(d).toBeCloseTo(1, 2);
  });

  it('backs off with a 1.25 margin in perspective', () => {
    const fov = Math.PI / 4;
    const front = VIEW_ANGLES.front;
    const d = fitDistance(cube, front.alpha, front.beta, fov, 1);
    expect(d).toBeCloseTo((1.25 * 1) / Math.tan(fov / 2) + 1, 6);
    // A wider screen does not need more distance for a cube; a narrower one does.
    expect(fitDistance(cube, front.alpha, front.beta, fov, 2)).toBeCloseTo(d, 6);
    expect(fitDistance(cube, front.alpha, front.beta, fov, 0.5)).toBeGreaterThan(d);
  });
});
