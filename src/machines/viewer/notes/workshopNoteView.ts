/**
 * The workshop part of a note's view (issue 35): the section box and the kept measures, from what
 * the engine reports to what a note stores, and back to what the engine restores
 * (`ViewerEngine.setViewState`). Ids and picked faces are the engine's own and are not stored.
 */
import type { NoteView } from '../../../api/reviewSchemas';
import type { SectionBoxState, WorkshopMeasure } from '../viewerTypes';

type NoteWorkshop = Pick<NoteView, 'sectionBox' | 'keptMeasures'>;

export function noteWorkshopOf(sectionBox: SectionBoxState | null, kept: readonly WorkshopMeasure[]): Required<NoteWorkshop> {
  return {
    sectionBox: sectionBox?.enabled ? { min: [...sectionBox.box.min], max: [...sectionBox.box.max], around: sectionBox.around ? [...sectionBox.around] : null } : null,
    keptMeasures: kept.slice(-50).map((m) => ({
      kind: m.kind,
      value: m.value,
      size: m.size ? [...m.size] : null,
      partIds: m.partIds ? [...m.partIds] : null,
      lines: m.lines.slice(0, 6).map((l) => ({ from: [...l.from], to: [...l.to], value: l.value, kind: l.kind, ...(l.axis ? { axis: l.axis } : {}) })),
    })),
  };
}

/** The section box and kept measures a note's view brings back (none for a view written before them). */
export function workshopOfNote(view: NoteWorkshop): { sectionBox: SectionBoxState | null; measures: WorkshopMeasure[] } {
  const box = view.sectionBox ?? null;
  return {
    sectionBox: box ? { enabled: true, box: { min: box.min, max: box.max }, around: box.around } : null,
    measures: (view.keptMeasures ?? []).map((m, i) => ({ id: `n${i + 1}`, faces: [], edges: [], problem: null, ...m })),
  };
}
