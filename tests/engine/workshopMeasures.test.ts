/**
 * The workshop measures on generated models: every expected value comes from the generator's
 * inputs (panel 18 mm, front 19 mm, depth 560 mm, height 720 mm, legs 100 mm, handles 30 mm deep,
 * 3/4 in panels in inches), never from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { boundsOf, generateAssembly } from '../../samples/generate';
import { mitredBoardGeometry } from '../../samples/mitredPart';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import type { ModelSource } from '../../src/engine/geometry/modelSource';
import { PartPicker } from '../../src/engine/geometry/partPicker';
import { withDescendants } from '../../src/engine/load/partTree';
import { boundsOfParts, boxSize, edgeAngle, faceAngle, faceGap } from '../../src/engine/measure/faceMeasures';
import type { Vec3 } from '../../src/engine/types';
import { formatLength } from '../../src/model/units/lengthFormat';
import { assemblyOf, cabinet, faceHit, load, type LoadedModel, m, partNamed } from './workshopModels';

const MM = 1e-4; // 0.1 mm in metres
const DEG = 0.1;

describe('a metric base cabinet 600 mm wide', async () => {
  const model = await load(assemblyOf([cabinet({ kind: 'base-doors', width: 600, unit: 'mm' })]));
  const inside: Vec3 = [m(300), m(100 + 180), m(280)];
  const left = () => faceHit(model, partNamed(model, 'Base cabinet 1', 'Left side'), inside, [-1, 0, 0]);
  const right = () => faceHit(model, partNamed(model, 'Base cabinet 1', 'Right side'), inside, [1, 0, 0]);

  it('measures the inside width between the two sides: 600 - 2 x 18 mm', () => {
    const a = left();
    const gap = faceGap(a.face, right().face, a.point);
    expect(gap).not.toBeNull();
    expect(Math.abs(gap!.distance - m(564))).toBeLessThan(MM);
    // The dimension line is square to the faces and starts where the first face was picked.
    expect(gap!.from[1]).toBeCloseTo(inside[1], 6);
    expect(Math.abs(gap!.to[0] - m(582))).toBeLessThan(MM);
    expect(formatLength(gap!.distance, 'mm')).toBe('564.0 mm');
    expect(formatLength(gap!.distance, 'in16')).toBe('22 3/16"');
  });

  it('finds each whole face from the model triangles (a side face is two triangles of 560 x 720 mm)', () => {
    const { face } = left();
    expect(face.triangles).toHaveLength(2);
    // Within 0.1 mm on each edge: (560 + 720) x 0.1 mm².
    expect(Math.abs(face.area - m(560) * m(720))).toBeLessThan(m(560 + 720) * MM);
    expect(face.normal[0]).toBeCloseTo(1, 6);
  });

  it('reads 90 degrees at the carcass corner (side inner face, bottom top face)', () => {
    const bottom = faceHit(model, partNamed(model, 'Base cabinet 1', 'Bottom'), [m(300), m(400), m(280)], [0, -1, 0]);
    expect(Math.abs(bottom.face.point[1] - m(100 + 18))).toBeLessThan(MM);
    expect(Math.abs(faceAngle(left().face, bottom.face) - 90)).toBeLessThan(DEG);
    expect(faceGap(left().face, bottom.face)).toBeNull();
  });

  it('measures the door thickness face to face: 19 mm', () => {
    const door = partNamed(model, 'Base cabinet 1', 'Left door');
    const front = faceHit(model, door, [m(150), m(450), 2], [0, 0, -1]);
    const back = faceHit(model, door, [m(150), m(450), -2], [0, 0, 1]);
    expect(Math.abs(front.face.point[2] - m(560 + 19))).toBeLessThan(MM);
    expect(Math.abs(faceGap(front.face, back.face, front.point)!.distance - m(19))).toBeLessThan(MM);
    expect(Math.abs(faceAngle(front.face, back.face))).toBeLessThan(DEG);
  });

  it('gives the overall dimensions of the cabinet: 600 wide, 720 + 100 legs high, 560 + 19 door + 30 handle deep', () => {
    const cabinetId = model.tree.nodes[model.tree.roots[0]].children[0];
    const parts = [...withDescendants(model.tree, [cabinetId])].map((id) => model.partOf.get(id)).filter((p) => p !== undefined);
    const size = boxSize(boundsOfParts(model.built.partBounds, parts)!);
    expectSize(size, [600, 820, 609]);
  });
});

describe('an inch cabinet 23 1/2 in wide', async () => {
  const model = await load(assemblyOf([cabinet({ kind: 'base-doors', width: 23.5, unit: 'in', offset: [0, 0, 0] })]));
  it('measures the inside width 23 1/2 - 2 x 3/4 = 22 in', () => {
    const inside: Vec3 = [m(300), m(250), m(300)];
    const a = faceHit(model, partNamed(model, 'Base cabinet 1', 'Left side'), inside, [-1, 0, 0]);
    const b = faceHit(model, partNamed(model, 'Base cabinet 1', 'Right side'), inside, [1, 0, 0]);
    const gap = faceGap(a.face, b.face, a.point)!;
    expect(Math.abs(gap.distance - m(22 * 25.4))).toBeLessThan(MM);
    for (const format of ['in16', 'in32', 'in64'] as const) expect(formatLength(gap.distance, format)).toBe('22"');
  });
});

describe('the kitchen', async () => {
  const assembly = generateAssembly({ parts: 400, seed: 7 });
  const model: LoadedModel = await load(assembly);
  it('gives the overall dimensions of the whole kitchen as the generator placed its parts', () => {
    const [min, max] = boundsOf(assembly.root.children);
    const all = Array.from({ length: model.partCount }, (_, i) => i);
    expectSize(boxSize(boundsOfParts(model.built.partBounds, all)!), [0, 1, 2].map((i) => max[i] - min[i]));
  });
});

/** Rotation of `degrees` about Z, then a move: Babylon's row-vector layout. */
function placement(degrees: number, move: Vec3): number[] {
  const r = (degrees * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, move[0], move[1], move[2], 1];
}

