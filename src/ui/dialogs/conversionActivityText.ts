/** A conversion status's activity and the time left, in the user's language. */
import { parseActivity } from '../../api/conversionActivity';
import type { TranslationFunctions } from '../../i18n/i18n-types';

export function activityLabel(LL: TranslationFunctions, text: string | null): string | null {
  if (!text) return null;
  const activity = parseActivity(text);
  const t = LL.progress.activity;
  if (!activity) return text;
  switch (activity.step) {
    case 'reading':
      return activity.percent === undefined ? t.reading({ format: activity.format }) : t.readingShare({ format: activity.format, percent: activity.percent });
    case 'findingParts':
      return t.findingParts({ percent: activity.percent });
    case 'readingParts':
      return t.readingParts({ done: activity.done, total: activity.total });
    default:
      return t[activity.step]();
  }
}

export function timeLeftLabel(LL: TranslationFunctions, seconds: number | undefined): string | null {
  if (seconds === undefined) return null;
  return seconds < 90 ? LL.progress.activity.secondsLeft({ seconds }) : LL.progress.activity.minutesLeft({ minutes: Math.round(seconds / 60) });
}
