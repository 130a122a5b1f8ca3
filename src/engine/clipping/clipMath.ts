/**
 * Clipping-plane maths as pure functions. The position is a distance from the model's minimum
 * along the axis, clamped to 0..size (SPEC §5), reported in mm or in with a step of 0.1 / 0.001.
 */
import { metresTo, roundForUnit, toMetres } from '../../model/units/units';
import type { Axis, Bounds, DistanceUnit, Vec3 } from '../types';

export const AXIS_INDEX: Record<Axis, 0 | 1 | 2> = { x: 0, y: 1, z: 2 };

export function clipStep(unit: DistanceUnit): number {
  return unit === 'mm' ? 0.1 : 0.001;
}

/** The model's size along `axis` in metres. */
export function sizeAlong(bounds: Bounds, axis: Axis): number {
  const i = AXIS_INDEX[axis];
  return Math.max(0, bounds.max[i] - bounds.min[i]);
}

/** The model's size along `axis` in `unit`, rounded to the unit's precision. */
export function clipMax(bounds: Bounds, axis: Axis, unit: DistanceUnit): number {
  return roundForUnit(unit, metresTo(unit, sizeAlong(bounds, axis)));
}

/** Clamps a position to 0..max; an unreadable value becomes 0. */
export function clampPosition(position: number, max: number): number {
  if (!Number.isFinite(position)) return 0;
  return Math.min(Math.max(position, 0), Math.max(max, 0));
}

/** A position in `unit` as an offset in metres from the model's minimum, clamped to the model. */
export function offsetInMetres(position: number, bounds: Bounds, axis: Axis, unit: DistanceUnit): number {
  const size = sizeAlong(bounds, axis);
  return Math.min(size, toMetres(unit, clampPosition(position, metresTo(unit, size))));
}

/** An offset in metres as a position in `unit`, rounded and clamped to 0..clipMax. */
export function positionInUnit(offset: number, bounds: Bounds, axis: Axis, unit: DistanceUnit): number {
  return clampPosition(roundForUnit(unit, metresTo(unit, offset)), clipMax(bounds, axis, unit));
}

export interface PlaneCoefficients {
  normal: Vec3;
  d: number;
}

/** A plane that clips nothing (the plane's values while clipping is off). */
export const NO_CLIP: PlaneCoefficients = { normal: [0, -1, 0], d: -1e9 };

/**
 * The plane for Babylon's `scene.clipPlane`, which discards points where dot(normal, p) + d > 0.
 * Not inverted keeps the part below the cut (min..cut); inverted keeps cut..max.
 */
export function clipPlaneOf(bounds: Bounds, axis: Axis, offset: number, inverted: boolean): PlaneCoefficients {
  const i = AXIS_INDEX[axis];
  const cut = bounds.min[i] + offset;
  const normal: [number, number, number] = [0, 0, 0];
  normal[i] = inverted ? -1 : 1;
  return { normal, d: inverted ? cut : -cut };
}
