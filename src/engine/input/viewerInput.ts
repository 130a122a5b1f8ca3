/**
 * The canvas's pointer input bound to the viewer: a click or tap selects (or places a measure
 * point while measuring), a held finger aims a measure point above itself, pinch and two-finger
 * pan move the camera, a double tap frames the tapped part, and hovering shows the point a click
 * would measure. The workshop tools take clicks and aims the same way, and a press on a section
 * box handle drags that face.
 */
import type { CameraControl } from '../camera/cameraControl';
import type { CameraRig } from '../camera/cameraRig';
import type { Emitter } from '../emitter';
import type { MeasureControl } from '../measure/measureControl';
import type { WorkshopTools } from '../measure/workshopTools';
import type { PartPicking } from '../parts/partPicking';
import type { PickEvent } from '../types';
import { TOUCH_AIM_OFFSET_PX, TOUCH_PICK_RADIUS_PX } from './pickOffsets';
import { PointerInput } from './pointerInput';

interface ViewerInputDeps {
  canvas: HTMLCanvasElement;
  rig: CameraRig;
  camera: CameraControl;
  picking: PartPicking;
  measure: MeasureControl;
  workshop: WorkshopTools;
  hasModel: () => boolean;
  onPick: Emitter<PickEvent>;
  requestRender: () => void;
}

export function bindViewerInput({ canvas, rig, camera, picking, measure, workshop, hasModel, onPick, requestRender }: ViewerInputDeps): PointerInput {
  const addMeasurePoint = (x: number, y: number, radius = 0) => {
    const point = picking.measurePoint(x, y, radius);
    if (point) measure.add(point);
  };
  return new PointerInput(canvas, {
    activity: requestRender,
    userMovedCamera: () => camera.markUserMoved(),
    // A finger covers several pixels: a tap looks around where it landed (TOUCH_PICK_RADIUS_PX).
    click: (x, y, kind) => {
      const radius = kind === 'touch' ? TOUCH_PICK_RADIUS_PX : 0;
      if (measure.active) addMeasurePoint(x, y, radius);
      else if (workshop.isActive()) workshop.click(x, y, radius);
      else onPick.emit(picking.pick(x, y, radius));
    },
    // Measuring by touch: a held finger aims a cross-hair above itself (the finger would hide the
    // point), the snapped point shows as it moves, and lifting the finger places it.
    aimWanted: () => (measure.active || workshop.aimsFaces()) && hasModel(),
    aim: (phase, x, y) => {
      const aimY = y - TOUCH_AIM_OFFSET_PX;
      if (phase === 'start') rig.camera.detachControl();
      if (phase === 'start' || phase === 'move') measure.hover(picking.measurePoint(x, aimY));
      if (phase === 'end' || phase === 'cancel') {
        measure.hover(null);
        rig.camera.attachControl(false);
      }
      if (phase === 'end' && measure.active) addMeasurePoint(x, aimY);
      else if (phase === 'end') workshop.click(x, aimY, 0);
      requestRender();
    },
    // The wheel zooms about the model's point under the cursor (else the view's centre plane there).
    wheel: (x, y, zoomIn) => {
      rig.wheelZoom(x, y, zoomIn, hasModel() ? picking.pick(x, y).point : null);
      requestRender();
    },
    pinch: (factor) => {
      rig.zoomBy(factor);
      requestRender();
    },
    pan: (dx, dy) => {
      rig.panBy(dx, dy);
      requestRender();
    },
    // A double tap frames the tapped part, as a double click zooms in a map.
    doubleTap: (x, y) => {
      if (measure.active || workshop.isActive() || !hasModel()) return;
      const { partId } = picking.pick(x, y, TOUCH_PICK_RADIUS_PX);
      if (!partId) return;
      camera.markUserMoved();
      camera.frame([partId], true);
    },
    // Measuring takes the clicks: the section box's handles are grabbed only when no measure is on.
    grab: (x, y, kind) => !measure.active && workshop.grab(x, y, kind === 'touch'),
    dragTo: (x, y) => {
      workshop.dragTo(x, y);
      requestRender();
    },
    release: () => workshop.release(),
    hover: (x, y) => {
      if (!(measure.active || workshop.aimsFaces()) || !hasModel()) return;
      measure.hover(picking.measurePoint(x, y));
      requestRender();
    },
  });
}
