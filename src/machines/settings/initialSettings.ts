/**
 * Where the settings start (SPEC §3): language from the stored choice, else the browser
 * language, else English; distance unit from the stored choice, else millimeters; the fraction of
 * an inch from the stored choice, else none (1/16).
 */
import { LANGUAGES, type DistanceUnit, type InchFraction, type Language } from '../../api/schemas';
import type { StoredSettings } from './settingsStore';

const DEFAULT_LANGUAGE: Language = 'en';
const DEFAULT_UNIT: DistanceUnit = 'mm';

/** The first supported language among the browser's preferences ('fr-CA' counts as 'fr'). */
export function browserLanguage(preferences: readonly string[]): Language | null {
  for (const tag of preferences) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((l) => l === primary);
    if (match) return match;
  }
  return null;
}

export function initialSettings(
  stored: StoredSettings | null,
  browserPreferences: readonly string[],
): { language: Language; unit: DistanceUnit; inchFraction: InchFraction | null } {
  return {
    language: stored?.language ?? browserLanguage(browserPreferences) ?? DEFAULT_LANGUAGE,
    unit: stored?.unit ?? DEFAULT_UNIT,
    inchFraction: stored?.inchFraction ?? null,
  };
}
