import { describe, expect, it } from 'vitest';
import { clampPosition, clipMax, clipPlaneOf, clipStep, offsetInMetres, positionInUnit } from '../../src/engine/clipping/clipMath';
import type { Bounds } from '../../src/engine/types';

const bounds: Bounds = { min: [-1, 0, 2], max: [1.5, 2.212, 2.6] };

describe('clipping position', () => {
  it('is clamped to 0..size', () => {
    expect(clampPosition(-3, 10)).toBe(0);
    expect(clampPosition(12, 10)).toBe(10);
    expect(clampPosition(4.2, 10)).toBe(4.2);
    expect(clampPosition(Number.NaN, 10)).toBe(0);
  });

  it('has the model size along the axis as maximum, in the unit', () => {
    expect(clipMax(bounds, 'x', 'mm')).toBe(2500);
    expect(clipMax(bounds, 'y', 'mm')).toBe(2212);
    expect(clipMax(bounds, 'z', 'in')).toBe(23.622);
    expect(clipStep('mm')).toBe(0.1);
    expect(clipStep('in')).toBe(0.001);
  });

  it('converts positions to metres from the minimum and back', () => {
    expect(offsetInMetres(1200, bounds, 'x', 'mm')).toBeCloseTo(1.2, 12);
    expect(offsetInMetres(99999, bounds, 'x', 'mm')).toBeCloseTo(2.5, 12);
    expect(offsetInMetres(-5, bounds, 'y', 'in')).toBe(0);
    expect(positionInUnit(0.6, bounds, 'z', 'in')).toBe(23.622);
    expect(positionInUnit(0.3, bounds, 'z', 'mm')).toBe(300);
  });
});

describe('clip plane', () => {
  const value = (p: { normal: readonly number[]; d: number }, x: number[]) => p.normal[0] * x[0] + p.normal[1] * x[1] + p.normal[2] * x[2] + p.d;

  it('removes what lies beyond the cut, or before it when inverted', () => {
    const plane = clipPlaneOf(bounds, 'x', 1, false); // cut at x = 0
    expect(value(plane, [0.5, 1, 2.3])).toBeGreaterThan(0); // discarded
    expect(value(plane, [-0.5, 1, 2.3])).toBeLessThan(0); // kept
    const inverted = clipPlaneOf(bounds, 'x', 1, true);
    expect(value(inverted, [0.5, 1, 2.3])).toBeLessThan(0);
    expect(value(inverted, [-0.5, 1, 2.3])).toBeGreaterThan(0);
  });

  it('cuts along the chosen axis from the model minimum', () => {
    const plane = clipPlaneOf(bounds, 'z', 0.1, false);
    expect(plane.normal).toEqual([0, 0, 1]);
    expect(value(plane, [0, 0, 2.1])).toBeCloseTo(0, 12);
  });
});
