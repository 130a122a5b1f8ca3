/**
 * The view a model opens with, as plain numbers: the free view from the front, framed inside the
 * part of the canvas the viewer's controls leave free, as the engine's camera rig frames it
 * (CameraRig.framing), with its right-handed look-at and perspective matrices (column-major, as
 * WebGL takes them) and the key light that follows the camera (viewFollowers).
 */
import { boundsCenter, CAMERA_SETTINGS, degreesToRadians, directionOf, fitDistance, nearFor, openingAngles } from '../engine/camera/cameraMath';
import { keyDirectionOf } from '../model/viewLook';
import { centredInFreeArea, freeArea } from '../engine/camera/freeArea';
import { multiply } from '../engine/load/glbReader';
import type { Bounds, FrameInsets, Vec3 } from '../engine/types';

interface OpeningView {
  eye: Vec3;
  target: Vec3;
  /** projection x view, column-major. */
  viewProjection: Float32Array;
  keyDirection: Vec3;
}

function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Right-handed look-at, column-major. */
function lookAt(eye: Vec3, target: Vec3, up: Vec3): Float64Array {
  const z = normalize([eye[0] - target[0], eye[1] - target[1], eye[2] - target[2]]);
  const x = normalize(cross(up, z));
  const y = cross(z, x);
  return Float64Array.from([x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0, -dot(x, eye), -dot(y, eye), -dot(z, eye), 1]);
}

/** Right-handed perspective with a vertical field of view and depth in -1..1, column-major. */
function perspective(fovY: number, aspect: number, near: number, far: number): Float64Array {
  const f = 1 / Math.tan(fovY / 2);
  return Float64Array.from([f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / (near - far), -1, 0, 0, (2 * far * near) / (near - far), 0]);
}

/** Where the camera is: orbit angles and distance around a target (Babylon's ArcRotateCamera). */
export interface Orbit {
  alpha: number;
  beta: number;
  radius: number;
  target: Vec3;
}

/** The orbit the viewer opens `bounds` with on a canvas of `width` x `height` CSS pixels with `insets` covered. */
export function openingOrbit(bounds: Bounds, width: number, height: number, insets: FrameInsets): Orbit {
  const fov = degreesToRadians(CAMERA_SETTINGS.fovDeg);
  const canvas = { width: Math.max(1, width), height: Math.max(1, height) };
  const aspect = canvas.width / canvas.height;
  const free = freeArea(canvas, insets);
  const freeAspect = (aspect * free.w) / free.h;
  const angles = openingAngles(bounds);
  const freeFov = free.h === 1 ? fov : 2 * Math.atan(Math.tan(fov / 2) * free.h);
  const radius = fitDistance(bounds, angles.alpha, angles.beta, freeFov, freeAspect);
  const halfHeight = radius * Math.tan(fov / 2);
  const target = centredInFreeArea(boundsCenter(bounds), angles, free, (2 * halfHeight) / canvas.height);
  return { alpha: angles.alpha, beta: angles.beta, radius, target };
}

/** The eye, matrices and key light of `orbit` on a canvas of `width` x `height`. */
export function viewOf(orbit: Orbit, width: number, height: number): OpeningView {
  const fov = degreesToRadians(CAMERA_SETTINGS.fovDeg);
  const { target, radius } = orbit;
  const d = directionOf(orbit.alpha, orbit.beta);
  const eye: Vec3 = [target[0] + radius * d[0], target[1] + radius * d[1], target[2] + radius * d[2]];
  const view = lookAt(eye, target, [0, 1, 0]);
  const projection = perspective(fov, Math.max(1, width) / Math.max(1, height), nearFor(radius, CAMERA_SETTINGS.near), Math.max(CAMERA_SETTINGS.far, radius * 4));
  const keyDirection = keyDirectionOf([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]]);
  return { eye, target, viewProjection: Float32Array.from(multiply(projection, view)), keyDirection };
}

/** The opening view of `bounds` on a canvas of `width` x `height` CSS pixels with `insets` covered. */
export function openingView(bounds: Bounds, width: number, height: number, insets: FrameInsets): OpeningView {
  return viewOf(openingOrbit(bounds, width, height, insets), width, height);
}
