/**
 * What follows the camera's view: the key light (from the viewer's eye, a little above it) and
 * the orientation gizmo with its `onOrientation` observers.
 */
import type { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Emitter } from '../emitter';
import type { AxesOrientation } from '../types';
import type { CameraRig } from './cameraRig';
import { KEY_LIGHT_RAISE } from './cameraMath';
import { axesFromView, drawOrientationGizmo } from './orientationGizmo';


export function followView(rig: CameraRig, keyLight: Vector3, onOrientation: Emitter<AxesOrientation>) {
  let gizmoCanvas: HTMLCanvasElement | null = null;
  const orientation = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };
  const axes = () => orientation as unknown as AxesOrientation;
  rig.camera.onViewMatrixChangedObservable.add(() => {
    const c = rig.camera;
    keyLight.copyFrom(c.target).subtractInPlace(c.position).normalize();
    keyLight.y -= KEY_LIGHT_RAISE;
    keyLight.normalize();
    if (onOrientation.size > 0 || gizmoCanvas) {
      axesFromView(c.getViewMatrix().m, orientation);
      if (gizmoCanvas) drawOrientationGizmo(gizmoCanvas, axes());
      onOrientation.emit(axes());
    }
  });
  return {
    setGizmo(next: HTMLCanvasElement | null): void {
      gizmoCanvas = next;
      if (!next) return;
      axesFromView(rig.camera.getViewMatrix().m, orientation);
      drawOrientationGizmo(next, axes());
    },
  };
}
