/** Flat models face the camera; dark parts stay visible on the dark background. */
import { describe, expect, it } from 'vitest';
import { flatAxis } from '../../src/model/flatModel';
import { luminance, MIN_PART_LUMINANCE, visiblePartColour } from '../../src/model/parts/partColour';

describe('a flat model', () => {
  it('is one whose thinnest extent is at most a hundredth of its largest, along that axis', () => {
    expect(flatAxis([0, 0, 0], [2, 0, 1])).toBe(1); // a drawing lying flat
    expect(flatAxis([0, 0, 0], [2, 1, 0.005])).toBe(2); // a sheet standing, facing the front
    expect(flatAxis([0, 0, 0], [0.01, 1, 2])).toBe(0);
    expect(flatAxis([0, 0, 0], [0.72, 0.018, 0.56])).toBeNull(); // an 18 mm panel is a solid
    expect(flatAxis([0, 0, 0], [0, 0, 0])).toBeNull();
    expect(flatAxis([Infinity, Infinity, Infinity], [-Infinity, -Infinity, -Infinity])).toBeNull();
  });
});

describe('a part colour', () => {
  it('too dark for the background is lifted to the least luminance, keeping its hue', () => {
    const black = visiblePartColour([0, 0, 0]);
    expect(luminance(black)).toBeCloseTo(MIN_PART_LUMINANCE, 6);
    const navy = visiblePartColour([0, 0, 0.05]);
    expect(luminance(navy)).toBeCloseTo(MIN_PART_LUMINANCE, 6);
    expect(navy[2]).toBeGreaterThan(navy[0]);
  });

  it('light enough is left as it is', () => {
    expect(visiblePartColour([0.8, 0.1, 0.1])).toEqual([0.8, 0.1, 0.1]);
    expect(visiblePartColour([1, 1, 1])).toEqual([1, 1, 1]);
  });
});
