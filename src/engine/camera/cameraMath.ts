/**
 * Camera constants (SPEC §9) and framing maths as pure functions. Angles follow Babylon's
 * ArcRotateCamera: the camera sits at target + radius * (cos a sin b, cos b, sin a sin b).
 */
import { FREE_ANGLES, POLE_EPSILON, VIEW_ANGLES, VIEW_FOV_DEG, directionOf, openingAngles, type ViewAngles } from '../../model/viewLook';
import type { Bounds, CameraView, Vec3 } from '../types';

/** The opening view's angles and the key light live with the poster's and the first frame's (model/viewLook). */
export { FREE_ANGLES, POLE_EPSILON, VIEW_ANGLES, directionOf, openingAngles, type ViewAngles };

export interface CameraSettings {
  fovDeg: number;
  near: number;
  far: number;
  /** Added to the half height of orthographic views, in metres. */
  orthoOffset: number;
}

export const CAMERA_SETTINGS: CameraSettings = { fovDeg: VIEW_FOV_DEG, near: 0.1, far: 100, orthoOffset: 0 };
export const DEBUG_CAMERA_SETTINGS: CameraSettings = { fovDeg: 90, near: 0.1, far: 1000, orthoOffset: 1 };
export const START_POSITION: Vec3 = [0, 0, 3];
const FIT_MARGIN = 1.25;
const ORTHO_MARGIN = 0.09;
export const CAMERA_ANIMATION_MS = 1000;

/**
 * The near plane at `radius` from the target: SPEC's, unless the camera is so close (a model of a
 * few centimetres, framed or zoomed to) that it would cut the model; then a twentieth of the radius.
 */
export function nearFor(radius: number, near: number): number {
  return Math.min(near, Math.max(1e-5, radius * 0.05));
}

export function isOrthographic(view: CameraView): boolean {
  return view !== 'free';
}

/** Alpha, beta and radius of a camera at `position` looking at `target`. */
export function anglesOf(position: Vec3, target: Vec3): ViewAngles & { radius: number } {
  const dx = position[0] - target[0];
  const dy = position[1] - target[1];
  const dz = position[2] - target[2];
  const radius = Math.hypot(dx, dy, dz) || 1;
  const beta = Math.acos(Math.min(1, Math.max(-1, dy / radius)));
  const alpha = Math.abs(dx) < 1e-12 && Math.abs(dz) < 1e-12 ? Math.PI / 2 : Math.atan2(dz, dx);
  return { alpha, beta, radius };
}

export function boundsCenter(b: Bounds): Vec3 {
  return [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2];
}

/**
 * Half extents of the box as seen along the view: [right, up, depth]. The right vector is
 * horizontal, so top and bottom views keep a stable orientation.
 */
export function projectedHalfExtents(b: Bounds, alpha: number, beta: number): Vec3 {
  const size: Vec3 = [b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]];
  const d = directionOf(alpha, beta);
  const right: Vec3 = [-Math.sin(alpha), 0, Math.cos(alpha)];
  const up: Vec3 = [d[1] * right[2] - d[2] * right[1], d[2] * right[0] - d[0] * right[2], d[0] * right[1] - d[1] * right[0]];
  const half = (axis: Vec3) => 0.5 * (Math.abs(axis[0]) * size[0] + Math.abs(axis[1]) * size[1] + Math.abs(axis[2]) * size[2]);
  return [half(right), half(up), half(d)];
}

/** Distance from the centre at which a perspective camera sees the whole box with `margin`. */
export function fitDistance(b: Bounds, alpha: number, beta: number, fovY: number, aspect: number, margin = FIT_MARGIN): number {
  const [hw, hh, hd] = projectedHalfExtents(b, alpha, beta);
  const tanY = Math.tan(fovY / 2);
  const tanX = tanY * Math.max(aspect, 1e-6);
  const distance = margin * Math.max(hh / tanY, hw / tanX) + hd;
  return Math.max(distance, 1e-3);
}

/** Half height of an orthographic view that shows the whole box with a 9% margin. */
export function fitOrthoHalfHeight(b: Bounds, alpha: number, beta: number, aspect: number, offset = 0, margin = ORTHO_MARGIN): number {
  const [hw, hh] = projectedHalfExtents(b, alpha, beta);
  return Math.max(hh, hw / Math.max(aspect, 1e-6)) * (1 + margin) + offset;
}

/** The angle to animate to from `from` so that the camera turns the short way round. */
export function nearestAngle(from: number, to: number): number {
  const turn = 2 * Math.PI;
  let delta = (to - from) % turn;
  if (delta > Math.PI) delta -= turn;
  if (delta < -Math.PI) delta += turn;
  return from + delta;
}

export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

export function degreesToRadians(deg: number): number {
  return (deg * Math.PI) / 180;
}
