/** The engine's smallest public types, shared by types.ts and workshopTypes.ts (no Babylon). */

export const CAMERA_VIEWS = ['free', 'top', 'bottom', 'left', 'right', 'front', 'back'] as const;
export type CameraView = (typeof CAMERA_VIEWS)[number];

export type Axis = 'x' | 'y' | 'z';

export type Vec3 = readonly [number, number, number];

/** Axis-aligned bounds in metres (model space: X width, Y up, Z towards the front). */
export interface Bounds {
  min: Vec3;
  max: Vec3;
}

/** A camera placement, stored per notice step and restored later. */
export interface CameraState {
  version: 1;
  view: CameraView;
  position: Vec3;
  target: Vec3;
  /** Half of the visible height for orthographic views; null in the free view. */
  orthoHalfHeight: number | null;
}

export type Unsubscribe = () => void;

export interface Subscribable<T> {
  subscribe(listener: (value: T) => void): Unsubscribe;
}

export interface AnimateOptions {
  /** Animate over 1000 ms (default true). */
  animate?: boolean;
}
