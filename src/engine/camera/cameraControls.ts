/** How the viewer camera answers the user's input: limits, sensitivities, inertia, and which of Babylon's inputs stay. */
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import type { ArcRotateCameraPointersInput } from '@babylonjs/core/Cameras/Inputs/arcRotateCameraPointersInput';
import { POLE_EPSILON } from './cameraMath';

export function configureControls(c: ArcRotateCamera): void {
  c.lowerBetaLimit = POLE_EPSILON;
  c.upperBetaLimit = Math.PI - POLE_EPSILON;
  c.lowerRadiusLimit = 0.01;
  c.pinchDeltaPercentage = 0.005;
  c.inertia = 0.8;
  c.panningInertia = 0.8;
  c.inputs.removeByType('ArcRotateCameraKeyboardMoveInput');
  // The wheel is ours (CameraRig.wheelZoom): it zooms about the model's point under the cursor.
  c.inputs.removeByType('ArcRotateCameraMouseWheelInput');
  // Two-finger pinches and pans are ours (zoomBy, panBy): Babylon's multi-touch input
  // accumulates into a movement system that does not reach this camera's radius or target.
  const pointers = c.inputs.attached.pointers as ArcRotateCameraPointersInput | undefined;
  if (pointers) {
    pointers.multiTouchPanAndZoom = false;
    pointers.multiTouchPanning = false;
    pointers.pinchZoom = false;
  }
}

/** True while inertia is still moving the camera. */
export const coasting = (c: ArcRotateCamera): boolean =>
  c.inertialAlphaOffset !== 0 || c.inertialBetaOffset !== 0 || c.inertialRadiusOffset !== 0 || c.inertialPanningX !== 0 || c.inertialPanningY !== 0;

/** Ends the inertia's movement, as a move of our own begins. */
export function stopInertia(c: ArcRotateCamera): void {
  c.inertialAlphaOffset = 0;
  c.inertialBetaOffset = 0;
  c.inertialRadiusOffset = 0;
  c.inertialPanningX = 0;
  c.inertialPanningY = 0;
}
