/**
 * Framing inside the free area: the part of the canvas the viewer's own panels and controls leave
 * uncovered (insets in CSS pixels). A framed model fits that area and sits in its middle.
 */
import type { FrameInsets, Vec3 } from '../types';
import { directionOf, type ViewAngles } from './cameraMath';

export const NO_INSETS: FrameInsets = { top: 0, right: 0, bottom: 0, left: 0 };

interface FreeArea {
  /** Share of the canvas width and height (at least 40% each way, whatever the insets). */
  w: number;
  h: number;
  /** Offset of the free area's centre from the canvas centre, CSS pixels (x right, y down). */
  dx: number;
  dy: number;
}

export function freeArea(canvas: { width: number; height: number }, insets: FrameInsets): FreeArea {
  const { width, height } = canvas;
  const fw = Math.max(width * 0.4, width - insets.left - insets.right);
  const fh = Math.max(height * 0.4, height - insets.top - insets.bottom);
  const left = Math.min(Math.max(0, insets.left), width - fw);
  const top = Math.min(Math.max(0, insets.top), height - fh);
  return { w: fw / width, h: fh / height, dx: left + fw / 2 - width / 2, dy: top + fh / 2 - height / 2 };
}

/**
 * The camera target that shows `centre` in the middle of the free area, seen from `angles` with
 * `perPixel` world units per CSS pixel at the target: the target moves along the screen's right
 * and up axes (right = (-sin a, 0, cos a) for the orbit camera; up = forward x right).
 */
export function centredInFreeArea(centre: Vec3, angles: ViewAngles, free: FreeArea, perPixel: number): Vec3 {
  const right = [-Math.sin(angles.alpha), 0, Math.cos(angles.alpha)] as const;
  const forward = directionOf(angles.alpha, angles.beta).map((v) => -v);
  const up = [forward[1]! * right[2] - forward[2]! * right[1], forward[2]! * right[0] - forward[0]! * right[2], forward[0]! * right[1] - forward[1]! * right[0]];
  const shift = (k: number) => right[k]! * free.dx * perPixel + up[k]! * free.dy * perPixel;
  return [centre[0] + shift(0), centre[1] + shift(1), centre[2] + shift(2)];
}
