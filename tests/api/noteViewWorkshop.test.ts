/** A note's view keeps the section box and the kept workshop measures (issue 35); older views still read. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NOTE_VIEW_MAX_MEASURES, noteViewSchema } from '../../src/api/reviewSchemas';
import { noteWorkshopOf, workshopOfNote } from '../../src/machines/viewer/notes/workshopNoteView';

const base = {
  camera: { view: 'free', position: [1, 1, 1], target: [0, 0, 0], orthoHalfHeight: null },
  renderMode: 'solid',
  clipping: null,
  explode: 0,
  hidden: [],
  isolated: null,
  measurement: null,
};
const gap = {
  kind: 'faceDistance',
  value: 0.564,
  size: null,
  partIds: null,
  lines: [{ from: [0.018, 0.3, 0.3], to: [0.582, 0.3, 0.3], value: 0.564, kind: 'length' }],
};

describe('the note view with the workshop tools', () => {
  it('reads a view written before them', () => {
    expect(z.safeParse(noteViewSchema, base).success).toBe(true);
  });

  it('keeps the section box and the kept measures', () => {
    const view = { ...base, sectionBox: { min: [-0.002, -0.002, -0.002], max: [0.602, 0.822, 0.5], around: ['3'] }, keptMeasures: [gap] };
    const parsed = z.parse(noteViewSchema, view);
    expect(parsed.sectionBox?.around).toEqual(['3']);
    expect(parsed.keptMeasures?.[0].lines[0].value).toBe(0.564);
  });

  it('refuses what is not a measure or too many of them', () => {
    expect(z.safeParse(noteViewSchema, { ...base, keptMeasures: [{ ...gap, kind: 'volume' }] }).success).toBe(false);
    expect(z.safeParse(noteViewSchema, { ...base, keptMeasures: [{ ...gap, value: Number.NaN }] }).success).toBe(false);
    expect(z.safeParse(noteViewSchema, { ...base, keptMeasures: Array(NOTE_VIEW_MAX_MEASURES + 1).fill(gap) }).success).toBe(false);
  });
});

describe('from the engine to a note and back', () => {
  it('stores the box when on and the kept measures, and brings them back', () => {
    const face = { partId: '3', point: [0.018, 0.3, 0.3] as const, normal: [-1, 0, 0] as const, planePoint: [0.018, 0.3, 0.3] as const };
    const measure = { id: 'm3', kind: 'faceDistance' as const, faces: [face, { ...face, normal: [1, 0, 0] as const }], edges: [], value: 0.564, size: null, partIds: null, problem: null, lines: gap.lines as never };
    const box = { enabled: true, box: { min: [0, 0, 0] as const, max: [0.6, 0.8, 0.5] as const }, around: ['3'] };
    const stored = noteWorkshopOf(box, [measure]);
    expect(z.safeParse(noteViewSchema, { ...base, ...stored }).success).toBe(true);
    expect(noteWorkshopOf({ ...box, enabled: false }, []).sectionBox).toBeNull();
    const back = workshopOfNote(stored);
    expect(back.sectionBox).toEqual({ enabled: true, box: { min: [0, 0, 0], max: [0.6, 0.8, 0.5] }, around: ['3'] });
    expect(back.measures[0]).toMatchObject({ kind: 'faceDistance', value: 0.564, lines: gap.lines });
    expect(workshopOfNote({})).toEqual({ sectionBox: null, measures: [] });
  });
});
