/** Distance units and conversions (SPEC §9: 1 m = 1000 mm = 39.3701 in; mm to 1 decimal, in to 3). */
import type { DistanceUnit } from '../viewerVocabulary';

const MM_PER_METRE = 1000;
const INCHES_PER_METRE = 39.3701;

export function metresTo(unit: DistanceUnit, metres: number): number {
  return unit === 'mm' ? metres * MM_PER_METRE : metres * INCHES_PER_METRE;
}

export function toMetres(unit: DistanceUnit, value: number): number {
  return unit === 'mm' ? value / MM_PER_METRE : value / INCHES_PER_METRE;
}

export function convertDistance(value: number, from: DistanceUnit, to: DistanceUnit): number {
  return from === to ? value : metresTo(to, toMetres(from, value));
}

export const UNIT_DECIMALS: Record<DistanceUnit, number> = { mm: 1, in: 3 };

export function roundForUnit(unit: DistanceUnit, value: number): number {
  const f = 10 ** UNIT_DECIMALS[unit];
  return Math.round(value * f) / f;
}

export function formatDistance(unit: DistanceUnit, value: number): string {
  return `${roundForUnit(unit, value).toFixed(UNIT_DECIMALS[unit])} ${unit}`;
}
