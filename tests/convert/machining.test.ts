/**
 * Machining read from the geometry: a generated drilled job through the real converter (OpenCascade,
 * part by part and whole file), every hole, cup and groove the generator made found at its place
 * within 0.1 mm with its diameter and depth, none invented; the same part turned or mirrored reads
 * the same (or its mirror); parts that are not panels carry nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AssemblyNode } from '../../samples/assembly.js';
import { generateJob, jobPanelOperations, jobToStep } from '../../samples/realJob/job.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { readWithOcct } from '../../server/convert/importers/occtImporter.js';
import { machiningOfScene } from '../../server/convert/machining/revisionMachining.js';
import { partTrianglesOf, readPanel } from '../../server/convert/machining/readPanel.js';
import type { SceneModel } from '../../server/convert/scene.js';
import { workshopPartsOf } from '../../src/model/cutting/workshopParts.js';
import { mirrorPanel, revisionMachiningSchema, type PanelGeometry } from '../../src/model/machining/panelMachining.js';
import { namedTreeOfGlb } from '../../src/model/parts/gltfPartTree.js';
import { expectedRows, rowsOfPanel, sameRows, turnedRows } from './helpers/machiningOracle.js';
import { extrudedPart } from './helpers/extrudedPart.js';

type Vec3 = [number, number, number];

/** Every generated leaf by its encoded name, with its size in the STEP file's Z-up space. */
function generatedParts(root: AssemblyNode): Map<string, Vec3> {
  const out = new Map<string, Vec3>();
  const visit = (node: AssemblyNode) => {
    if (node.box) out.set(node.name, [node.box.size[0], node.box.size[2], node.box.size[1]].map(Math.abs) as Vec3);
    node.children.forEach(visit);
  };
  visit(root);
  return out;
}

const displayName = (raw: string) => raw.slice(0, raw.indexOf('+'));

function expectedFor(raw: string, size: Vec3) {
  const { holes, grooves } = jobPanelOperations(displayName(raw), size);
  return { frames: expectedRows(size, holes, grooves), count: holes.length + grooves.length };
}

const job = generateJob({ cabinets: 4, seed: 11 });
const parts = generatedParts(job.root);
const bytes = new TextEncoder().encode(jobToStep(job, { shared: true }));

