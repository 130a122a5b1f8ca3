import { describe, expect, it } from 'vitest';
import {
  closestPointOnSegment,
  measurementOf,
  movedBeyond,
  nextPoints,
  SNAP_DISTANCE,
  snapPoint,
  toUnit,
  vectorInUnit,
} from '../../src/engine/measure/measureMath';
import type { MeasurePoint, Vec3 } from '../../src/engine/types';

const point = (position: Vec3): MeasurePoint => ({ position, snap: 'vertex', partId: null });

describe('units (1 m = 1000 mm = 39.3701 in)', () => {
  it('converts metres to mm with one decimal', () => {
    expect(toUnit(1, 'mm')).toBe(1000);
    expect(toUnit(0.12345, 'mm')).toBe(123.5);
    expect(toUnit(0.01804, 'mm')).toBe(18);
  });

  it('converts metres to inches with three decimals', () => {
    expect(toUnit(1, 'in')).toBe(39.37);
    expect(toUnit(0.0254, 'in')).toBe(1);
    expect(toUnit(0.5, 'in')).toBe(19.685);
    expect(toUnit(0.123456, 'in')).toBe(4.86); // 4.86048...
  });

  it('rounds each vector component and never reports -0', () => {
    expect(vectorInUnit([0, 0, 0], [0.5, -0.25, 0.00001], 'mm')).toEqual([500, -250, 0]);
    expect(Object.is(vectorInUnit([0, 0, 0], [0, -0.00001, 0], 'mm')[1], 0)).toBe(true);
  });
});

describe('measurementOf', () => {
  it('gives no vector or length until two points exist', () => {
    expect(measurementOf([], 'mm')).toEqual({ points: [], unit: 'mm', vector: null, length: null });
    expect(measurementOf([point([0, 0, 0])], 'mm').length).toBeNull();
  });

  it('gives b - a and its length in the unit', () => {
    const m = measurementOf([point([0, 0, 0]), point([0.3, 0.4, 0])], 'mm');
    expect(m.vector).toEqual([300, 400, 0]);
    expect(m.length).toBe(500);
    const inches = measurementOf([point([0, 0, 0]), point([0.3, 0.4, 0])], 'in');
    expect(inches.vector).toEqual([11.811, 15.748, 0]);
    expect(inches.length).toBe(19.685);
  });
});

describe('the click sequence', () => {
  it('takes two points, then a third click starts anew', () => {
    const a = point([0, 0, 0]);
    const b = point([1, 0, 0]);
    const c = point([2, 0, 0]);
    let points = nextPoints([], a);
    expect(points).toEqual([a]);
    points = nextPoints(points, b);
    expect(points).toEqual([a, b]);
    points = nextPoints(points, c);
    expect(points).toEqual([c]);
  });

  it('counts a pointer move only beyond 5 px', () => {
    expect(movedBeyond(10, 10, 13, 14)).toBe(false); // exactly 5 px
    expect(movedBeyond(10, 10, 13, 14.1)).toBe(true);
    expect(movedBeyond(0, 0, 0, 0)).toBe(false);
  });
});

describe('snapping within 0.02', () => {
  const box = {
    vertices: [0, 0, 0, 1, 0, 0, 1, 1, 0],
    edges: [0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0],
  };

  it('snaps to a vertex within the distance', () => {
    expect(snapPoint([0.99, 0.015, 0], box)).toEqual({ position: [1, 0, 0], snap: 'vertex' });
  });

  it('prefers a vertex to a nearer edge', () => {
    expect(snapPoint([0.985, 0.001, 0], box).snap).toBe('vertex');
  });

  it('snaps to the closest point of an edge when no vertex is near', () => {
    const r = snapPoint([0.5, 0.01, 0.005], box);
    expect(r.snap).toBe('edge');
    expect(r.position[0]).toBeCloseTo(0.5, 9);
    expect(r.position[1]).toBe(0);
  });

  it('stays on the surface beyond the distance', () => {
    expect(snapPoint([0.5, 0.5, 0], box)).toEqual({ position: [0.5, 0.5, 0], snap: 'surface' });
    expect(snapPoint([0.5, SNAP_DISTANCE + 0.001, 0], box).snap).toBe('surface');
  });

  it('clamps the closest point to the segment ends', () => {
    expect(closestPointOnSegment([-1, 1, 0], [0, 0, 0], [1, 0, 0])).toEqual([0, 0, 0]);
    expect(closestPointOnSegment([3, 1, 0], [0, 0, 0], [1, 0, 0])).toEqual([1, 0, 0]);
  });
});
