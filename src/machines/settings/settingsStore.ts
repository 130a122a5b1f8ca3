/** The language and distance unit the user chose, kept in browser storage (versioned). */
import * as z from 'zod/mini';
import { distanceUnitSchema, languageSchema } from '../../api/schemas';
import { persisted, type KeyValueStorage, type Persisted } from '../storage/persisted';

export const SETTINGS_KEY = 'cv.settings';
export const SETTINGS_VERSION = 1;

export const storedSettingsSchema = z.object({
  language: z.optional(languageSchema),
  unit: z.optional(distanceUnitSchema),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

export function settingsStore(storage: KeyValueStorage): Persisted<StoredSettings> {
  return persisted(storage, SETTINGS_KEY, SETTINGS_VERSION, storedSettingsSchema);
}
