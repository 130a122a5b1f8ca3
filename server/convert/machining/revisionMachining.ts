/**
 * The machining of a revision: each part's panel read once per distinct part (readPanel.ts) where
 * the reader still holds its B-rep faces, then tied to the GLB's nodes. The GLB writer makes one
 * glTF node per scene node in depth-first order (glbWriter.ts), so a scene node's place in that
 * walk is its node index; a node placed through a mirroring transform gets the mirrored panel.
 */
import { mirrorPanel, type PanelGeometry, type RevisionMachining } from '../../../src/model/machining/panelMachining.js';
import { IDENTITY, multiply, type SceneModel, type SceneNode } from '../scene.js';
import { partTrianglesOf, readPanel } from './readPanel.js';

/** A part's panel, or null (not a panel, or its faces could not be read: the conversion goes on without it). */
export function panelOfPart(positions: ArrayLike<number>, index: ArrayLike<number>, faces: ReadonlyArray<{ first: number; last: number }> | undefined): PanelGeometry | null {
  // MACHINING_READ=0 leaves it out: the reference of `npm run bench -- machining`.
  if (!faces || faces.length === 0 || process.env.MACHINING_READ === '0') return null;
  try {
    return readPanel(partTrianglesOf(positions, index, faces));
  } catch (error) {
    console.warn('machining: a part could not be read:', error);
    return null;
  }
}

function determinant3(m: readonly number[]): number {
  return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) + m[8] * (m[1] * m[6] - m[5] * m[2]);
}

/** The revision's machining, or null when no part is a panel read from a B-rep. */
export function machiningOfScene(scene: SceneModel): RevisionMachining | null {
  const shapes: PanelGeometry[] = [];
  const shapeIndex = new Map<PanelGeometry, [number | undefined, number | undefined]>();
  const nodes: Array<[number, number]> = [];
  let next = 0;
  const visit = (node: SceneNode, parent: readonly number[]) => {
    const index = next++;
    const world = node.matrix ? multiply(parent, node.matrix) : parent;
    const panel = node.mesh !== undefined ? scene.meshes[node.mesh]?.panel : undefined;
    if (panel) {
      const mirrored = determinant3(world) < 0 ? 1 : 0;
      const known = shapeIndex.get(panel) ?? [undefined, undefined];
      if (known[mirrored] === undefined) {
        known[mirrored] = shapes.push(mirrored ? mirrorPanel(panel) : panel) - 1;
        shapeIndex.set(panel, known);
      }
      nodes.push([index, known[mirrored]!]);
    }
    for (const child of node.children) visit(child, world);
  };
  for (const root of scene.roots) visit(root, IDENTITY);
  return nodes.length > 0 ? { version: 1, shapes, nodes } : null;
}
