/** The small values every schema of the contract uses: stages, languages, units, wire dates (see schemas.ts). */
import * as z from 'zod/mini';
import { DISTANCE_UNITS, type DistanceUnit } from '../model/viewerVocabulary';

export const STAGES = ['new', 'approval', 'ready', 'production', 'installation', 'finished'] as const;
export const stageSchema = z.enum(STAGES);
export type Stage = z.infer<typeof stageSchema>;

export const LANGUAGES = ['en', 'fr'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export { DISTANCE_UNITS };
export type { DistanceUnit };
export const distanceUnitSchema = z.enum(DISTANCE_UNITS);

export { INCH_FRACTIONS, type InchFraction } from '../model/viewerVocabulary';
export const inchFractionSchema = z.union([z.literal(16), z.literal(32), z.literal(64)]);

/** Seconds since the epoch on the wire, a Date in the client. */
export const secondsDateSchema = z.pipe(
  z.number().check(z.nonnegative()),
  z.transform((seconds: number) => new Date(seconds * 1000)),
);
