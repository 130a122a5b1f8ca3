/**
 * One stock sheet drawn to scale (SVG): the trimmed border, the parts with their numbers (the
 * numbers of the labels and the CSV), a turned part marked, and the grain direction when the
 * material has one. Parts are highlighted on hover through their <title>.
 */
import type { SheetLayout } from '../../machines/projects/workshopView';

interface SheetDiagramProps {
  sheet: SheetLayout;
  length: number;
  width: number;
  trim: number;
  grain: boolean;
  title: string;
  /** Part label on hover: number, name, size. */
  describe: (part: SheetLayout['parts'][number]) => string;
}

export function SheetDiagram({ sheet, length, width, trim, grain, title, describe }: SheetDiagramProps) {
  const stroke = Math.max(length, width) / 600;
  return (
    <svg viewBox={`0 0 ${length} ${width}`} role="img" aria-label={title} className="h-auto w-full" data-testid="sheet-diagram">
      <rect x={0} y={0} width={length} height={width} fill="#3f3a33" />
      <rect x={trim} y={trim} width={length - 2 * trim} height={width - 2 * trim} fill="#57503f" stroke="#a8a29e" strokeWidth={stroke} strokeDasharray={`${stroke * 6} ${stroke * 4}`} />
      {grain ? (
        <g stroke="#d6d3d1" strokeWidth={stroke * 1.5} opacity={0.35}>
          {[0.2, 0.5, 0.8].map((f) => (
            <line key={f} x1={length * 0.05} x2={length * 0.95} y1={width * f} y2={width * f} />
          ))}
        </g>
      ) : null}
      {sheet.parts.map((p) => {
        const size = Math.max(Math.min(p.w, p.h) * 0.4, 12);
        const font = Math.min(size, 90);
        return (
          <g key={p.number} data-testid="sheet-part">
            <title>{describe(p)}</title>
            <rect x={p.x} y={p.y} width={p.w} height={p.h} fill={p.rotated ? '#fdba74' : '#fed7aa'} stroke="#ea580c" strokeWidth={stroke} />
            <text x={p.x + p.w / 2} y={p.y + p.h / 2} fontSize={font} textAnchor="middle" dominantBaseline="central" fill="#1c1917" fontWeight={700}>
              {p.number}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
