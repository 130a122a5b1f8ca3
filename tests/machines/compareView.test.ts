/**
 * What a revision comparison paints, from the server's differences to the engine's tints: a job of
 * 20 cabinets becomes 22 and its own information text changes ("Kitchen (info)"); the new cabinets
 * and their parts are painted added, the job alone changed (its own geometry: none), not the 592
 * parts under it. A cabinet that moved carries its parts with it.
 */
import { describe, expect, it } from 'vitest';
import { diffRevisions } from '../../server/domain/revisionDiff';
import { compareViewOf, paintedParts } from '../../src/machines/viewer/owner/compareView';
import type { PartTree } from '../../src/model/viewerVocabulary';

interface JobNode {
  name: string;
  children?: number[];
  translation?: number[];
}

/** A job of `cabinets` cabinets of 4 panels each, its name carrying its information text. */
function job(cabinets: number, info: string) {
  const nodes: JobNode[] = [{ name: `Kitchen+2170x600x${cabinets * 600}mm|${info}`, children: [] }];
  for (let c = 0; c < cabinets; c++) {
    const cabinet = nodes.length;
    nodes[0].children!.push(cabinet);
    nodes.push({ name: `Base cabinet ${c + 1}+720x560x600mm`, children: [cabinet + 1, cabinet + 2, cabinet + 3, cabinet + 4], translation: [c * 0.6, 0, 0] });
    nodes.push({ name: 'Left side+720x18x560mm|White' }, { name: 'Right side+720x18x560mm|White' }, { name: 'Bottom+564x18x560mm|White' }, { name: 'Back+720x8x564mm|HDF' });
  }
  return { scenes: [{ nodes: [0] }], nodes };
}

/** The viewer's part tree of such a job (ids are node indices, as the engine's). */
function treeOf(gltf: ReturnType<typeof job>): PartTree {
  const nodes: PartTree['nodes'] = {};
  gltf.nodes.forEach((node, i) => {
    nodes[String(i)] = { id: String(i), name: node.name, rawName: node.name, children: (node.children ?? []).map(String), parent: null, size: null, additionalInfo: null, isVisible: true };
  });
  for (const node of Object.values(nodes)) for (const child of node.children) nodes[child].parent = node.id;
  return { roots: ['0'], nodes };
}

const descendantsOf = (tree: PartTree, id: string): string[] => tree.nodes[id].children.flatMap((c) => [c, ...descendantsOf(tree, c)]);

describe('the revision comparison painted', () => {
  it('20 -> 22 cabinets with the job\'s information changed: the new cabinets added, the job alone changed, none of its parts', () => {
    const older = job(20, 'Kitchen');
    const newer = job(22, 'Kitchen (info)');
    const changes = { from: 1, to: 2, ...diffRevisions(older, newer) };
    expect(changes.counts).toEqual({ added: 10, removed: 0, changed: 1, unchanged: 100 });
    const tree = treeOf(newer);
    const painted = paintedParts(compareViewOf(changes, false), tree);
    expect(painted.changed).toEqual(['0']);
    const newCabinets = tree.nodes['0'].children.slice(20);
    expect(painted.added.sort()).toEqual(newCabinets.flatMap((id) => [id, ...descendantsOf(tree, id)]).sort());
    // No unchanged part takes a colour.
    const unchanged = tree.nodes['0'].children.slice(0, 20).flatMap((id) => [id, ...descendantsOf(tree, id)]);
    expect(unchanged.filter((id) => painted.added.includes(id) || painted.changed.includes(id))).toEqual([]);
  });

  it('a cabinet that moved is painted with its parts; a panel renamed alone', () => {
    const older = job(3, 'Kitchen');
    const newer = job(3, 'Kitchen');
    newer.nodes[6].translation = [2, 0, 0];
    newer.nodes[15].name = 'Back+720x8x564mm|Oak veneer';
    const view = compareViewOf({ from: 1, to: 2, ...diffRevisions(older, newer) }, true);
    expect(view).toEqual({ added: [], changed: ['6', '15'], moved: ['6'], onlyChanges: true });
    expect(paintedParts(view, treeOf(newer)).changed.sort()).toEqual(['10', '15', '6', '7', '8', '9'].sort());
    // Without the tree (not loaded yet), the changed nodes themselves.
    expect(paintedParts(view, null)).toEqual({ added: [], changed: ['6', '15'] });
    expect(compareViewOf(null, false)).toEqual({ added: [], changed: [], moved: [], onlyChanges: false });
  });
});
