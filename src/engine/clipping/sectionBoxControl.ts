/** The section box's state: on or off, its box in world metres, what it was put around, and its limits. */
import type { Bounds, SectionBoxSettings, SectionBoxState, SectionFace } from '../types';
import type { PlaneCoefficients } from './clipMath';
import { boxAround, intersectWithPlane, moveFace, SECTION_MARGIN, sectionPlanes } from './sectionBoxMath';

const EMPTY: Bounds = { min: [0, 0, 0], max: [0, 0, 0] };

export class SectionBoxControl {
  private enabled = false;
  private box: Bounds = EMPTY;
  private around: string[] | null = null;
  /** The model's box, a little larger: faces are dragged within it. */
  private limits: Bounds = EMPTY;

  /** A new model: off, around the whole model. */
  setModel(bounds: Bounds | null): void {
    this.limits = bounds ? boxAround(bounds, SECTION_MARGIN * 2) : EMPTY;
    this.box = bounds ? boxAround(bounds) : EMPTY;
    this.enabled = false;
    this.around = null;
  }

  set(settings: SectionBoxSettings): SectionBoxState {
    if (settings.enabled !== undefined) this.enabled = settings.enabled;
    if (settings.box) {
      let box = this.limits;
      for (const face of ['minX', 'minY', 'minZ'] as const) box = moveFace(box, face, settings.box.min['xyz'.indexOf(face[3].toLowerCase())], this.limits);
      for (const face of ['maxX', 'maxY', 'maxZ'] as const) box = moveFace(box, face, settings.box.max['xyz'.indexOf(face[3].toLowerCase())], this.limits);
      this.box = box;
    }
    return this.state();
  }

  /** Around `bounds` (of some parts, `ids`; null ids: the whole visible model), and on. */
  surround(bounds: Bounds, ids: string[] | null): SectionBoxState {
    this.set({ enabled: true, box: boxAround(bounds) });
    this.around = ids;
    return this.state();
  }

  moveFace(face: SectionFace, at: number): SectionBoxState {
    this.box = moveFace(this.box, face, at, this.limits);
    return this.state();
  }

  state(): SectionBoxState {
    return { enabled: this.enabled, box: { min: [...this.box.min], max: [...this.box.max] }, around: this.around ? [...this.around] : null };
  }

  /** The planes that cut: the box's six with SPEC's plane folded in, or SPEC's plane alone, or none. */
  planes(specPlane: PlaneCoefficients | null): PlaneCoefficients[] | null {
    if (this.enabled) return sectionPlanes(intersectWithPlane(this.box, specPlane));
    return specPlane ? [specPlane] : null;
  }
}
