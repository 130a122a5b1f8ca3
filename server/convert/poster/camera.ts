/**
 * The poster's camera: the viewer's opening view of the model's bounding box (glTF: Y up, +Z front,
 * metres), from the same side and with the same field of view (model/viewLook: from the front, or
 * facing a flat model's plane), far enough for the whole box to fit; then the image is re-centred
 * on the box's projection and zoomed to fill the frame up to a small margin (a lens shift, as a
 * photographer's shift lens would do). The 3D that replaces the poster shows the model as it is here.
 */

import { directionOf, openingAngles, VIEW_FOV_DEG } from '../../../src/model/viewLook.js';

export type Vec3 = [number, number, number];

export interface Camera {
  eye: Vec3;
  /** Unit vectors of the camera frame: right, up (on screen) and forward (into the screen). */
  right: Vec3;
  up: Vec3;
  forward: Vec3;
  /** Focal length in pixels and the principal point (where the forward axis lands), pixels. */
  focal: number;
  cx: number;
  cy: number;
  /** Points closer than this along `forward` are not drawn. */
  near: number;
}

interface FrameOptions {
  /** Vertical field of view in degrees (default: the viewer's). */
  fov?: number;
  /** Share of the image left free on each side (default 0.06). */
  margin?: number;
}

const RAD = Math.PI / 180;
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalize = (a: Vec3): Vec3 => {
  const length = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / length, a[1] / length, a[2] / length];
};

function cornersOf(min: Vec3, max: Vec3): Vec3[] {
  const corners: Vec3[] = [];
  for (let i = 0; i < 8; i++) corners.push([i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]]);
  return corners;
}

/** A camera framing the box `min`..`max` in a `width` x `height` pixel image. */
export function frameCamera(min: Vec3, max: Vec3, width: number, height: number, options: FrameOptions = {}): Camera {
  const fov = (options.fov ?? VIEW_FOV_DEG) * RAD;
  const margin = options.margin ?? 0.06;
  const empty = !(min[0] <= max[0] && min[1] <= max[1] && min[2] <= max[2]);
  const lo: Vec3 = empty ? [-0.5, -0.5, -0.5] : min;
  const hi: Vec3 = empty ? [0.5, 0.5, 0.5] : max;
  const center: Vec3 = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
  const radius = Math.max(Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2, 1e-6);

  // Unit vector from the centre towards the eye, as the viewer opens (a flat model faces the camera).
  const angles = openingAngles({ min: lo, max: hi });
  const back: Vec3 = [...directionOf(angles.alpha, angles.beta)];
  const forward: Vec3 = [-back[0], -back[1], -back[2]];
  const right = normalize(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);

  // Distance: each corner c (relative to the centre) must project inside the frame less the
  // margin, |c·right| * fx / (d - c·back) <= limit, and the same vertically; solved for d.
  const fy = 1 / Math.tan(fov / 2);
  const fx = (fy * height) / width;
  const limit = 1 - 2 * margin;
  const corners = cornersOf(lo, hi).map((c): Vec3 => [c[0] - center[0], c[1] - center[1], c[2] - center[2]]);
  let distance = 0;
  for (const c of corners) {
    const along = dot(c, back);
    distance = Math.max(distance, along + (Math.abs(dot(c, right)) * fx) / limit, along + (Math.abs(dot(c, up)) * fy) / limit);
  }
  distance = Math.max(distance, radius * 1.05);
  const eye: Vec3 = [center[0] + back[0] * distance, center[1] + back[1] * distance, center[2] + back[2] * distance];

  // Projected extents of the corners (x/z, y/z), then a focal length and principal point that
  // centre them and fill the frame up to the margin.
  let uMin = Infinity, uMax = -Infinity, vMin = Infinity, vMax = -Infinity;
  for (const c of corners) {
    const z = distance - dot(c, back);
    const u = dot(c, right) / z;
    const v = dot(c, up) / z;
    uMin = Math.min(uMin, u);
    uMax = Math.max(uMax, u);
    vMin = Math.min(vMin, v);
    vMax = Math.max(vMax, v);
  }
  const baseFocal = (fy * height) / 2;
  const fit = Math.min((width * limit) / Math.max(uMax - uMin, 1e-9), (height * limit) / Math.max(vMax - vMin, 1e-9));
  const focal = Math.min(fit, baseFocal * 4);
  return {
    eye,
    right,
    up,
    forward,
    focal,
    cx: width / 2 - (focal * (uMin + uMax)) / 2,
    cy: height / 2 + (focal * (vMin + vMax)) / 2,
    near: radius * 1e-3,
  };
}
