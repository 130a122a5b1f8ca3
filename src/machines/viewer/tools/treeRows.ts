/**
 * The rows the hierarchy panel draws: only nodes whose ancestors are all expanded, in tree
 * order, with their depth. Keeps a 10,000-node tree cheap: collapsed branches are never walked.
 */
import type { PartTree } from '../viewerTypes';

interface TreeRow {
  id: string;
  depth: number;
  hasChildren: boolean;
}

export function visibleRows(tree: PartTree, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: Array<[string, number]> = tree.roots.map((id) => [id, 0] as [string, number]).reverse();
  while (stack.length > 0) {
    const [id, depth] = stack.pop()!;
    const node = tree.nodes[id];
    if (!node) continue;
    rows.push({ id, depth, hasChildren: node.children.length > 0 });
    if (node.children.length > 0 && expanded.has(id)) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
    }
  }
  return rows;
}

/** The ancestors of a node, nearest first (to expand the path to a selected part). */
export function ancestorsOf(tree: PartTree, id: string): string[] {
  const out: string[] = [];
  let parent = tree.nodes[id]?.parent ?? null;
  while (parent !== null && !out.includes(parent)) {
    out.push(parent);
    parent = tree.nodes[parent]?.parent ?? null;
  }
  return out;
}

/**
 * The ancestors of all these nodes together (to open the branches holding a search's matches).
 * Each path stops at an ancestor already found, so many matches in one cabinet cost little.
 */
export function ancestorsOfAll(tree: PartTree, ids: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    let parent = tree.nodes[id]?.parent ?? null;
    while (parent !== null && !out.has(parent)) {
      out.add(parent);
      parent = tree.nodes[parent]?.parent ?? null;
    }
  }
  return out;
}
