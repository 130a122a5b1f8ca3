/**
 * The workshop tools of the engine: the section box (with SPEC's clipping plane folded into the
 * scene's clip planes and the cut filled), the face, angle and overall measures with kept ones,
 * and the view state a pinned note saves. Composed by createViewerEngine.
 */
import type { Scene } from '@babylonjs/core/scene';
import type { CameraControl } from '../camera/cameraControl';
import type { CameraRig } from '../camera/cameraRig';
import type { ClippingControl } from '../clipping/clippingControl';
import { SceneClipPlanes } from '../clipping/clipPlanes';
import { dragAlongAxis, faceAxis } from '../clipping/sectionBoxMath';
import { SectionBoxControl } from '../clipping/sectionBoxControl';
import { GRAB_PX, SectionHandles, TOUCH_GRAB_PX } from '../clipping/sectionHandles';
import { Emitter } from '../emitter';
import type { PartPicking } from '../parts/partPicking';
import type { ModelView } from '../scene/modelView';
import type { Bounds, LengthFormat, SectionBoxState, SectionFace, Vec3, ViewState, WorkshopEngine, WorkshopMeasure, WorkshopMeasureKind, WorkshopMeasures } from '../types';
import { DimensionLines } from './dimensionLines';
import { emptyMeasure, overallMeasure, withPick } from './workshopMeasure';

interface WorkshopDeps {
  scene: Scene;
  rig: CameraRig;
  camera: CameraControl;
  clipping: ClippingControl;
  model: () => ModelView | null;
  requestRender: () => void;
}

