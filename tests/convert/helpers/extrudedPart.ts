/**
 * A part made by extruding a polygon, as OpenCascade's triangles grouped by B-rep face: the two
 * caps (ear-clipped) and one flat face per side. For the machining reader's outline and rebates.
 */
import type { PartTriangles } from '../../../server/convert/machining/faceSurfaces';

type P2 = [number, number];

function area(poly: P2[]): number {
  return poly.reduce((s, [x1, y1], i) => {
    const [x2, y2] = poly[(i + 1) % poly.length];
    return s + x1 * y2 - x2 * y1;
  }, 0) / 2;
}

/** Triangles of a simple counter-clockwise polygon (ear clipping). */
function earClip(poly: P2[]): Array<[number, number, number]> {
  const left = poly.map((_, i) => i);
  const out: Array<[number, number, number]> = [];
  const cross = (a: P2, b: P2, c: P2) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const inside = (p: P2, a: P2, b: P2, c: P2) => cross(a, b, p) > 0 && cross(b, c, p) > 0 && cross(c, a, p) > 0;
  while (left.length > 3) {
    let clipped = false;
    for (let k = 0; k < left.length; k++) {
      const [i, j, l] = [left[(k + left.length - 1) % left.length], left[k], left[(k + 1) % left.length]];
      if (cross(poly[i], poly[j], poly[l]) <= 0) continue;
      if (left.some((m) => m !== i && m !== j && m !== l && inside(poly[m], poly[i], poly[j], poly[l]))) continue;
      out.push([i, j, l]);
      left.splice(k, 1);
      clipped = true;
      break;
    }
    if (!clipped) throw new Error('not a simple polygon');
  }
  out.push([left[0], left[1], left[2]]);
  return out;
}

/**
 * `polygon` (counter-clockwise, mm) in the plane of axes (a, b), extruded along axis c from 0 to
 * `depth`: axes are indices into (x, y, z) forming a right-handed triple.
 */
export function extrudedPart(polygon: P2[], depth: number, [a, b, c]: [number, number, number] = [0, 1, 2]): PartTriangles {
  const poly = area(polygon) < 0 ? [...polygon].reverse() : polygon;
  const points: number[] = [];
  const index: number[] = [];
  const faces: Array<{ first: number; last: number }> = [];
  const vertex = ([u, v]: P2, w: number) => {
    const p = [0, 0, 0];
    p[a] = u;
    p[b] = v;
    p[c] = w;
    points.push(...p);
    return points.length / 3 - 1;
  };
  const face = (triangles: Array<[number, number, number]>) => {
    const first = index.length / 3;
    for (const t of triangles) index.push(...t);
    faces.push({ first, last: index.length / 3 - 1 });
  };
  const ears = earClip(poly);
  const top = poly.map((p) => vertex(p, depth));
  face(ears.map(([i, j, k]) => [top[i], top[j], top[k]]));
  const bottom = poly.map((p) => vertex(p, 0));
  face(ears.map(([i, j, k]) => [bottom[i], bottom[k], bottom[j]]));
  poly.forEach((p, i) => {
    const q = poly[(i + 1) % poly.length];
    const [p0, q0, q1, p1] = [vertex(p, 0), vertex(q, 0), vertex(q, depth), vertex(p, depth)];
    face([
      [p0, q0, q1],
      [p0, q1, p1],
    ]);
  });
  return { points: Float64Array.from(points), index, faces };
}
