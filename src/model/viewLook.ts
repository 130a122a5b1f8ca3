/**
 * How the viewer looks at a model when it opens, as plain numbers every renderer shares: the
 * opening view's angles and field of view, the light and the edge palette. The engine (Babylon.js),
 * a link's first frame (plain WebGL) and the server's poster (a CPU rasterizer) all draw with these,
 * so the poster, the first frame and the engine's frame are one picture that does not jump.
 *
 * Angles follow Babylon's ArcRotateCamera: the camera sits at target + radius * (cos a sin b,
 * cos b, sin a sin b). Model space: X width (left to right), Y up, Z towards the viewer of the front.
 */
import { flatAxis } from './flatModel';
import type { Bounds, CameraView, RenderMode, Vec3 } from './viewerVocabulary';

/** The perspective camera's vertical field of view, degrees (SPEC §9). */
export const VIEW_FOV_DEG = 45;

/** Beta stays this far from the poles so that top and bottom views keep a defined up direction. */
export const POLE_EPSILON = 1e-3;

export interface ViewAngles {
  alpha: number;
  beta: number;
}

export const VIEW_ANGLES: Record<Exclude<CameraView, 'free'>, ViewAngles> = {
  front: { alpha: Math.PI / 2, beta: Math.PI / 2 },
  back: { alpha: -Math.PI / 2, beta: Math.PI / 2 },
  right: { alpha: 0, beta: Math.PI / 2 },
  left: { alpha: Math.PI, beta: Math.PI / 2 },
  top: { alpha: Math.PI / 2, beta: POLE_EPSILON },
  bottom: { alpha: Math.PI / 2, beta: Math.PI - POLE_EPSILON },
};

/** The free view starts where the camera at 0,0,3 looking at the origin is. */
export const FREE_ANGLES: ViewAngles = { alpha: Math.PI / 2, beta: Math.PI / 2 };

/**
 * Where the free view opens on `bounds`: from the front, or facing the plane of a flat model (a
 * drawing lying flat is seen from above, one standing sideways from the right).
 */
export function openingAngles(bounds: Pick<Bounds, 'min' | 'max'>): ViewAngles {
  const axis = flatAxis(bounds.min, bounds.max);
  if (axis === 1) return VIEW_ANGLES.top;
  if (axis === 0) return VIEW_ANGLES.right;
  return FREE_ANGLES;
}

/** Unit vector from the target towards the camera. */
export function directionOf(alpha: number, beta: number): Vec3 {
  return [Math.cos(alpha) * Math.sin(beta), Math.cos(beta), Math.sin(alpha) * Math.sin(beta)];
}

/** How far above the line of sight the key light comes from (added to the normalised view direction's y). */
export const KEY_LIGHT_RAISE = 0.45;

/** The key light's direction (from the light into the scene) for a camera looking along `look`. */
export function keyDirectionOf(look: Vec3): Vec3 {
  const l = Math.hypot(look[0], look[1], look[2]) || 1;
  const d: Vec3 = [look[0] / l, look[1] / l - KEY_LIGHT_RAISE, look[2] / l];
  const m = Math.hypot(d[0], d[1], d[2]) || 1;
  return [d[0] / m, d[1] / m, d[2] / m];
}

/**
 * The light, as a product viewer lights a model: a sky/ground hemisphere (cool above, warm and dark
 * below) plus a key light that follows the camera, applied to linear colours and brought back to
 * the screen's gamma with a soft shoulder (`linear / (1 + shoulder * linear)`), so white panels stay
 * readable and the faces of a box differ.
 */
export const LIGHT = {
  sky: [0.5, 0.53, 0.58] as Vec3,
  ground: [0.16, 0.15, 0.14] as Vec3,
  key: 0.62,
  shoulder: 0.25,
  gamma: 2.2,
  /** The inside of a cut closed part, drawn flat in its colour times this. */
  capShade: 0.55,
} as const;

/**
 * A lit face's colour on screen (0..1 per channel) for a linear colour `albedo`, a unit normal `n`
 * turned towards the camera and the key light's direction: what the surface program computes per
 * fragment, for renderers without it.
 */
export function litColour(albedo: Vec3, n: Vec3, keyDirection: Vec3): [number, number, number] {
  const sky = 0.5 + 0.5 * n[1];
  const key = LIGHT.key * Math.max(0, -(n[0] * keyDirection[0] + n[1] * keyDirection[1] + n[2] * keyDirection[2]));
  const out: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const linear = albedo[c] * (LIGHT.ground[c] + (LIGHT.sky[c] - LIGHT.ground[c]) * sky + key);
    out[c] = Math.pow(linear / (1 + LIGHT.shoulder * linear), 1 / LIGHT.gamma);
  }
  return out;
}

type Rgb = readonly [number, number, number];

/** The feature edges' colour (display values) and opacity in each render mode. */
export const EDGE_PALETTE: Record<RenderMode, { color: Rgb; alpha: number }> = {
  solid: { color: [0.05, 0.05, 0.06], alpha: 0.55 },
  xray: { color: [0.62, 0.78, 1], alpha: 0.45 },
  wireframe: { color: [0.82, 0.85, 0.9], alpha: 1 },
  illustration: { color: [0.08, 0.08, 0.09], alpha: 1 },
};
