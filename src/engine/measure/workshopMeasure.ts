/**
 * The workshop measures from picks, as pure functions (no Babylon): two parallel faces give their
 * gap, two faces or two edges their angle, a box its overall dimensions; each with the dimension
 * lines the view draws.
 */
import type { Bounds, DimensionLine, EdgePick, FacePick, Vec3, WorkshopMeasure, WorkshopMeasureKind } from '../types';
import { boxSize, edgeAngle, faceAngle, faceGap } from './faceMeasures';
import type { FacePlane } from './facePlane';

function plane(face: FacePick): FacePlane {
  return { normal: face.normal, point: face.planePoint, area: 0, triangles: [] };
}

export function emptyMeasure(id: string, kind: WorkshopMeasureKind): WorkshopMeasure {
  return { id, kind, faces: [], edges: [], value: null, size: null, partIds: null, problem: null, lines: [] };
}

function isComplete(m: WorkshopMeasure): boolean {
  return m.kind === 'overall' ? m.size !== null : m.faces.length + m.edges.length >= 2;
}

/**
 * The measure after one more pick: a face for a gap; a face or an edge for an angle (an angle
 * takes two of a kind: a pick of the other kind starts again from it). A complete measure starts
 * again from the new pick, under `nextId`.
 */
export function withPick(m: WorkshopMeasure, pick: { face?: FacePick; edge?: EdgePick }, nextId: string): WorkshopMeasure {
  let base = isComplete(m) ? emptyMeasure(nextId, m.kind) : m;
  if (pick.edge && base.faces.length > 0) base = emptyMeasure(base.id, m.kind);
  if (pick.face && base.edges.length > 0) base = emptyMeasure(base.id, m.kind);
  const faces = pick.face ? [...base.faces, pick.face] : base.faces;
  const edges = pick.edge && m.kind === 'angle' ? [...base.edges, pick.edge] : base.edges;
  return evaluate({ ...base, faces, edges });
}

function evaluate(m: WorkshopMeasure): WorkshopMeasure {
  if (m.kind === 'faceDistance' && m.faces.length === 2) {
    const [a, b] = m.faces;
    const gap = faceGap(plane(a), plane(b), a.point);
    if (!gap) return { ...m, value: null, problem: 'notParallel', lines: [] };
    return { ...m, value: gap.distance, problem: null, lines: [{ from: gap.from, to: gap.to, value: gap.distance, kind: 'length' }] };
  }
  if (m.kind === 'angle' && m.faces.length === 2) {
    const [a, b] = m.faces;
    const degrees = faceAngle(plane(a), plane(b));
    return { ...m, value: degrees, lines: [{ from: a.point, to: b.point, value: degrees, kind: 'angle' }] };
  }
  if (m.kind === 'angle' && m.edges.length === 2) {
    const [a, b] = m.edges;
    const degrees = edgeAngle([a.from, a.to], [b.from, b.to]);
    return {
      ...m,
      value: degrees,
      lines: [
        { from: a.from, to: a.to, value: degrees, kind: 'angle' },
        { from: b.from, to: b.to, value: degrees, kind: 'angle' },
      ],
    };
  }
  return { ...m, value: null, problem: null, lines: [] };
}

/**
 * Overall dimensions of a box: width along its lower front edge, height up its front left edge,
 * depth along its lower right edge (model space: X width, Y up, Z towards the front).
 */
export function overallMeasure(id: string, bounds: Bounds, partIds: string[] | null): WorkshopMeasure {
  const size = boxSize(bounds);
  const { min, max } = bounds;
  const corner: Vec3 = [min[0], min[1], max[2]];
  const lines: DimensionLine[] = [
    { from: corner, to: [max[0], min[1], max[2]], value: size[0], kind: 'length', axis: 'x' },
    { from: corner, to: [min[0], max[1], max[2]], value: size[1], kind: 'length', axis: 'y' },
    { from: [max[0], min[1], min[2]], to: [max[0], min[1], max[2]], value: size[2], kind: 'length', axis: 'z' },
  ];
  return { ...emptyMeasure(id, 'overall'), size, value: null, partIds, lines };
}
