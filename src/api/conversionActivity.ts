/**
 * The conversion's steps as the upload socket's status messages name them (SPEC: status with a
 * progress number and an activity string). The server writes them in English with
 * `activityText`; the app reads them back with `parseActivity` and shows them in the user's
 * language. An activity the app does not know is shown as it came.
 */
export type ConversionActivity =
  | { step: 'checking' }
  | { step: 'unpacking' }
  | { step: 'reading'; format: string; percent?: number }
  | { step: 'findingParts'; percent: number }
  | { step: 'readingParts'; done: number; total: number }
  | { step: 'sharing' }
  | { step: 'compressing' }
  | { step: 'poster' }
  | { step: 'done' }
  | { step: 'saving' }
  /** The worker converting it stopped answering: another one starts it again. */
  | { step: 'restarted' };

const FIXED = {
  checking: 'Checking the file',
  unpacking: 'Unpacking the file',
  sharing: 'Sharing repeated parts',
  compressing: 'Compressing the geometry',
  poster: 'Drawing the poster',
  done: 'Conversion done',
  saving: 'Saving the project',
  restarted: 'The conversion restarted on another worker',
} as const;

export function activityText(activity: ConversionActivity): string {
  switch (activity.step) {
    case 'reading':
      return activity.percent === undefined ? `Reading the ${activity.format} file` : `Reading the ${activity.format} file: ${activity.percent} %`;
    case 'findingParts':
      return `Finding the distinct parts: ${activity.percent} %`;
    case 'readingParts':
      return `Reading parts: ${activity.done} of ${activity.total}`;
    default:
      return FIXED[activity.step];
  }
}

export function parseActivity(text: string): ConversionActivity | undefined {
  for (const [step, fixed] of Object.entries(FIXED)) if (text === fixed) return { step } as ConversionActivity;
  let m = /^Reading the (\w+) file(?:: (\d+) %)?$/.exec(text);
  if (m) return m[2] === undefined ? { step: 'reading', format: m[1] } : { step: 'reading', format: m[1], percent: Number(m[2]) };
  m = /^Finding the distinct parts: (\d+) %$/.exec(text);
  if (m) return { step: 'findingParts', percent: Number(m[1]) };
  m = /^Reading parts: (\d+) of (\d+)$/.exec(text);
  if (m) return { step: 'readingParts', done: Number(m[1]), total: Number(m[2]) };
  return undefined;
}
