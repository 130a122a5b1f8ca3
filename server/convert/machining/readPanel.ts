/**
 * The machining of one part read from its B-rep faces (faceSurfaces.ts): whether it is a panel (a
 * board thin along one axis), its outline, its bores (cylindrical walls that close around an axis
 * square to a face or an edge) and its straight grooves and rebates (flat bottoms between the two
 * large faces), all in the panel's own frame (src/model/machining/panelMachining.ts).
 *
 * The frame is the part's, not the file's: among the frames the rules allow (the reference face
 * is the large face most operations open on; x along the length, either way) the one whose sorted
 * operations come first is taken, so the same part placed in any rotation reads the same.
 */
import { isSheetShaped } from '../../../src/model/cutting/workshopParts.js';
import { CUP_MIN_DIAMETER, type Bore, type Groove, type PanelFace, type PanelGeometry } from '../../../src/model/machining/panelMachining.js';
import { faceSurfaces, type CylinderFace, type PartTriangles, type PlaneFace } from './faceSurfaces.js';
import { panelOutline } from './panelOutline.js';
import { basisAround, cross, dot, point, scale, sub, type Vec3 } from './vectors.js';

const TOLERANCE_MM = 0.05;
const PARALLEL = 0.999;

/** A bore or a groove in the part's own space, before a frame is chosen. */
interface RawBore {
  kind: 'hole' | 'cup';
  /** Centre of the opening. */
  at: Vec3;
  /** Out of the material at the opening. */
  out: Vec3;
  diameter: number;
  depth: number;
  through: boolean;
}
interface RawGroove {
  /** The two ends of the centre line, on the face it opens on. */
  from: Vec3;
  to: Vec3;
  out: Vec3;
  width: number;
  depth: number;
  rebate: boolean;
}

interface Extent {
  min: number;
  max: number;
}

function extentAlong(points: Float64Array, axis: Vec3): Extent {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < points.length; i += 3) {
    const t = points[i] * axis[0] + points[i + 1] * axis[1] + points[i + 2] * axis[2];
    if (t < min) min = t;
    if (t > max) max = t;
  }
  return { min, max };
}

/** Directions without sign, with the area of the plane faces looking along each. */
function planeDirections(planes: PlaneFace[]): Array<{ dir: Vec3; area: number }> {
  const groups: Array<{ dir: Vec3; area: number }> = [];
  for (const plane of planes) {
    const group = groups.find((g) => Math.abs(dot(g.dir, plane.normal)) > PARALLEL);
    if (group) group.area += plane.area;
    else groups.push({ dir: plane.normal, area: plane.area });
  }
  return groups.sort((a, b) => b.area - a.area);
}

/** Whether the walls of a group of cylinder faces close around the axis (a hole, not a concave corner fillet). */
function closesAround(part: PartTriangles, faces: CylinderFace[]): boolean {
  const [e1, e2] = basisAround(faces[0].axis);
  const angles = faces
    .flatMap((f) => f.vertices.map((v) => sub(point(part.points, v), f.center)))
    .map((p) => Math.atan2(dot(p, e2), dot(p, e1)))
    .sort((a, b) => a - b);
  let gap = angles[0] + 2 * Math.PI - angles[angles.length - 1];
  for (let i = 1; i < angles.length; i++) gap = Math.max(gap, angles[i] - angles[i - 1]);
  return gap < Math.PI / 3;
}

function readBores(part: PartTriangles, cylinders: CylinderFace[], axes: Vec3[]): { bores: RawBore[]; walls: CylinderFace[][] } {
  const lines: CylinderFace[][] = [];
  for (const c of cylinders) {
    if (!c.concave) continue;
    const line = lines.find(([g]) => Math.abs(dot(g.axis, c.axis)) > 0.9999 && Math.abs(g.radius - c.radius) < TOLERANCE_MM / 5 && lineDistance(g, c.center) < TOLERANCE_MM);
    if (line) line.push(c);
    else lines.push([c]);
  }
  // Walls on one line make one bore where they overlap along it (two dowel holes facing each other are two).
  const groups = lines.flatMap((line) => {
    const axis = line[0].axis;
    const span = (c: CylinderFace): [number, number] => (dot(c.axis, axis) > 0 ? [c.from, c.to] : [-c.to, -c.from]);
    const sorted = [...line].sort((a, b) => span(a)[0] - span(b)[0]);
    const out: CylinderFace[][] = [];
    let end = -Infinity;
    for (const c of sorted) {
      if (out.length > 0 && span(c)[0] <= end + TOLERANCE_MM) out[out.length - 1].push(c);
      else out.push([c]);
      end = Math.max(end, span(c)[1]);
    }
    return out;
  });
  const bores: RawBore[] = [];
  const walls: CylinderFace[][] = [];
  for (const group of groups) {
    let axis = group[0].axis;
    if (!axes.some((a) => Math.abs(dot(a, axis)) > PARALLEL) || !closesAround(part, group)) continue;
    const along = (c: CylinderFace): [number, number] => (dot(c.axis, axis) > 0 ? [c.from, c.to] : [-c.to, -c.from]);
    const from = Math.min(...group.map((c) => along(c)[0]));
    const to = Math.max(...group.map((c) => along(c)[1]));
    const panel = extentAlong(part.points, axis);
    const atMax = Math.abs(to - panel.max) < TOLERANCE_MM;
    const atMin = Math.abs(from - panel.min) < TOLERANCE_MM;
    const through = atMax && atMin;
    const opensAtMax = atMax || (!atMin && panel.max - to <= from - panel.min);
    if (!opensAtMax) axis = scale(axis, -1);
    const depth = through ? panel.max - panel.min : opensAtMax ? panel.max - from : to - panel.min;
    const level = opensAtMax ? panel.max : -panel.min;
    const c = group[0].center;
    const at: Vec3 = [0, 1, 2].map((k) => c[k] - axis[k] * dot(c, axis) + axis[k] * level) as Vec3;
    const diameter = 2 * group[0].radius;
    bores.push({ kind: diameter >= CUP_MIN_DIAMETER && !through ? 'cup' : 'hole', at, out: axis, diameter, depth, through });
    walls.push(group);
  }
  return { bores, walls };
}

