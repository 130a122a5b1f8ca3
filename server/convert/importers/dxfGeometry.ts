/**
 * Geometry of DXF entities in their block's coordinates (file units, Z up): faces as flat-shaded
 * triangles, 2D entities as line segments, entities with a thickness extruded along Z.
 */
export type Vec3 = [number, number, number];

export class GeometryBuffer {
  readonly triangles: number[] = [];
  readonly lines: number[] = [];

  triangle(a: Vec3, b: Vec3, c: Vec3): void {
    this.triangles.push(...a, ...b, ...c);
  }

  /** A quad or triangle (DXF repeats the third corner for triangles); degenerate parts are dropped. */
  face(corners: Vec3[]): void {
    const unique = corners.filter((p, i) => i === 0 || !same(p, corners[i - 1]));
    if (unique.length > 3 && same(unique[unique.length - 1], unique[0])) unique.pop();
    for (let i = 1; i + 1 < unique.length; i++) this.triangle(unique[0], unique[i], unique[i + 1]);
  }

  segment(a: Vec3, b: Vec3): void {
    this.lines.push(...a, ...b);
  }

  /** A polyline, as lines, or extruded by `thickness` into a band of quads. */
  polyline(points: Vec3[], closed: boolean, thickness: number): void {
    const n = points.length;
    const count = closed ? n : n - 1;
    for (let i = 0; i < count; i++) {
      const a = points[i];
      const b = points[(i + 1) % n];
      if (thickness) this.face([a, b, up(b, thickness), up(a, thickness)]);
      else this.segment(a, b);
    }
  }

  isEmpty(): boolean {
    return this.triangles.length === 0 && this.lines.length === 0;
  }
}

function same(a: Vec3, b: Vec3): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

function up(p: Vec3, h: number): Vec3 {
  return [p[0], p[1], p[2] + h];
}

/** Points of an arc (angles in radians, counter-clockwise), at most 10 degrees apart. */
export function arcPoints(center: Vec3, radius: number, start: number, sweep: number): Vec3[] {
  const steps = Math.max(2, Math.ceil(Math.abs(sweep) / (Math.PI / 18)));
  const points: Vec3[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = start + (sweep * i) / steps;
    points.push([center[0] + radius * Math.cos(angle), center[1] + radius * Math.sin(angle), center[2]]);
  }
  return points;
}

/** Expands polyline bulges (arc segments) into straight segments. */
export function withBulges(vertices: Array<{ x: number; y: number; z?: number; bulge?: number }>, closed: boolean, elevation = 0): Vec3[] {
  const out: Vec3[] = [];
  const n = vertices.length;
  for (let i = 0; i < n; i++) {
    const v = vertices[i];
    const p: Vec3 = [v.x, v.y, v.z ?? elevation];
    out.push(p);
    const next = vertices[(i + 1) % n];
    if (!v.bulge || (!closed && i === n - 1)) continue;
    const q: Vec3 = [next.x, next.y, next.z ?? elevation];
    const sweep = 4 * Math.atan(v.bulge);
    const chord = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (chord === 0) continue;
    const radius = chord / (2 * Math.sin(Math.abs(sweep) / 2));
    const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    const toCenter = Math.sqrt(Math.max(0, radius * radius - (chord / 2) ** 2)) * Math.sign(v.bulge) * (Math.abs(sweep) > Math.PI ? -1 : 1);
    const nx = -(q[1] - p[1]) / chord;
    const ny = (q[0] - p[0]) / chord;
    const center: Vec3 = [mid[0] + nx * toCenter, mid[1] + ny * toCenter, p[2]];
    const start = Math.atan2(p[1] - center[1], p[0] - center[0]);
    const arc = arcPoints(center, radius, start, sweep);
    out.push(...arc.slice(1, -1));
  }
  return out;
}