describe('machining read from a drilled job', () => {
  it('finds every hole, cup and groove the generator made, at its place, and nothing else (part by part)', async () => {
    const out = await convertFile({ fileName: 'job.stp', bytes });
    expect(out.machining).not.toBeNull();
    const machining = revisionMachiningSchema.parse(JSON.parse(new TextDecoder().decode(out.machining!)));
    const tree = namedTreeOfGlb(out.glb)!;
    const boards = new Set(workshopPartsOf(tree, { materials: [] }).parts.map((p) => p.id));
    const byNode = new Map(machining.nodes.map(([node, shape]) => [String(node), machining.shapes[shape]]));
    let operations = 0;
    let panels = 0;
    for (const [id, node] of Object.entries(tree.nodes)) {
      const size = parts.get(node.rawName);
      if (!size) continue;
      const { frames, count } = expectedFor(node.rawName, size);
      const found = byNode.get(id);
      if (!boards.has(id)) continue;
      // Every board is read as a panel, with what was made in it.
      expect(found, node.rawName).toBeDefined();
      panels++;
      const rows = rowsOfPanel(found!);
      expect(frames.some((frame) => sameRows(rows, frame)), `${node.rawName}: ${JSON.stringify(rows)} vs ${JSON.stringify(frames[0])}`).toBe(true);
      // The reference face is the one most operations open on.
      const top = rows.filter((r) => r[1] === 'top').length;
      expect(top).toBeGreaterThanOrEqual(rows.filter((r) => r[1] === 'bottom').length);
      operations += count;
    }
    expect(panels).toBeGreaterThan(30);
    // 4 cabinets: sides with 2 x 16 system holes and a groove, tops and bottoms with 4 dowels, doors with 2 cups.
    expect(operations).toBeGreaterThan(150);
  }, 120_000);

  it('ties each panel to the GLB node that draws it', async () => {
    const out = await convertFile({ fileName: 'job.stp', bytes });
    const machining = revisionMachiningSchema.parse(JSON.parse(new TextDecoder().decode(out.machining!)));
    const tree = namedTreeOfGlb(out.glb)!;
    for (const [node, shape] of machining.nodes) {
      const raw = tree.nodes[String(node)]?.rawName;
      expect(raw, `node ${node}`).toBeDefined();
      const size = parts.get(raw!);
      expect(size, raw).toBeDefined();
      const sorted = [...size!].sort((a, b) => a - b);
      const panel = machining.shapes[shape];
      expect([panel.thickness, panel.width, panel.length]).toEqual(sorted.map((v) => expect.closeTo(v, 1)));
    }
  }, 120_000);

  it('reads the same from the whole-file reader, where OpenCascade places every part', async () => {
    const result = await readWithOcct('step', bytes);
    let checked = 0;
    for (const mesh of result.meshes) {
      const raw = [...parts.keys()].find((name) => name === mesh.name);
      if (!raw) continue;
      const { frames, count } = expectedFor(raw, parts.get(raw)!);
      if (count === 0) continue;
      const panel = readPanel(partTrianglesOf(mesh.attributes.position.array, mesh.index.array, mesh.brep_faces));
      expect(panel, raw).not.toBeNull();
      expect(frames.some((frame) => sameRows(rowsOfPanel(panel!), frame)), raw).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  }, 120_000);

  describe('one part, turned and mirrored', async () => {
    const result = await readWithOcct('step', bytes);
    const side = result.meshes.find((m) => m.name.startsWith('Left side+'))!;
    const door = result.meshes.find((m) => m.name.startsWith('Door+') || m.name.startsWith('Left door+'))!;
    const read = (mesh: typeof side, transform: (p: Vec3) => Vec3, flip = false) => {
      const p = mesh.attributes.position.array;
      const moved: number[] = [];
      for (let i = 0; i < p.length; i += 3) moved.push(...transform([p[i], p[i + 1], p[i + 2]]));
      // A mirror turns the triangles inside out: their order is reversed to keep them facing out.
      const index = [...mesh.index.array];
      if (flip) for (let t = 0; t < index.length; t += 3) [index[t + 1], index[t + 2]] = [index[t + 2], index[t + 1]];
      return readPanel(partTrianglesOf(moved, index, mesh.brep_faces))!;
    };
    const rotate = (p: Vec3): Vec3 => {
      // 30 degrees about (1, 2, 3), then 5 m away.
      const [x, y, z] = p;
      const k = [1, 2, 3].map((v) => v / Math.hypot(1, 2, 3));
      const c = Math.cos(Math.PI / 6);
      const s = Math.sin(Math.PI / 6);
      const d = k[0] * x + k[1] * y + k[2] * z;
      const cross = [k[1] * z - k[2] * y, k[2] * x - k[0] * z, k[0] * y - k[1] * x];
      return [0, 1, 2].map((i) => p[i] * c + cross[i] * s + k[i] * d * (1 - c) + 5) as Vec3;
    };
    const same = (a: PanelGeometry, b: PanelGeometry) => turnedRows(rowsOfPanel(b), b.length, b.width, b.thickness).some((rows) => sameRows(rowsOfPanel(a), rows));

    it.each([
      ['a drilled side', side],
      ['a door with hinge cups', door],
    ])('%s reads the same in any rotation', (_, mesh) => {
      const plain = read(mesh, (p) => p);
      const turned = read(mesh, rotate);
      expect(turned.bores.length + turned.grooves.length).toBe(plain.bores.length + plain.grooves.length);
      expect(same(turned, plain)).toBe(true);
      expect([turned.length, turned.width, turned.thickness]).toEqual([plain.length, plain.width, plain.thickness].map((v) => expect.closeTo(v, 1)));
    });

    it.each([
      ['a drilled side', side],
      ['a door with hinge cups', door],
    ])('%s placed through a mirror reads as its mirror', (_, mesh) => {
      const plain = read(mesh, (p) => p);
      const mirrored = read(mesh, ([x, y, z]) => rotate([-x, y, z]), true);
      expect(same(mirrored, mirrorPanel(plain))).toBe(true);
      // The mirror is another hand: its operations are not those of the part turned over (the side's rows are not symmetric).
      if (mesh === side) expect(same(mirrored, plain)).toBe(false);
    });

    it('a scene node placed through a mirroring matrix gets the mirrored panel', () => {
      const panel = read(side, (p) => p);
      const scene: SceneModel = {
        roots: [
          { name: 'A', mesh: 0, children: [] },
          { name: 'B', mesh: 0, matrix: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], children: [] },
        ],
        meshes: [{ name: 'side', primitives: [], panel }],
        materials: [],
      };
      const machining = machiningOfScene(scene)!;
      expect(machining.nodes).toEqual([
        [0, 0],
        [1, 1],
      ]);
      expect(machining.shapes[1]).toEqual(mirrorPanel(panel));
    });
  });

  it('hardware and solid parts are not panels', async () => {
    const result = await readWithOcct('step', bytes);
    for (const prefix of ['Leg+', 'Shelf pin+']) {
      const mesh = result.meshes.find((m) => m.name.startsWith(prefix));
      expect(mesh, prefix).toBeDefined();
      expect(readPanel(partTrianglesOf(mesh!.attributes.position.array, mesh!.index.array, mesh!.brep_faces)), prefix).toBeNull();
    }
  }, 60_000);
});

