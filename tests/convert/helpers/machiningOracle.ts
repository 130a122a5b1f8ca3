/**
 * What a reader of the generated job's machining must find, computed from the generator's own
 * hole and groove records (samples/realJob/job.ts), never from the converted geometry: each panel's
 * operations in every frame the documented rules allow (docs/formats.md, "Machining": x along the
 * length, z out of the reference face), and a comparison within 0.1 mm.
 */
import type { Groove as GeneratedGroove, Hole } from '../../../samples/realJob/brep.js';
import type { Bore, Groove, PanelGeometry } from '../../../src/model/machining/panelMachining.js';

type Vec3 = [number, number, number];
export type OpRow = Array<string | number | boolean>;

const TOLERANCE = 0.1;

const rowOfBore = (b: Bore): OpRow => [b.kind, b.face, b.x, b.y, b.z, b.diameter, b.depth, b.through];
const rowOfGroove = (g: Groove): OpRow => [g.kind, g.face, g.from[0], g.from[1], g.to[0], g.to[1], g.width, g.depth];

function sortRows(rows: OpRow[]): OpRow[] {
  const key = (r: OpRow) => r.map((v) => (typeof v === 'number' ? v.toFixed(0).padStart(6, '0') : String(v))).join('|');
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A panel's operations as sorted rows (grooves' ends in x order). */
export function rowsOfPanel(panel: Pick<PanelGeometry, 'bores' | 'grooves'>): OpRow[] {
  return sortRows([...panel.bores.map(rowOfBore), ...panel.grooves.map(rowOfGroove)]);
}

const rowsMatch = (a: OpRow, b: OpRow) => a.length === b.length && a.every((v, k) => (typeof v === 'number' ? Math.abs(v - (b[k] as number)) <= TOLERANCE : v === b[k]));

/** Each row of `a` matched by its own row of `b` within 0.1 mm, none left over. */
export function sameRows(a: OpRow[], b: OpRow[]): boolean {
  if (a.length !== b.length) return false;
  const left = new Set(b.keys());
  return a.every((row) => {
    const match = [...left].find((i) => rowsMatch(row, b[i]));
    if (match === undefined) return false;
    left.delete(match);
    return true;
  });
}

/**
 * The generated operations of a part of `size` (its Z-up space, mm) in each allowed frame: z out
 * of either large face, x along the longest side either way, y = z x x.
 */
export function expectedRows(size: Vec3, holes: Hole[], grooves: GeneratedGroove[]): OpRow[][] {
  const order = [0, 1, 2].sort((a, b) => size[a] - size[b]);
  const [t, , l] = order;
  const frames: OpRow[][] = [];
  for (const zs of [1, -1]) {
    for (const xs of [1, -1]) {
      const z: Vec3 = [0, 0, 0];
      z[t] = zs;
      const x: Vec3 = [0, 0, 0];
      x[l] = xs;
      const y: Vec3 = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]];
      const along = (dir: Vec3, p: Vec3) => {
        const k = dir.findIndex((v) => v !== 0);
        return dir[k] > 0 ? p[k] : size[k] - p[k];
      };
      const coords = (p: Vec3) => [along(x, p), along(y, p), along(z, p)];
      const faceOf = (axis: number, side: 0 | 1) => {
        const out: Vec3 = [0, 0, 0];
        out[axis] = side ? 1 : -1;
        const d = (v: Vec3) => v[0] * out[0] + v[1] * out[1] + v[2] * out[2];
        if (d(z) === 1) return 'top';
        if (d(z) === -1) return 'bottom';
        if (d(x) === 1) return 'right';
        if (d(x) === -1) return 'left';
        return d(y) === 1 ? 'back' : 'front';
      };
      const onFace = (axis: number, side: 0 | 1, b: number, d: number): Vec3 => {
        const p: Vec3 = [0, 0, 0];
        p[axis] = side ? size[axis] : 0;
        p[(axis + 1) % 3] = b;
        p[(axis + 2) % 3] = d;
        return p;
      };
      const rows: OpRow[] = holes.map((h) => {
        const [px, py, pz] = coords(onFace(h.face[0], h.face[1], h.at[0], h.at[1]));
        const through = h.depth >= size[h.face[0]] - 1e-6;
        return [h.diameter >= 20 && !through ? 'cup' : 'hole', faceOf(h.face[0], h.face[1]), px, py, pz, h.diameter, Math.min(h.depth, size[h.face[0]]), through];
      });
      for (const g of grooves) {
        const long = g.max[0] - g.min[0] >= g.max[1] - g.min[1];
        const mid = long ? (g.min[1] + g.max[1]) / 2 : (g.min[0] + g.max[0]) / 2;
        const a = coords(long ? onFace(g.face[0], g.face[1], g.min[0], mid) : onFace(g.face[0], g.face[1], mid, g.min[1]));
        const b = coords(long ? onFace(g.face[0], g.face[1], g.max[0], mid) : onFace(g.face[0], g.face[1], mid, g.max[1]));
        const [from, to] = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]) ? [a, b] : [b, a];
        const width = long ? g.max[1] - g.min[1] : g.max[0] - g.min[0];
        rows.push(['groove', faceOf(g.face[0], g.face[1]), from[0], from[1], to[0], to[1], width, g.depth]);
      }
      frames.push(sortRows(rows));
    }
  }
  return frames;
}

/**
 * The same operations seen in another allowed frame of a length x width panel: turned end for
 * end about z, or turned over about x or y.
 */
export function turnedRows(rows: OpRow[], length: number, width: number, thickness: number): OpRow[][] {
  const swap = (face: string, pairs: Record<string, string>) => pairs[face] ?? face;
  const turns: Array<{ fx: boolean; fy: boolean; fz: boolean; faces: Record<string, string> }> = [
    { fx: false, fy: false, fz: false, faces: {} },
    { fx: true, fy: true, fz: false, faces: { left: 'right', right: 'left', front: 'back', back: 'front' } },
    { fx: false, fy: true, fz: true, faces: { top: 'bottom', bottom: 'top', front: 'back', back: 'front' } },
    { fx: true, fy: false, fz: true, faces: { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } },
  ];
  return turns.map(({ fx, fy, fz, faces }) =>
    sortRows(
      rows.map((r) => {
        const X = (v: number) => (fx ? length - v : v);
        const Y = (v: number) => (fy ? width - v : v);
        const Z = (v: number) => (fz ? thickness - v : v);
        if (r[0] === 'hole' || r[0] === 'cup') return [r[0], swap(r[1] as string, faces), X(r[2] as number), Y(r[3] as number), Z(r[4] as number), r[5], r[6], r[7]];
        const a = [X(r[2] as number), Y(r[3] as number)];
        const b = [X(r[4] as number), Y(r[5] as number)];
        const [from, to] = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]) ? [a, b] : [b, a];
        return [r[0], swap(r[1] as string, faces), from[0], from[1], to[0], to[1], r[6], r[7]];
      }),
    ),
  );
}
