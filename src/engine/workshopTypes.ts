/**
 * The engine's workshop tools: the section box, the face, angle and overall measures, and the view
 * state a pinned note saves (their values are the viewer's vocabulary). Imports nothing from Babylon.
 */
import type { WorkshopPort } from '../model/enginePort';
import type { SectionBoxState, SectionFace, ViewState, WorkshopMeasure } from '../model/viewerVocabulary';

/** The engine's section box, workshop measures and view state (part of ViewerEngine): the machines' part and the rest. */
export interface WorkshopEngine extends WorkshopPort {
  /** Moves one face of the section box to `at` along its axis (world metres), as dragging its handle does. */
  moveSectionFace(face: SectionFace, at: number): SectionBoxState;
  /** A click of the workshop tool at canvas pixel (x, y): picks a face or an edge; returns the measure. */
  workshopMeasureAt(x: number, y: number): WorkshopMeasure | null;
  clearAllWorkshopMeasures(): void;
  /** The camera, section box and kept measures, to save with a pinned note. */
  getViewState(): ViewState;
}
