/**
 * The viewer's colours as plain numbers (no Babylon.js): the engine makes its Color3/Color4 values
 * from them, and a link's first frame (firstFrame/) draws with the same ones.
 */
import type { RenderMode } from '../types';

type Rgb = readonly [number, number, number];

/** The feature edges' colour and opacity in each render mode. */
export const EDGE_PALETTE: Record<RenderMode, { color: Rgb; alpha: number }> = {
  solid: { color: [0.05, 0.05, 0.06], alpha: 0.55 },
  xray: { color: [0.62, 0.78, 1], alpha: 0.45 },
  wireframe: { color: [0.82, 0.85, 0.9], alpha: 1 },
  illustration: { color: [0.08, 0.08, 0.09], alpha: 1 },
};
