/**
 * A panel's dimensioned drawing (src/model/machining/panelDrawing.ts) as SVG: the same shapes the
 * drawing PDF is written from, seen from the reference face, the reference corner bottom left.
 */
import { panelDrawing, type DrawingOptions } from '../../model/machining/panelDrawing';
import type { PanelGeometry } from '../../model/machining/panelMachining';

const ROLE_CLASS: Record<string, string> = {
  outline: 'stroke-fg',
  groove: 'stroke-emerald-400',
  edgeBore: 'stroke-danger',
  dimension: 'stroke-fg-muted',
  hole: 'stroke-danger',
  cup: 'stroke-primary',
};

interface PanelDrawingSvgProps {
  panel: Pick<PanelGeometry, 'length' | 'width' | 'outline' | 'bores' | 'grooves'>;
  label: string;
  className?: string;
  options?: DrawingOptions;
}

export function PanelDrawingSvg({ panel, label, className, options }: PanelDrawingSvgProps) {
  const drawing = panelDrawing(panel, options);
  const [minX, minY, maxX, maxY] = drawing.bounds;
  const width = maxX - minX;
  const height = maxY - minY;
  // SVG's y runs down: the drawing is flipped about its middle so that y runs up as on the panel.
  const y = (v: number) => maxY + minY - v;
  const stroke = Math.max(width, height) / 500;
  return (
    <svg role="img" aria-label={label} viewBox={`${minX} ${minY} ${width} ${height}`} className={className} data-testid="panel-drawing">
      {drawing.shapes.map((shape, i) => {
        if (shape.type === 'circle') {
          return <circle key={i} cx={shape.cx} cy={y(shape.cy)} r={shape.r} fill="none" className={ROLE_CLASS[shape.role]} strokeWidth={stroke} strokeDasharray={shape.dashed ? `${stroke * 4} ${stroke * 3}` : undefined} data-role={shape.role} />;
        }
        if (shape.type === 'polyline') {
          const points = shape.points.map(([px, py]) => `${px},${y(py)}`).join(' ');
          const common = { fill: 'none', className: ROLE_CLASS[shape.role], strokeWidth: shape.role === 'outline' ? stroke * 2 : stroke, strokeDasharray: shape.dashed ? `${stroke * 6} ${stroke * 4}` : undefined, 'data-role': shape.role };
          return shape.closed ? <polygon key={i} points={points} {...common} /> : <polyline key={i} points={points} {...common} />;
        }
        return (
          <text key={i} x={shape.x} y={y(shape.y)} fontSize={shape.size} textAnchor={shape.anchor} className="fill-fg-muted">
            {shape.text}
          </text>
        );
      })}
    </svg>
  );
}
