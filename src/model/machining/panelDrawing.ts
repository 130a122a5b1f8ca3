/**
 * A panel's dimensioned drawing as plain shapes, for both renderers: the viewer's data sheet draws
 * them as SVG and the server writes them into the drawing PDF, so both show the same drawing.
 *
 * The panel is seen from its reference face (x to the right, y up, the reference corner bottom
 * left, millimetres). Bores on the reference face are full circles, those underneath dashed;
 * grooves are their channel's outline; edge bores are drawn from the edge in by their depth.
 * Ordinate dimensions from the reference corner run below (x) and left (y) of the panel: each
 * distinct position once, labels staggered on two rows so that close positions stay readable.
 */
import type { PanelGeometry } from './panelMachining';

export type DrawingShape =
  | { type: 'polyline'; points: Array<[number, number]>; closed: boolean; dashed: boolean; role: 'outline' | 'groove' | 'edgeBore' | 'dimension' }
  | { type: 'circle'; cx: number; cy: number; r: number; dashed: boolean; role: 'hole' | 'cup' }
  | { type: 'text'; x: number; y: number; text: string; size: number; anchor: 'start' | 'middle' | 'end'; rotate: 0 | 90 };

export interface PanelDrawing {
  /** The drawing's extent (panel and dimensions), millimetres: [minX, minY, maxX, maxY]. */
  bounds: [number, number, number, number];
  shapes: DrawingShape[];
}

const fmt = (mm: number) => String(Math.round(mm * 10) / 10);

/** Positions closer than this (mm) share one dimension. */
const SAME_POSITION = 0.05;

function distinct(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.filter((v, i) => i === 0 || v - sorted[i - 1] > SAME_POSITION);
}

export interface DrawingOptions {
  /** Text height as a share of the panel's longer side (a page: 1/60; a small view: larger). */
  text?: number;
  /** Draw the dimensions (a thumbnail leaves them out). */
  dimensions?: boolean;
}

export function panelDrawing(panel: Pick<PanelGeometry, 'length' | 'width' | 'outline' | 'bores' | 'grooves'>, options: DrawingOptions = {}): PanelDrawing {
  const { length, width } = panel;
  // Text and dimension sizes follow the panel so that a drawing reads the same scaled to a page.
  const text = Math.max(length, width) * (options.text ?? 1 / 60);
  const gap = text * 1.2;
  const shapes: DrawingShape[] = [{ type: 'polyline', points: panel.outline.map(([x, y]) => [x, y]), closed: true, dashed: false, role: 'outline' }];
  const xs: number[] = [0, length];
  const ys: number[] = [0, width];
  for (const bore of panel.bores) {
    if (bore.face === 'top' || bore.face === 'bottom') {
      shapes.push({ type: 'circle', cx: bore.x, cy: bore.y, r: bore.diameter / 2, dashed: bore.face === 'bottom', role: bore.kind });
      xs.push(bore.x);
      ys.push(bore.y);
      continue;
    }
    // From the opening on the edge, inwards by the depth, as wide as the bore.
    const inward: Record<string, [number, number]> = { left: [1, 0], right: [-1, 0], front: [0, 1], back: [0, -1] };
    const [dx, dy] = inward[bore.face];
    const r = bore.diameter / 2;
    const [sx, sy] = [dy !== 0 ? r : 0, dx !== 0 ? r : 0];
    const end: [number, number] = [bore.x + dx * bore.depth, bore.y + dy * bore.depth];
    shapes.push({
      type: 'polyline',
      points: [
        [bore.x - sx, bore.y - sy],
        [end[0] - sx, end[1] - sy],
        [end[0] + sx, end[1] + sy],
        [bore.x + sx, bore.y + sy],
      ],
      closed: false,
      dashed: false,
      role: 'edgeBore',
    });
    if (dx !== 0) ys.push(bore.y);
    else xs.push(bore.x);
  }
  for (const groove of panel.grooves) {
    const [[fx, fy], [tx, ty]] = [groove.from, groove.to];
    const half = groove.width / 2;
    const alongX = Math.abs(tx - fx) >= Math.abs(ty - fy);
    const [ox, oy] = alongX ? [0, half] : [half, 0];
    shapes.push({
      type: 'polyline',
      points: [
        [fx - ox, fy - oy],
        [tx - ox, ty - oy],
        [tx + ox, ty + oy],
        [fx + ox, fy + oy],
      ],
      closed: true,
      dashed: groove.face === 'bottom',
      role: 'groove',
    });
    xs.push(fx - ox, tx + ox);
    ys.push(fy - oy, ty + oy);
  }
  if (options.dimensions === false) {
    const margin = Math.max(length, width) / 50;
    return { bounds: [-margin, -margin, length + margin, width + margin], shapes };
  }
  // Ordinate dimensions below the panel (x) and to its left (y).
  distinct(xs.filter((x) => x >= -SAME_POSITION && x <= length + SAME_POSITION)).forEach((x, i) => {
    const row = i % 2;
    const foot = -gap * (1 + row * 1.4);
    shapes.push({ type: 'polyline', points: [[x, 0], [x, foot]], closed: false, dashed: false, role: 'dimension' });
    shapes.push({ type: 'text', x, y: foot - text, text: fmt(x), size: text, anchor: 'middle', rotate: 0 });
  });
  distinct(ys.filter((y) => y >= -SAME_POSITION && y <= width + SAME_POSITION)).forEach((y, i) => {
    const row = i % 2;
    const foot = -gap * (1 + row * 2.4);
    shapes.push({ type: 'polyline', points: [[0, y], [foot, y]], closed: false, dashed: false, role: 'dimension' });
    shapes.push({ type: 'text', x: foot - text * 0.3, y: y - text * 0.35, text: fmt(y), size: text, anchor: 'end', rotate: 0 });
  });
  // Overall sizes above and to the right.
  shapes.push({ type: 'text', x: length / 2, y: width + gap, text: `${fmt(length)}`, size: text * 1.2, anchor: 'middle', rotate: 0 });
  shapes.push({ type: 'text', x: length + gap, y: width / 2, text: `${fmt(width)}`, size: text * 1.2, anchor: 'start', rotate: 0 });
  const left = -gap * 3.4 - text * 4;
  const bottom = -gap * 2.4 - text * 2;
  return { bounds: [left, bottom, length + gap + text * 5, width + gap + text * 2], shapes };
}