function lineDistance(line: CylinderFace, p: Vec3): number {
  const d = sub(p, line.center);
  const along = dot(d, line.axis);
  return Math.hypot(d[0] - line.axis[0] * along, d[1] - line.axis[1] * along, d[2] - line.axis[2] * along);
}

function readGrooves(part: PartTriangles, planes: PlaneFace[], n: Vec3, u: Vec3, v: Vec3, bores: CylinderFace[][]): RawGroove[] {
  const across = extentAlong(part.points, n);
  const spanU = extentAlong(part.points, u);
  const spanV = extentAlong(part.points, v);
  const grooves: RawGroove[] = [];
  for (const plane of planes) {
    if (Math.abs(dot(plane.normal, n)) < PARALLEL) continue;
    const level = dot(point(part.points, plane.vertices[0]), n);
    if (level < across.min + TOLERANCE_MM || level > across.max - TOLERANCE_MM) continue;
    // A bore's flat bottom.
    if (bores.some((g) => plane.vertices.every((i) => lineDistance(g[0], point(part.points, i)) <= g[0].radius + TOLERANCE_MM))) continue;
    const us = plane.vertices.map((i) => dot(point(part.points, i), u));
    const vs = plane.vertices.map((i) => dot(point(part.points, i), v));
    const [u0, u1, v0, v1] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
    if (plane.area < 0.9 * (u1 - u0) * (v1 - v0)) continue;
    const up = dot(plane.normal, n) > 0;
    const out = up ? n : scale(n, -1);
    const surface = up ? across.max : across.min;
    const depth = up ? across.max - level : level - across.min;
    const alongU = u1 - u0 >= v1 - v0;
    const mid = alongU ? (v0 + v1) / 2 : (u0 + u1) / 2;
    const at = (a: number, b: number): Vec3 => [0, 1, 2].map((k) => u[k] * a + v[k] * b + n[k] * surface) as Vec3;
    const from = alongU ? at(u0, mid) : at(mid, v0);
    const to = alongU ? at(u1, mid) : at(mid, v1);
    const width = alongU ? v1 - v0 : u1 - u0;
    const touches = alongU
      ? v0 < spanV.min + TOLERANCE_MM || v1 > spanV.max - TOLERANCE_MM
      : u0 < spanU.min + TOLERANCE_MM || u1 > spanU.max - TOLERANCE_MM;
    grooves.push({ from, to, out, width, depth, rebate: touches });
  }
  return grooves;
}

interface Frame {
  x: Vec3;
  y: Vec3;
  z: Vec3;
  origin: Vec3;
}

const r2 = (value: number) => Math.round(value * 100) / 100 + 0;

function faceOf(out: Vec3, frame: Frame): PanelFace {
  const names: Array<[Vec3, PanelFace]> = [
    [frame.z, 'top'],
    [scale(frame.z, -1), 'bottom'],
    [scale(frame.x, -1), 'left'],
    [frame.x, 'right'],
    [scale(frame.y, -1), 'front'],
    [frame.y, 'back'],
  ];
  let best: PanelFace = 'top';
  let score = -Infinity;
  for (const [dir, name] of names) {
    if (dot(dir, out) > score) [score, best] = [dot(dir, out), name];
  }
  return best;
}

function inFrame(p: Vec3, frame: Frame): Vec3 {
  const d = sub(p, frame.origin);
  return [r2(dot(d, frame.x)), r2(dot(d, frame.y)), r2(dot(d, frame.z))];
}

