/**
 * The engine's workshop tools: the section box, the face, angle and overall measures, and the view
 * state a pinned note saves (their values are the viewer's vocabulary). Imports nothing from Babylon.
 */
import type {
  AnimateOptions,
  LengthFormat,
  SectionBoxSettings,
  SectionBoxState,
  SectionFace,
  Subscribable,
  ViewState,
  WorkshopMeasure,
  WorkshopMeasureKind,
  WorkshopMeasures,
} from '../model/viewerVocabulary';

/** The engine's section box, workshop measures and view state (part of ViewerEngine). */
export interface WorkshopEngine {
  readonly onSectionBoxChange: Subscribable<SectionBoxState>;
  readonly onWorkshopMeasures: Subscribable<WorkshopMeasures>;

  /** Turns the section box on or off or sets its box (clamped to the model, at least 1 mm thick). */
  setSectionBox(settings: SectionBoxSettings): SectionBoxState;
  /**
   * Puts the section box around these parts (and their descendants), or around the visible model,
   * and turns it on; `wholeCabinet` widens each part to its cabinet (its top-level group): "cut
   * around this cabinet" from any of its parts.
   */
  sectionAround(ids?: readonly string[], options?: { wholeCabinet?: boolean }): SectionBoxState;
  getSectionBox(): SectionBoxState;
  /** Moves one face of the section box to `at` along its axis (world metres), as dragging its handle does. */
  moveSectionFace(face: SectionFace, at: number): SectionBoxState;

  /** The workshop measure tool clicks use (null: none; the point measure keeps its own switch). */
  setWorkshopTool(tool: WorkshopMeasureKind | null): void;
  /** A click of the workshop tool at canvas pixel (x, y): picks a face or an edge; returns the measure. */
  workshopMeasureAt(x: number, y: number): WorkshopMeasure | null;
  /** Overall dimensions of these parts (and descendants; `wholeCabinet`: of their cabinets), or of the visible model; becomes the current measure. */
  measureOverall(ids?: readonly string[], options?: { wholeCabinet?: boolean }): WorkshopMeasure | null;
  /** Keeps the current workshop measure on screen; returns its id. */
  keepMeasure(): string | null;
  /** Clears one kept measure, or the current one with its id; without an id clears the current one. */
  clearWorkshopMeasure(id?: string): void;
  clearAllWorkshopMeasures(): void;
  getWorkshopMeasures(): WorkshopMeasures;
  /** How measures are reported in texts: mm or inch fractions (the engine reports metres and degrees). */
  setLengthFormat(format: LengthFormat): void;

  /** The camera, section box and kept measures, to save with a pinned note. */
  getViewState(): ViewState;
  setViewState(state: ViewState, options?: AnimateOptions): void;
}
