/**
 * The review's reach into the engine (bound to a screen's engine slot): it captures the viewer's
 * view for a note (camera, render mode, clipping, exploded factor, hidden or isolated parts,
 * measurement), brings a note's view back, waits for the tap that pins a note, and tells the
 * review when the user moves away from a note's view (its markup no longer matches the picture).
 *
 * Commands (from the review machine): `pick` (on or off), `capture`, `show`.
 * Events sent back: `review.pinned`, `review.captured`, `review.viewLeft`.
 */
import { fromCallback } from 'xstate';
import { NOTE_VIEW_MAX_PARTS, type NotePin, type NoteView } from '../../../api/schemas';
import { convertDistance } from '../../../model/units/units';
import type { EnginePort, EngineSlot } from '../load/enginePort';
import type { Vec3 } from '../viewerTypes';
import { noteWorkshopOf, workshopOfNote } from '../notes/workshopNoteView';

export type ReviewEngineCommand = { type: 'pick'; active: boolean } | { type: 'capture' } | { type: 'show'; view: NoteView };
export type ReviewEngineEvent =
  | { type: 'review.pinned'; pin: NotePin }
  | { type: 'review.captured'; view: NoteView | null }
  | { type: 'review.viewLeft' };

const round = (v: number) => Math.round(v * 1e6) / 1e6;
const vec = (v: readonly number[]): [number, number, number] => [round(v[0]), round(v[1]), round(v[2])];

/**
 * The hidden parts, or the isolated ones when fewer are shown than hidden (one cabinet of a whole
 * job isolated names that cabinet's parts, not the thousands around it).
 */
export function visibilityOfView(parts: { shown: readonly string[]; hidden: readonly string[] }): Pick<NoteView, 'hidden' | 'isolated'> {
  if (parts.hidden.length === 0) return { hidden: [], isolated: null };
  if (parts.shown.length < parts.hidden.length) return { hidden: [], isolated: parts.shown.slice(0, NOTE_VIEW_MAX_PARTS) };
  return { hidden: parts.hidden.slice(0, NOTE_VIEW_MAX_PARTS), isolated: null };
}

/** The engine's view as a note keeps it. */
export function captureView(engine: EnginePort): NoteView {
  const camera = engine.getCameraState();
  const clipping = engine.getClipping();
  const points = engine.getMeasurement().points as ReadonlyArray<{ position: Vec3 }>;
  return {
    camera: { view: camera.view, position: vec(camera.position), target: vec(camera.target), orthoHalfHeight: camera.orthoHalfHeight },
    renderMode: engine.getRenderMode(),
    clipping: clipping.enabled
      ? { axis: clipping.axis, inverted: clipping.inverted, position: Math.max(0, Math.round(convertDistance(clipping.position, clipping.unit, 'mm') * 10) / 10) }
      : null,
    explode: Math.min(1, Math.max(0, engine.getExplode())),
    ...visibilityOfView(engine.getPartVisibility()),
    measurement: points.length === 2 ? { a: vec(points[0].position), b: vec(points[1].position) } : null,
    // The section box and the workshop measures kept on screen.
    ...noteWorkshopOf(engine.getSectionBox(), engine.getWorkshopMeasures().kept),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Brings a note's view back: what is shown first, then the camera (animated) onto it. Given the
 * view shown before (`previous`, a presenter's stream of views), only what changed is applied, and
 * the camera glides over `durationMs` instead of the engine's usual second.
 */
export function showView(engine: EnginePort, view: NoteView, { previous = null, durationMs }: { previous?: NoteView | null; durationMs?: number } = {}): void {
  if (!previous || previous.explode !== view.explode) engine.setExplode(view.explode);
  if (!previous || !same([previous.hidden, previous.isolated], [view.hidden, view.isolated])) {
    if (view.isolated) engine.isolate(view.isolated, { moveCamera: false });
    else {
      engine.showAll();
      if (view.hidden.length > 0) engine.hide(view.hidden);
    }
  }
  if (!previous || previous.renderMode !== view.renderMode) engine.setRenderMode(view.renderMode);
  if (!previous || !same(previous.clipping, view.clipping)) {
    const unit = engine.getClipping().unit;
    engine.setClipping(
      view.clipping
        ? { enabled: true, axis: view.clipping.axis, inverted: view.clipping.inverted, position: convertDistance(view.clipping.position, 'mm', unit) }
        : { enabled: false },
    );
  }
  if (!previous || !same(previous.measurement, view.measurement)) engine.showMeasurement(view.measurement ? [view.measurement.a, view.measurement.b] : null);
  // The camera with the section box and the kept measures (none for a note written before them).
  const camera = { version: 1 as const, ...view.camera };
  const glide: [] | [{ durationMs: number }] = durationMs === undefined ? [] : [{ durationMs }];
  if (!previous || !same([previous.sectionBox, previous.keptMeasures], [view.sectionBox, view.keptMeasures])) {
    const { sectionBox, measures } = workshopOfNote(view);
    engine.setViewState({ version: 1, camera, sectionBox, measures }, ...glide);
  } else if (!same(previous.camera, view.camera)) engine.setCameraState(camera, ...glide);
}

export function createReviewEngineActor(slot: EngineSlot) {
  return fromCallback<ReviewEngineCommand>(({ sendBack, receive }) => {
    let picking = false;
    /** A note's view is on screen: the user's next move leaves it. */
    let showing = false;
    let stopped = false;
    const subscriptions: Array<() => void> = [];
    let pending: ReviewEngineCommand[] = [];
    const apply = (engine: EnginePort, command: ReviewEngineCommand) => {
      if (command.type === 'pick') picking = command.active;
      else if (command.type === 'capture') sendBack({ type: 'review.captured', view: engine.getModel() ? captureView(engine) : null });
      else {
        showView(engine, command.view);
        showing = true;
      }
    };
    receive((command) => {
      const engine = slot.get();
      // Without an engine a capture answers at once (the note goes without a view), others wait for it.
      if (!engine && command.type === 'capture') sendBack({ type: 'review.captured', view: null });
      else if (!engine) pending.push(command);
      else apply(engine, command);
    });
    void slot.ready().then(
      (engine) => {
        if (stopped) return;
        subscriptions.push(
          engine.onPick.subscribe(({ partId, point }) => {
            if (!picking || !point) return;
            picking = false;
            const name = partId === null ? null : (engine.getModel()?.tree.nodes[partId]?.name ?? null);
            sendBack({ type: 'review.pinned', pin: { point: vec(point), partId, partName: name === null ? null : name.slice(0, 300) } });
          }),
          engine.onUserCameraMove.subscribe(() => {
            if (!showing) return;
            showing = false;
            sendBack({ type: 'review.viewLeft' });
          }),
        );
        for (const command of pending) apply(engine, command);
        pending = [];
      },
      () => {},
    );
    return () => {
      stopped = true;
      subscriptions.forEach((unsubscribe) => unsubscribe());
    };
  });
}