function placeOperations(bores: RawBore[], grooves: RawGroove[], frame: Frame): { bores: Bore[]; grooves: Groove[] } {
  const placed = bores.map((b): Bore => {
    const [x, y, z] = inFrame(b.at, frame);
    return { kind: b.kind, face: faceOf(b.out, frame), x, y, z, diameter: r2(b.diameter), depth: r2(b.depth), through: b.through };
  });
  const channels = grooves.map((g): Groove => {
    const [fx, fy] = inFrame(g.from, frame);
    const [tx, ty] = inFrame(g.to, frame);
    const [from, to]: Array<[number, number]> = fx < tx || (fx === tx && fy <= ty) ? [[fx, fy], [tx, ty]] : [[tx, ty], [fx, fy]];
    return { kind: g.rebate ? 'rebate' : 'groove', face: faceOf(g.out, frame) === 'bottom' ? 'bottom' : 'top', from, to, width: r2(g.width), depth: r2(g.depth) };
  });
  const key = (o: object) => JSON.stringify(o);
  return { bores: placed.sort((a, b) => (key(a) < key(b) ? -1 : 1)), grooves: channels.sort((a, b) => (key(a) < key(b) ? -1 : 1)) };
}

/** The triangles of one part in millimetres, from OpenCascade's metres. */
export function partTrianglesOf(positions: ArrayLike<number>, index: ArrayLike<number>, faces: ReadonlyArray<{ first: number; last: number }>, toMm = 1000): PartTriangles {
  return { points: Float64Array.from(positions, (p) => p * toMm), index, faces };
}

/** The panel's machining, or null when the part is not a panel (hardware, a solid piece, no flat faces). */
export function readPanel(part: PartTriangles): PanelGeometry | null {
  if (part.points.length < 9 || part.faces.length === 0) return null;
  const surfaces = faceSurfaces(part);
  const planes = surfaces.filter((s): s is PlaneFace => s.type === 'plane');
  const cylinders = surfaces.filter((s): s is CylinderFace => s.type === 'cylinder');
  const directions = planeDirections(planes);
  if (directions.length === 0) return null;
  const n = directions[0].dir;
  const edgeDir = directions.find((d) => Math.abs(dot(d.dir, n)) < 0.01)?.dir;
  const u = edgeDir ?? basisAround(n)[0];
  const v = cross(n, u);
  const across = extentAlong(part.points, n);
  const spanU = extentAlong(part.points, u);
  const spanV = extentAlong(part.points, v);
  const thickness = across.max - across.min;
  const [lu, lv] = [spanU.max - spanU.min, spanV.max - spanV.min];
  const [length, width] = lu >= lv ? [lu, lv] : [lv, lu];
  if (!(thickness > 0) || thickness > width || !isSheetShaped([length, width, thickness])) return null;
  const { bores: rawBores, walls } = readBores(part, cylinders, [n, u, v]);
  const rawGrooves = readGrooves(part, planes, n, u, v, walls);
  // The walls of bores in the large faces are inner loops of every section: left out of it.
  const inner = new Set(walls.filter((g) => Math.abs(dot(g[0].axis, n)) > PARALLEL).flat());
  const kept: number[] = [];
  for (const face of surfaces) {
    if (inner.has(face as CylinderFace)) continue;
    for (let t = face.first; t <= face.last; t++) kept.push(part.index[t * 3], part.index[t * 3 + 1], part.index[t * 3 + 2]);
  }
  const outlineUv = panelOutline(part.points, kept, n, u, v, across.min, across.max) ?? [
    [spanU.min, spanV.min],
    [spanU.max, spanV.min],
    [spanU.max, spanV.max],
    [spanU.min, spanV.max],
  ];
  const lengthAxes = Math.abs(lu - lv) < TOLERANCE_MM ? [u, v] : [lu >= lv ? u : v];
  let best: { top: number; key: string; panel: PanelGeometry } | undefined;
  for (const z of [n, scale(n, -1)]) {
    for (const axis of lengthAxes) {
      for (const x of [axis, scale(axis, -1)]) {
        const y = cross(z, x);
        const origin: Vec3 = [0, 0, 0];
        for (const [dir, span] of [[x, extentAlong(part.points, x)], [y, extentAlong(part.points, y)], [z, extentAlong(part.points, z)]] as const) {
          for (let k = 0; k < 3; k++) origin[k] += dir[k] * span.min;
        }
        const frame: Frame = { x, y, z, origin };
        const ops = placeOperations(rawBores, rawGrooves, frame);
        const top = ops.bores.filter((b) => b.face === 'top').length + ops.grooves.filter((g) => g.face === 'top').length;
        const key = JSON.stringify(ops);
        if (best && (top < best.top || (top === best.top && key >= best.key))) continue;
        const outline = outlineUv.map(([a, b]) => {
          const p: Vec3 = [0, 1, 2].map((k) => u[k] * a + v[k] * b) as Vec3;
          return [r2(dot(sub(p, origin), x)), r2(dot(sub(p, origin), y))] as [number, number];
        });
        // Counter-clockwise about z: a frame whose z is -n sees the (u, v) loop turned.
        if (dot(cross(u, v), z) < 0) outline.reverse();
        best = { top, key, panel: { length: r2(length), width: r2(width), thickness: r2(thickness), outline, ...ops } };
      }
    }
  }
  return best!.panel;
}
