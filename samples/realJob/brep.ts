/**
 * B-rep solids written as STEP entities, with the faces a cabinet maker's export has: boxes
 * drilled with blind holes and cut with stopped grooves, boxes with every edge rounded (2 mm edge fillets: quarter cylinders
 * along the edges, sphere octants at the corners) and cylinders. Every curve is a line or a circle
 * and every surface a plane, cylinder or sphere, so the solids are exact and any STEP reader
 * rebuilds them. Faces share their edges (each used once in each direction), loops run
 * counter-clockwise about the face's outward normal, inner loops (holes) clockwise.
 *
 * Coordinates are STEP's (Z up), in the file's unit, in the part's own space.
 */
import { stepReal, type StepEntities } from '../writers/stepEntities.js';

export type Vec3 = [number, number, number];

const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Vec3): Vec3 => scale(a, 1 / Math.hypot(...a));
const axisVector = (axis: number, sign = 1): Vec3 => {
  const v: Vec3 = [0, 0, 0];
  v[axis] = sign;
  return v;
};

interface Vertex {
  id: number;
  p: Vec3;
}

interface Edge {
  id: number;
  from: Vertex;
  to: Vertex;
}

type LoopEdge = [Edge, boolean];

/** A blind hole drilled into a box face: `face` is [axis, side] (side 1: the face at size[axis]). */
export interface Hole {
  face: [number, 0 | 1];
  /** Centre on the face, the coordinates along the two other axes in order (axis+1, axis+2) mod 3. */
  at: [number, number];
  diameter: number;
  depth: number;
}

/**
 * A stopped groove (a rectangular channel that reaches no edge) cut into a box face: `face` as
 * for holes, `min` and `max` its corners on the face (coordinates along (axis+1, axis+2) mod 3).
 */
export interface Groove {
  face: [number, 0 | 1];
  min: [number, number];
  max: [number, number];
  depth: number;
}

export class BrepWriter {
  constructor(private readonly e: StepEntities) {}

  private vertex(p: Vec3): Vertex {
    return { id: this.e.add(`VERTEX_POINT('',#${this.e.point(p)})`), p };
  }

  private placement(origin: Vec3, z: Vec3, x: Vec3): number {
    return this.e.add(`AXIS2_PLACEMENT_3D('',#${this.e.point(origin)},#${this.e.direction(z)},#${this.e.direction(x)})`);
  }

  private line(from: Vertex, to: Vertex): Edge {
    const d = sub(to.p, from.p);
    const length = Math.hypot(...d);
    const vector = this.e.add(`VECTOR('',#${this.e.direction(scale(d, 1 / length))},${stepReal(length)})`);
    const curve = this.e.add(`LINE('',#${this.e.point(from.p)},#${vector})`);
    return { id: this.e.add(`EDGE_CURVE('',#${from.id},#${to.id},#${curve},.T.)`), from, to };
  }

  /** The arc from `from` to `to` counter-clockwise about `axis` (default: the shorter way). */
  private arc(from: Vertex, to: Vertex, center: Vec3, axis?: Vec3): Edge {
    const a = sub(from.p, center);
    const radius = Math.hypot(...a);
    const normal = axis ?? unit(cross(a, sub(to.p, center)));
    const circle = this.e.add(`CIRCLE('',#${this.placement(center, normal, unit(a))},${stepReal(radius)})`);
    return { id: this.e.add(`EDGE_CURVE('',#${from.id},#${to.id},#${circle},.T.)`), from, to };
  }

