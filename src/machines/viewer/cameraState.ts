/**
 * A camera placement as machines store it per notice step. It mirrors the engine's `CameraState`
 * structurally (machines may not import the engine), so the engine's value is accepted as is.
 */
import type { CameraView, Vec3 } from './viewerTypes';

export interface CameraState {
  version: 1;
  view: CameraView;
  position: Vec3;
  target: Vec3;
  /** Half of the visible height for orthographic views; null in the free view. */
  orthoHalfHeight: number | null;
}
