/**
 * A note's markup over the 3D view: arrows, rectangles, clouds, freehand lines and texts, in
 * fractions of the view's width and height (src/api/reviewSchemas.ts), so that a note drawn on a
 * phone reads the same on a desktop. With a tool chosen it is also where the user draws, with the
 * mouse or a finger (pointer events; the shape being drawn is shown as it goes and handed to
 * `onShape` when the pointer lifts). Without a tool it lets every pointer through to the model.
 * A drag that draws never selects text: the page's text selection is off while it lasts (a drag
 * passing over the hierarchy panel once selected its names and drew nothing).
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { MarkupShape } from '../../../machines/viewer/review/reviewMachine';

type Point = [number, number];

interface MarkupLayerProps {
  shapes: readonly MarkupShape[];
  /** The tool drawing with, or null: the layer only shows the shapes. */
  tool?: MarkupShape['kind'] | null;
  color?: MarkupShape['color'];
  /** A text shape's words (asked before the tap that places it). */
  text?: string;
  onShape?(shape: MarkupShape): void;
  /** Label of the drawing surface for assistive technology. */
  label?: string;
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;
const clampFraction = (v: number) => Math.min(1.5, Math.max(-0.5, v));

/** Turns the page's text selection off while a drag draws, and clears a selection already made; returns the undo. */
function holdTextSelection(): () => void {
  const style = document.body.style;
  const before = style.userSelect;
  style.userSelect = 'none';
  style.setProperty('-webkit-user-select', 'none');
  window.getSelection()?.removeAllRanges();
  return () => {
    style.userSelect = before;
    style.setProperty('-webkit-user-select', before);
  };
}

/** The scalloped outline of a cloud around the rectangle from `a` to `b` (in a 0..1 viewBox). */
export function cloudPath(a: Point, b: Point): string {
  const [x0, x1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
  const [y0, y1] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
  const corners: Point[] = [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
  let d = `M ${x0} ${y0}`;
  for (let i = 0; i < 4; i += 1) {
    const [p, q] = [corners[i], corners[i + 1]];
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
    const bumps = Math.max(2, Math.round(length / 0.04));
    for (let k = 1; k <= bumps; k += 1) {
      const t = k / bumps;
      const r = length / bumps / 2;
      d += ` A ${r} ${r} 0 0 1 ${p[0] + (q[0] - p[0]) * t} ${p[1] + (q[1] - p[1]) * t}`;
    }
  }
  return d;
}

function ShapeView({ shape }: { shape: MarkupShape }) {
  const stroke = { stroke: shape.color, strokeWidth: 3, fill: 'none', vectorEffect: 'non-scaling-stroke' as const, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  switch (shape.kind) {
    case 'arrow': {
      const [a, b] = [shape.from, shape.to];
      const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
      const head = 0.025;
      const left: Point = [b[0] - head * Math.cos(angle - 0.45), b[1] - head * Math.sin(angle - 0.45)];
      const right: Point = [b[0] - head * Math.cos(angle + 0.45), b[1] - head * Math.sin(angle + 0.45)];
      return <path data-shape="arrow" d={`M ${a[0]} ${a[1]} L ${b[0]} ${b[1]} M ${left[0]} ${left[1]} L ${b[0]} ${b[1]} L ${right[0]} ${right[1]}`} {...stroke} />;
    }
    case 'rectangle': {
      const [x, y] = [Math.min(shape.from[0], shape.to[0]), Math.min(shape.from[1], shape.to[1])];
      return <rect data-shape="rectangle" x={x} y={y} width={Math.abs(shape.to[0] - shape.from[0])} height={Math.abs(shape.to[1] - shape.from[1])} {...stroke} />;
    }
    case 'cloud':
      return <path data-shape="cloud" d={cloudPath(shape.from, shape.to)} {...stroke} />;
    case 'line':
      return <polyline data-shape="line" points={shape.points.map((p) => p.join(',')).join(' ')} {...stroke} />;
    case 'text':
      return null;
  }
}

export function MarkupLayer({ shapes, tool = null, color = '#f97316', text = '', onShape, label }: MarkupLayerProps) {
  const surface = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<MarkupShape | null>(null);
  const dragging = drawing !== null;
  useEffect(() => (dragging ? holdTextSelection() : undefined), [dragging]);
  const at = (event: ReactPointerEvent): Point => {
    const box = surface.current!.getBoundingClientRect();
    return [round(clampFraction((event.clientX - box.left) / Math.max(1, box.width))), round(clampFraction((event.clientY - box.top) / Math.max(1, box.height)))];
  };
  const down = (event: ReactPointerEvent) => {
    if (!tool) return;
    event.preventDefault();
    window.getSelection()?.removeAllRanges();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const p = at(event);
    if (tool === 'text') {
      if (text.trim()) onShape?.({ kind: 'text', at: p, text: text.trim().slice(0, 200), color });
      return;
    }
    setDrawing(tool === 'line' ? { kind: 'line', points: [p], color } : { kind: tool, from: p, to: p, color });
  };
  const move = (event: ReactPointerEvent) => {
    if (!drawing) return;
    const p = at(event);
    setDrawing(drawing.kind === 'line' ? { ...drawing, points: drawing.points.length < 1000 ? [...drawing.points, p] : drawing.points } : drawing.kind === 'text' ? drawing : { ...drawing, to: p });
  };
  const up = () => {
    if (!drawing) return;
    const tiny = drawing.kind === 'line' ? drawing.points.length < 2 : drawing.kind !== 'text' && Math.hypot(drawing.to[0] - drawing.from[0], drawing.to[1] - drawing.from[1]) < 0.01;
    if (!tiny) onShape?.(drawing);
    setDrawing(null);
  };
  const all = drawing ? [...shapes, drawing] : shapes;
  return (
    <div
      ref={surface}
      data-testid="markup-layer"
      role={tool ? 'application' : undefined}
      aria-label={tool ? label : undefined}
      className={`absolute inset-0 ${tool ? 'cursor-crosshair touch-none select-none' : 'pointer-events-none'}`}
      onPointerDown={down}
      // The mouse's own press (after the pointer's) would start a text selection in the page.
      onMouseDown={(event) => tool && event.preventDefault()}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setDrawing(null)}
    >
      <svg className="absolute inset-0 h-full w-full" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true">
        {all.map((shape, i) => (
          <ShapeView key={i} shape={shape} />
        ))}
      </svg>
      {all.map((shape, i) =>
        shape.kind === 'text' ? (
          <span
            key={`t${i}`}
            data-shape="text"
            className="absolute -translate-y-1/2 rounded bg-black/60 px-1.5 py-0.5 text-sm font-bold whitespace-nowrap"
            style={{ left: `${shape.at[0] * 100}%`, top: `${shape.at[1] * 100}%`, color: shape.color }}
          >
            {shape.text}
          </span>
        ) : null,
      )}
    </div>
  );
}