export function createWorkshopTools({ scene, rig, camera, clipping, model, requestRender }: WorkshopDeps) {
  const box = new SectionBoxControl();
  const planes = new SceneClipPlanes(scene);
  const handles = new SectionHandles(scene, rig.camera);
  const lines = new DimensionLines(scene);
  const onSectionBoxChange = new Emitter<SectionBoxState>();
  const onWorkshopMeasures = new Emitter<WorkshopMeasures>();
  let tool: WorkshopMeasureKind | null = null;
  let current: WorkshopMeasure | null = null;
  let kept: WorkshopMeasure[] = [];
  let format: LengthFormat = 'mm';
  let counter = 0;
  const nextId = () => `m${++counter}`;
  let drag: { face: SectionFace; grabOffset: number } | null = null;

  const clipPlanes = () => box.planes(clipping.coefficients());
  const measures = (): WorkshopMeasures => ({ tool, current, kept: [...kept], format });

  function applyClip(): void {
    planes.apply(clipPlanes());
    const state = box.state();
    // While a measure tool takes the clicks, the handles are neither shown nor grabbed.
    handles.show(state.enabled && !tool ? state.box : null);
    requestRender();
  }

  function boxChanged(): SectionBoxState {
    applyClip();
    const state = box.state();
    onSectionBoxChange.emit(state);
    return state;
  }

  function measuresChanged(): void {
    lines.show([...kept, ...(current ? [current] : [])].flatMap((m) => m.lines));
    onWorkshopMeasures.emit(measures());
    requestRender();
  }

  function boundsFor(ids?: readonly string[]): { bounds: Bounds; ids: string[] | null } | null {
    const view = model();
    if (!view) return null;
    const bounds = ids && ids.length > 0 ? view.boundsOf(view.partsOf(ids)) : view.boundsOf();
    return bounds ? { bounds, ids: ids && ids.length > 0 ? [...ids] : null } : null;
  }

  const api: WorkshopEngine = {
    onSectionBoxChange,
    onWorkshopMeasures,
    setSectionBox: (settings) => {
      box.set(settings);
      return boxChanged();
    },
    sectionAround(ids, { wholeCabinet = false, frame = false } = {}) {
      const found = boundsFor(wholeCabinet && ids ? [...new Set(ids.map(cabinetOf))] : ids);
      if (!found) return box.state();
      box.surround(found.bounds, found.ids);
      const state = boxChanged();
      // Measures that reach outside the new box measured what it cuts away: their labels would float in empty space.
      const inside = (m: WorkshopMeasure) => m.lines.every((line) => insideBox(state.box, line.from) && insideBox(state.box, line.to));
      if ((current && !inside(current)) || kept.some((m) => !inside(m))) {
        if (current && !inside(current)) current = null;
        kept = kept.filter(inside);
        measuresChanged();
      }
      if (frame) camera.frameBox(state.box, true);
      return state;
    },
    getSectionBox: () => box.state(),
    moveSectionFace(face, at) {
      box.moveFace(face, at);
      return boxChanged();
    },

    setWorkshopTool(next) {
      tool = next;
      applyClip();
      if (current && current.kind !== next && current.value === null && current.size === null) current = null;
      measuresChanged();
    },
    workshopMeasureAt: (x, y) => click(x, y, 0),
    measureOverall(ids, { wholeCabinet = false } = {}) {
      const found = boundsFor(wholeCabinet && ids ? [...new Set(ids.map(cabinetOf))] : ids);
      if (!found) return null;
      current = overallMeasure(nextId(), found.bounds, found.ids);
      measuresChanged();
      return current;
    },
    keepMeasure() {
      if (!current || (current.value === null && current.size === null)) return null;
      kept = [...kept, current];
      const id = current.id;
      current = null;
      measuresChanged();
      return id;
    },
    clearWorkshopMeasure(id) {
      if (id === undefined || current?.id === id) current = null;
      else kept = kept.filter((m) => m.id !== id);
      measuresChanged();
    },
    clearAllWorkshopMeasures() {
      current = null;
      kept = [];
      measuresChanged();
    },
    getWorkshopMeasures: measures,
    setLengthFormat(next) {
      format = next;
      onWorkshopMeasures.emit(measures());
    },

    getViewState: (): ViewState => {
      const state = box.state();
      return { version: 1, camera: rig.getState(), sectionBox: state.enabled ? state : null, measures: [...kept] };
    },
    setViewState(state, { animate = true, durationMs } = {}) {
      camera.setState(state.camera, animate, durationMs);
      box.set(state.sectionBox ? { enabled: true, box: state.sectionBox.box } : { enabled: false });
      boxChanged();
      kept = state.measures.map((m) => ({ ...m }));
      counter = Math.max(counter, ...kept.map((m) => Number(m.id.slice(1)) || 0));
      current = null;
      measuresChanged();
    },
  };

  /** A click (or a finger's aim) of the workshop tool at canvas pixel (x, y). */
  function click(x: number, y: number, radius: number): WorkshopMeasure | null {
    if (!tool) return null;
    if (tool === 'overall') {
      const part = picking?.pick(x, y, radius).partId;
      return api.measureOverall(part ? [part] : undefined, { wholeCabinet: true });
    }
    const edge = tool === 'angle' ? picking?.edgeAt(x, y, radius) : null;
    const face = edge ? null : picking?.faceAt(x, y, radius);
    if (!edge && !face) return current;
    const base = current && current.kind === tool ? current : emptyMeasure(nextId(), tool);
    current = withPick(base, edge ? { edge } : { face: face! }, nextId());
    measuresChanged();
    return current;
  }

  /** Overall dimensions of a clicked part measure its cabinet (its top-level group), as a joiner sizes a run. */
  function cabinetOf(partId: string): string {
    const tree = model()?.info.tree;
    if (!tree) return partId;
    let id = partId;
    while (tree.nodes[id]?.parent && tree.nodes[tree.nodes[id].parent!]?.parent) id = tree.nodes[id].parent!;
    return id;
  }

  let picking: PartPicking | null = null;

  return {
    api,
    clipPlanes,
    /** The picking the clicks use (made after the tools, which it needs for the clip planes). */
    usePicking(next: PartPicking) {
      picking = next;
    },
    click,
    isActive: () => tool !== null,
    aimsFaces: () => tool === 'faceDistance' || tool === 'angle',
    /** A press on a section handle starts dragging that face; true when it did. */
    grab(x: number, y: number, touch: boolean): boolean {
      const state = box.state();
      if (!state.enabled || tool) return false;
      const face = handles.faceAt(x, y, touch ? TOUCH_GRAB_PX : GRAB_PX, (p) => camera.project(p));
      if (!face || !picking) return false;
      const at = dragTarget(face, x, y);
      const i = faceAxis(face);
      const current = face.startsWith('max') ? state.box.max[i] : state.box.min[i];
      drag = { face, grabOffset: at === null ? 0 : current - at };
      rig.camera.detachControl();
      return true;
    },
    dragTo(x: number, y: number): void {
      if (!drag) return;
      const at = dragTarget(drag.face, x, y);
      if (at !== null) api.moveSectionFace(drag.face, at + drag.grabOffset);
    },
    release(): void {
      if (!drag) return;
      drag = null;
      rig.camera.attachControl(false);
    },
    modelLoaded(bounds: Bounds | null): void {
      box.setModel(bounds);
      current = null;
      kept = [];
      planes.refresh();
      boxChanged();
      measuresChanged();
    },
    /** SPEC's plane changed: re-fold it into the scene's planes. */
    clippingChanged: applyClip,
    /** Measures taken before an explode no longer match the parts. */
    geometryMoved(): void {
      current = null;
      kept = [];
      measuresChanged();
    },
    update: () => handles.update(),
    dispose(): void {
      handles.dispose();
      lines.dispose();
      onSectionBoxChange.clear();
      onWorkshopMeasures.clear();
    },
  };

  function dragTarget(face: SectionFace, x: number, y: number): number | null {
    const state = box.state();
    const i = faceAxis(face);
    const anchor = [0, 1, 2].map((k) => (state.box.min[k] + state.box.max[k]) / 2) as unknown as [number, number, number];
    const { origin, direction } = picking!.ray(x, y);
    return dragAlongAxis(anchor, i, origin, direction);
  }
}

/** Whether a point lies in a box, to a tenth of a millimetre. */
function insideBox(bounds: Bounds, point: Vec3): boolean {
  const tolerance = 1e-4;
  return point.every((v, i) => v >= bounds.min[i] - tolerance && v <= bounds.max[i] + tolerance);
}

export type WorkshopTools = ReturnType<typeof createWorkshopTools>;
