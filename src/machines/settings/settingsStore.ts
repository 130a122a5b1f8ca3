/** The language, distance unit and fraction of an inch the user chose, kept in browser storage (versioned). */
import * as z from 'zod/mini';
import { distanceUnitSchema, inchFractionSchema, languageSchema } from '../../api/schemas';
import { persisted, type KeyValueStorage, type Persisted } from '../storage/persisted';

export const SETTINGS_KEY = 'cv.settings';
const SETTINGS_VERSION = 1;

export const storedSettingsSchema = z.object({
  language: z.optional(languageSchema),
  unit: z.optional(distanceUnitSchema),
  /** Added within version 1: an older stored value simply has none. */
  inchFraction: z.optional(inchFractionSchema),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

export function settingsStore(storage: KeyValueStorage): Persisted<StoredSettings> {
  return persisted(storage, SETTINGS_KEY, SETTINGS_VERSION, storedSettingsSchema);
}
