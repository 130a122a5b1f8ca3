import { describe, expect, it } from 'vitest';
import { activityText, parseActivity, type ConversionActivity } from '../../src/api/conversionActivity';

describe('conversion activities', () => {
  const cases: Array<[ConversionActivity, string]> = [
    [{ step: 'checking' }, 'Checking the file'],
    [{ step: 'unpacking' }, 'Unpacking the file'],
    [{ step: 'reading', format: 'STEP' }, 'Reading the STEP file'],
    [{ step: 'reading', format: 'DXF', percent: 40 }, 'Reading the DXF file: 40 %'],
    [{ step: 'findingParts', percent: 7 }, 'Finding the distinct parts: 7 %'],
    [{ step: 'readingParts', done: 12, total: 139 }, 'Reading parts: 12 of 139'],
    [{ step: 'sharing' }, 'Sharing repeated parts'],
    [{ step: 'compressing' }, 'Compressing the geometry'],
    [{ step: 'poster' }, 'Drawing the poster'],
    [{ step: 'done' }, 'Conversion done'],
    [{ step: 'saving' }, 'Saving the project'],
  ];
  it.each(cases)('%j is written as the status text and read back', (activity, text) => {
    expect(activityText(activity)).toBe(text);
    expect(parseActivity(text)).toEqual(activity);
  });

  it('an unknown text is not an activity', () => {
    expect(parseActivity('Reading parts: 3 of')).toBeUndefined();
    expect(parseActivity('')).toBeUndefined();
  });
});
