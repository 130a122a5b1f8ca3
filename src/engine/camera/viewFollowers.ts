/**
 * What follows the camera's view: the key light (from the viewer's eye, a little above it) and
 * the orientation gizmo with its `onOrientation` observers.
 */
import type { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Emitter } from '../emitter';
import type { AxesOrientation } from '../types';
import type { CameraRig } from './cameraRig';
import { keyDirectionOf } from '../../model/viewLook';
import { axesFromView, drawOrientationGizmo } from './orientationGizmo';


export function followView(rig: CameraRig, keyLight: Vector3, onOrientation: Emitter<AxesOrientation>) {
  let gizmoCanvas: HTMLCanvasElement | null = null;
  const orientation = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };
  const axes = () => orientation as unknown as AxesOrientation;
  rig.camera.onViewMatrixChangedObservable.add(() => {
    const c = rig.camera;
    const key = keyDirectionOf([c.target.x - c.position.x, c.target.y - c.position.y, c.target.z - c.position.z]);
    keyLight.set(key[0], key[1], key[2]);
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
