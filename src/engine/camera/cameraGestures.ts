/**
 * The camera moves of the viewer's own gestures (see CameraRig): a two-finger pan and a wheel step
 * that keeps the point under the cursor where it is.
 */
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Vec3 } from '../types';

const WHEEL_ZOOM_STEP = 1.1;

/** The camera's right and up axes in world space (rows of the view matrix). */
function screenAxes(camera: ArcRotateCamera): { right: Vector3; up: Vector3 } {
  const m = camera.getViewMatrix().m;
  return { right: new Vector3(m[0], m[4], m[8]), up: new Vector3(m[1], m[5], m[9]) };
}

/** Where the ray through the pixel (dx, dy) from the canvas centre meets the plane through the target facing the camera. */
function pointOnTargetPlane(camera: ArcRotateCamera, dx: number, dy: number, height: number, right: Vector3, up: Vector3): Vector3 {
  const perPixel = (2 * camera.radius * Math.tan(camera.fov / 2)) / height;
  return camera.target.add(right.scale(dx * perPixel)).add(up.scale(-dy * perPixel));
}

/** Moves the view so that the model follows the fingers by (dx, dy) CSS pixels. */
export function panCamera(camera: ArcRotateCamera, dx: number, dy: number): void {
  const perPixel = 1 / Math.max(camera.panningSensibility, 1e-9);
  const { right, up } = screenAxes(camera);
  const shift = right.scale(-dx * perPixel).add(up.scale(dy * perPixel));
  camera.target.addInPlace(shift);
  camera.position.addInPlace(shift);
  camera.setTarget(camera.target.clone());
}

/** The wheel's pixel (x, y) on a canvas of `width` x `height` CSS pixels. */
export interface WheelAt {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One wheel step about `point` (null: the point of the plane through the target that the cursor
 * shows): the free view moves the camera towards it, an orthographic one narrows its height
 * (`halfHeight`). Returns the orthographic half height after the step.
 */
export function wheelZoomCamera(camera: ArcRotateCamera, orthographic: boolean, halfHeight: number, at: WheelAt, zoomIn: boolean, point: Vec3 | null): number {
  const scale = zoomIn ? 1 / WHEEL_ZOOM_STEP : WHEEL_ZOOM_STEP;
  const c = camera;
  const { x, y, width, height } = at;
  const { right, up } = screenAxes(c);
  if (orthographic) {
    // The point under the cursor is offset from the target by the cursor's offset from the centre.
    const after = halfHeight * scale;
    const perPixel = (2 * (halfHeight - after)) / height;
    const shift = right.scale((x - width / 2) * perPixel).add(up.scale(-(y - height / 2) * perPixel));
    c.target.addInPlace(shift);
    c.position.addInPlace(shift);
    c.setTarget(c.target.clone());
    return after;
  }
  const about = point ? new Vector3(point[0], point[1], point[2]) : pointOnTargetPlane(c, x - width / 2, y - height / 2, height, right, up);
  const radius = Math.max(c.lowerRadiusLimit ?? 0.01, c.radius * scale);
  const s = radius / c.radius;
  // Scaling the camera about the point keeps the point where it is on screen.
  const target = about.add(c.target.subtract(about).scale(s));
  const position = about.add(c.position.subtract(about).scale(s));
  c.setTarget(target);
  c.setPosition(position);
  return halfHeight;
}