describe('outlines and rebates read from the faces', () => {
  it('a shelf notched at a corner keeps its notch in the outline', () => {
    // 600 x 400, a 100 x 60 notch at the far corner (around a pipe), 18 thick.
    const notched: Array<[number, number]> = [[0, 0], [600, 0], [600, 340], [500, 340], [500, 400], [0, 400]];
    const panel = readPanel(extrudedPart(notched, 18))!;
    expect([panel.length, panel.width, panel.thickness]).toEqual([600, 400, 18]);
    expect(panel.outline).toHaveLength(6);
    const area = panel.outline.reduce((s, [x1, y1], i) => {
      const [x2, y2] = panel.outline[(i + 1) % panel.outline.length];
      return s + x1 * y2 - x2 * y1;
    }, 0) / 2;
    // Counter-clockwise, and the notch's 100 x 60 missing.
    expect(area).toBeCloseTo(600 * 400 - 100 * 60, 3);
    expect(panel.bores).toEqual([]);
    expect(panel.grooves).toEqual([]);
  });

  it('a side rebated along its back edge for the back has a rebate, not a groove', () => {
    // Cross-section across the width (y) and thickness (z): 300 wide, 18 thick, a 10 x 6 rebate at y = 290..300.
    const section: Array<[number, number]> = [[0, 0], [300, 0], [300, 12], [290, 12], [290, 18], [0, 18]];
    const panel = readPanel(extrudedPart(section, 700, [1, 2, 0]))!;
    expect([panel.length, panel.width, panel.thickness]).toEqual([700, 300, 18]);
    expect(panel.grooves).toHaveLength(1);
    const [rebate] = panel.grooves;
    expect(rebate.kind).toBe('rebate');
    expect(rebate.width).toBeCloseTo(10, 2);
    expect(rebate.depth).toBeCloseTo(6, 2);
    expect(Math.abs(rebate.to[0] - rebate.from[0])).toBeCloseTo(700, 2);
    // Its centre line runs 5 mm in from the edge it is cut along.
    expect([rebate.from[1], 300 - rebate.from[1]]).toContainEqual(expect.closeTo(5, 2));
  });
});
