/** Walks of the part hierarchy (the tree itself is read by model/parts/gltfPartTree.ts, as the server reads it). */
import type { PartTree } from '../types';

/** Ids of `ids` and all their descendants. */
export function withDescendants(tree: PartTree, ids: readonly string[]): Set<string> {
  const out = new Set<string>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const node = tree.nodes[id];
    if (!node || out.has(id)) continue;
    out.add(id);
    stack.push(...node.children);
  }
  return out;
}