function apply(mx: number[], p: Vec3, w = 1): Vec3 {
  return [0, 1, 2].map((k) => p[0] * mx[k] + p[1] * mx[4 + k] + p[2] * mx[8 + k] + w * mx[12 + k]) as unknown as Vec3;
}

describe.each([45, 22.5, 60])('a board mitred at %s degrees (turned and moved)', (angle) => {
  const board = { length: m(500), thickness: m(19), width: m(90), angle };
  const g = mitredBoardGeometry(board);
  const matrix = placement(20, [1, 0.5, -0.3]);
  const source: ModelSource = {
    parts: [{ id: '0', pieces: [{ geometry: { id: 0, kind: 'triangles', positions: g.positions, normals: g.normals, uvs: null, indices: g.indices }, material: 0, matrix }] }],
    materials: [{ index: 0, name: 'Oak', color: [0.6, 0.4, 0.2], alpha: 1, doubleSided: false }],
  };
  const picker = new PartPicker(buildBatches(source), 1);
  const faceAlong = (localPoint: Vec3, localDir: Vec3) => {
    const origin = apply(matrix, [localPoint[0] - localDir[0], localPoint[1] - localDir[1], localPoint[2] - localDir[2]]);
    const hit = picker.pick(origin, apply(matrix, localDir, 0), new Uint8Array([1]));
    return picker.faceAt(hit!)!;
  };
  const inset = board.thickness / Math.tan((angle * Math.PI) / 180);
  const longFace = () => faceAlong([board.length / 2, 0, board.width / 2], [0, 1, 0]);
  const cutFace = () => faceAlong([inset / 2, board.thickness / 2, board.width / 2], [1, 0, 0]);

  it('reads the mitre angle between the cut and the long face', () => {
    expect(Math.abs(faceAngle(longFace(), cutFace()) - angle)).toBeLessThan(DEG);
  });

  it('reads the mitre angle between the long edge and the cut edge that meet at the corner', () => {
    const corner = apply(matrix, [0, 0, 0]);
    const longEdge = [corner, apply(matrix, [board.length, 0, 0])] as const;
    const cutEdge = [apply(matrix, [inset, board.thickness, 0]), corner] as const;
    expect(Math.abs(edgeAngle(longEdge, cutEdge) - angle)).toBeLessThan(DEG);
  });
});

function expectSize(size: Vec3, mm: readonly number[]): void {
  for (let i = 0; i < 3; i++) expect(Math.abs(size[i] - m(mm[i]))).toBeLessThan(MM);
}
