/** A conversion status's activity and the time left, in the user's language. */
import type { TranslationFunctions } from '../../i18n/i18n-types';
import type { UploadActivity } from '../../machines/upload/uploadSelectors';

export function activityLabel(LL: TranslationFunctions, activity: UploadActivity | null): string | null {
  if (!activity) return null;
  const t = LL.progress.activity;
  switch (activity.step) {
    case 'other':
      return activity.text;
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

/** The conversion's time left; 0 (its estimate passed while it goes on) says it is almost done. */
export function timeLeftLabel(LL: TranslationFunctions, seconds: number | undefined): string | null {
  if (seconds === undefined) return null;
  if (seconds <= 0) return LL.progress.activity.almostDone();
  return seconds < 90 ? LL.progress.activity.secondsLeft({ seconds }) : LL.progress.activity.minutesLeft({ minutes: Math.round(seconds / 60) });
}