  private loop(edges: LoopEdge[]): number {
    const oriented = edges.map(([edge, forward]) => this.e.add(`ORIENTED_EDGE('',*,*,#${edge.id},${forward ? '.T.' : '.F.'})`));
    return this.e.add(`EDGE_LOOP('',(${oriented.map((id) => `#${id}`).join(',')}))`);
  }

  private face(surface: number, sameSense: boolean, outer: LoopEdge[], inner: LoopEdge[][] = []): number {
    const bounds = [
      this.e.add(`FACE_OUTER_BOUND('',#${this.loop(outer)},.T.)`),
      ...inner.map((l) => this.e.add(`FACE_BOUND('',#${this.loop(l)},.T.)`)),
    ];
    return this.e.add(`ADVANCED_FACE('',(${bounds.map((id) => `#${id}`).join(',')}),#${surface},${sameSense ? '.T.' : '.F.'})`);
  }

  private plane(origin: Vec3, normal: Vec3, x: Vec3): number {
    return this.e.add(`PLANE('',#${this.placement(origin, normal, x)})`);
  }

  private solid(name: string, faces: number[]): number {
    const shell = this.e.add(`CLOSED_SHELL('',(${faces.map((id) => `#${id}`).join(',')}))`);
    return this.e.add(`MANIFOLD_SOLID_BREP('${name.replace(/'/g, "''")}',#${shell})`);
  }

  /** A loop through `vertices` with the edges between them (in order), each oriented by its ends. */
  private through(vertices: Vertex[], edges: Edge[], outward: Vec3): LoopEdge[] {
    const ring = dot(newellNormal(vertices.map((v) => v.p)), outward) < 0 ? [...vertices].reverse() : vertices;
    return ring.map((v, i) => {
      const edge = edges.find((e) => isBetween(e, v, ring[(i + 1) % ring.length]))!;
      return [edge, edge.from === v];
    });
  }

  /** Writes a hole's own faces (two half walls and the bottom) and returns the loop it cuts in its face. */
  private hole(origin: Vec3, size: Vec3, hole: Hole, faces: number[]): LoopEdge[] {
    const [axis, side] = hole.face;
    const b = (axis + 1) % 3;
    const d = (axis + 2) % 3;
    const n = axisVector(axis, side ? 1 : -1);
    const u = axisVector(b);
    const c: Vec3 = [...origin];
    c[axis] += side ? size[axis] : 0;
    c[b] += hole.at[0];
    c[d] += hole.at[1];
    const r = hole.diameter / 2;
    const bottom = sub(c, scale(n, hole.depth));
    const A = this.vertex(add(c, scale(u, r)));
    const B = this.vertex(sub(c, scale(u, r)));
    const A2 = this.vertex(add(bottom, scale(u, r)));
    const B2 = this.vertex(sub(bottom, scale(u, r)));
    const e1 = this.arc(A, B, c, n);
    const e2 = this.arc(B, A, c, n);
    const f1 = this.arc(A2, B2, bottom, n);
    const f2 = this.arc(B2, A2, bottom, n);
    const lA = this.line(A2, A);
    const lB = this.line(B2, B);
    const wall = this.e.add(`CYLINDRICAL_SURFACE('',#${this.placement(bottom, n, u)},${stepReal(r)})`);
    faces.push(this.face(wall, false, [[e1, true], [lB, false], [f1, false], [lA, true]]));
    faces.push(this.face(wall, false, [[e2, true], [lA, false], [f2, false], [lB, true]]));
    faces.push(this.face(this.plane(bottom, n, u), true, [[f1, true], [f2, true]]));
    return [[e2, false], [e1, false]];
  }

  /** Writes a groove's own faces (four walls and the bottom) and returns the loop it cuts in its face. */
  private groove(origin: Vec3, size: Vec3, groove: Groove, faces: number[]): LoopEdge[] {
    const [axis, side] = groove.face;
    const b = (axis + 1) % 3;
    const d = (axis + 2) % 3;
    const n = axisVector(axis, side ? 1 : -1);
    const corner = (cb: number, cd: number, depth: number): Vec3 => {
      const p: Vec3 = [...origin];
      p[axis] += (side ? size[axis] : 0) - (side ? depth : -depth);
      p[b] += cb;
      p[d] += cd;
      return p;
    };
    const ring: Array<[number, number]> = [
      [groove.min[0], groove.min[1]],
      [groove.max[0], groove.min[1]],
      [groove.max[0], groove.max[1]],
      [groove.min[0], groove.max[1]],
    ];
    const top = ring.map(([cb, cd]) => this.vertex(corner(cb, cd, 0)));
    const bottom = ring.map(([cb, cd]) => this.vertex(corner(cb, cd, groove.depth)));
    const topEdges = top.map((v, i) => this.line(v, top[(i + 1) % 4]));
    const bottomEdges = bottom.map((v, i) => this.line(v, bottom[(i + 1) % 4]));
    const risers = bottom.map((v, i) => this.line(v, top[i]));
    const centre = corner((groove.min[0] + groove.max[0]) / 2, (groove.min[1] + groove.max[1]) / 2, groove.depth);
    for (let i = 0; i < 4; i++) {
      const j = (i + 1) % 4;
      const vertices = [top[i], top[j], bottom[j], bottom[i]];
      const edges = [topEdges[i], risers[j], bottomEdges[i], risers[i]];
      // The wall looks into the channel.
      const mid = scale(add(bottom[i].p, bottom[j].p), 0.5);
      const inward = unit(sub([centre[0], centre[1], centre[2]], mid));
      const outward: Vec3 = [0, 1, 2].map((k) => (k === axis ? 0 : inward[k])) as Vec3;
      faces.push(this.face(this.plane(bottom[i].p, outward, unit(sub(bottom[j].p, bottom[i].p))), true, this.through(vertices, edges, outward)));
    }
    faces.push(this.face(this.plane(bottom[0].p, n, axisVector(b)), true, this.through(bottom, bottomEdges, n)));
    return this.through(top, topEdges, scale(n, -1));
  }

  /** The box from the origin to `size`, drilled with `holes` and grooved with `grooves`. */
  box(name: string, size: Vec3, holes: Hole[] = [], origin: Vec3 = [0, 0, 0], grooves: Groove[] = []): number {
    return this.roundedBox(name, size, 0, holes, origin, grooves);
  }

  /**
   * The box from the origin to `size` with every edge rounded to `radius` (0: sharp), drilled
   * with `holes` (which must lie inside the flat part of their face).
   */
  roundedBox(name: string, size: Vec3, radius: number, holes: Hole[] = [], origin: Vec3 = [0, 0, 0], grooves: Groove[] = []): number {
    const r = radius;
    const center = (c: number): Vec3 => [0, 1, 2].map((a) => origin[a] + ((c >> a) & 1 ? size[a] - r : r)) as Vec3;
    const corners = new Map<string, Vertex>();
    // The vertex of corner c on the face across axis a (with r = 0, the three are one).
    const vertexAt = (c: number, a: number): Vertex => {
      const key = r === 0 ? `${c}` : `${c}:${a}`;
      let vertex = corners.get(key);
      if (!vertex) {
        vertex = this.vertex(add(center(c), axisVector(a, (c >> a) & 1 ? r : -r)));
        corners.set(key, vertex);
      }
      return vertex;
    };
    const lines = new Map<string, Edge>();
    const lineOf = (c1: number, c2: number, a: number): Edge => {
      const [lo, hi] = c1 < c2 ? [c1, c2] : [c2, c1];
      const key = r === 0 ? `${lo}-${hi}` : `${a}:${lo}-${hi}`;
      let edge = lines.get(key);
      if (!edge) lines.set(key, (edge = this.line(vertexAt(lo, a), vertexAt(hi, a))));
      return edge;
    };
    const arcs = new Map<string, Edge>();
    const arcOf = (c: number, a1: number, a2: number): Edge => {
      const key = `${c}:${Math.min(a1, a2)}-${Math.max(a1, a2)}`;
      let edge = arcs.get(key);
      if (!edge) arcs.set(key, (edge = this.arc(vertexAt(c, a1), vertexAt(c, a2), center(c))));
      return edge;
    };
    const faces: number[] = [];
    const holeLoops = new Map<string, LoopEdge[][]>();
    for (const hole of holes) {
      const key = hole.face.join(':');
      holeLoops.set(key, [...(holeLoops.get(key) ?? []), this.hole(origin, size, hole, faces)]);
    }
    for (const groove of grooves) {
      const key = groove.face.join(':');
      holeLoops.set(key, [...(holeLoops.get(key) ?? []), this.groove(origin, size, groove, faces)]);
    }
    for (let a = 0; a < 3; a++) {
      const b = (a + 1) % 3;
      const d = (a + 2) % 3;
      for (const side of [0, 1] as const) {
        const at = (u: number, v: number) => (side << a) | (u << b) | (v << d);
        const ring = [at(0, 0), at(1, 0), at(1, 1), at(0, 1)];
        const vertices = ring.map((c) => vertexAt(c, a));
        const edges = ring.map((c, i) => lineOf(c, ring[(i + 1) % 4], a));
        const normal = axisVector(a, side ? 1 : -1);
        const origin = vertexAt(at(0, 0), a).p;
        faces.push(this.face(this.plane(origin, normal, axisVector(b)), true, this.through(vertices, edges, normal), holeLoops.get(`${a}:${side}`)));
      }
    }
    if (r > 0) {
      // A quarter cylinder along every edge: the edge along axis a at sides (bs, ds) of the two others.
      for (let a = 0; a < 3; a++) {
        const b = (a + 1) % 3;
        const d = (a + 2) % 3;
        for (const bs of [0, 1]) {
          for (const ds of [0, 1]) {
            const c0 = (bs << b) | (ds << d);
            const c1 = c0 | (1 << a);
            const vertices = [vertexAt(c0, b), vertexAt(c1, b), vertexAt(c1, d), vertexAt(c0, d)];
            const edges = [lineOf(c0, c1, b), arcOf(c1, b, d), lineOf(c0, c1, d), arcOf(c0, b, d)];
            const outward = add(axisVector(b, bs ? 1 : -1), axisVector(d, ds ? 1 : -1));
            const surface = this.e.add(`CYLINDRICAL_SURFACE('',#${this.placement(center(c0), axisVector(a), unit(outward))},${stepReal(r)})`);
            faces.push(this.face(surface, true, this.through(vertices, edges, outward)));
          }
        }
      }
      // A sphere octant at every corner, its axis and seam kept off the octant.
      for (let c = 0; c < 8; c++) {
        const s = [0, 1, 2].map((a) => ((c >> a) & 1 ? 1 : -1)) as Vec3;
        const vertices = [0, 1, 2].map((a) => vertexAt(c, a));
        const edges = [arcOf(c, 0, 1), arcOf(c, 1, 2), arcOf(c, 2, 0)];
        const axis = unit([s[0], -s[1], 0]);
        const surface = this.e.add(`SPHERICAL_SURFACE('',#${this.placement(center(c), axis, unit(scale(s, -1)))},${stepReal(r)})`);
        faces.push(this.face(surface, true, this.through(vertices, edges, s)));
      }
    }
    return this.solid(name, faces);
  }

  /** A cylinder of `diameter` from `base` along the unit vector `axis` for `length`. */
  cylinder(name: string, base: Vec3, axis: Vec3, diameter: number, length: number): number {
    const r = diameter / 2;
    const w = unit(axis);
    const u = unit(Math.abs(w[2]) < 0.9 ? cross([0, 0, 1], w) : cross([1, 0, 0], w));
    const top = add(base, scale(w, length));
    const A = this.vertex(add(base, scale(u, r)));
    const B = this.vertex(sub(base, scale(u, r)));
    const A2 = this.vertex(add(top, scale(u, r)));
    const B2 = this.vertex(sub(top, scale(u, r)));
    const e1 = this.arc(A, B, base, w);
    const e2 = this.arc(B, A, base, w);
    const f1 = this.arc(A2, B2, top, w);
    const f2 = this.arc(B2, A2, top, w);
    const lA = this.line(A, A2);
    const lB = this.line(B, B2);
    const wall = this.e.add(`CYLINDRICAL_SURFACE('',#${this.placement(base, w, u)},${stepReal(r)})`);
    return this.solid(name, [
      this.face(this.plane(top, w, u), true, [[f1, true], [f2, true]]),
      this.face(this.plane(base, scale(w, -1), u), true, [[e1, false], [e2, false]]),
      this.face(wall, true, [[e1, true], [lB, true], [f1, false], [lA, false]]),
      this.face(wall, true, [[e2, true], [lA, true], [f2, false], [lB, false]]),
    ]);
  }
}

function isBetween(edge: Edge, a: Vertex, b: Vertex): boolean {
  return (edge.from === a && edge.to === b) || (edge.from === b && edge.to === a);
}

/** The normal of a polygon (Newell's method): its direction says which way the ring turns. */
function newellNormal(points: Vec3[]): Vec3 {
  const n: Vec3 = [0, 0, 0];
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length];
    n[0] += (p[1] - q[1]) * (p[2] + q[2]);
    n[1] += (p[2] - q[2]) * (p[0] + q[0]);
    n[2] += (p[0] - q[0]) * (p[1] + q[1]);
  });
  return n;
}
