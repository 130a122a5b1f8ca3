/** The part hierarchy read from the glTF node tree, with names parsed as SPEC §3 encodes them. */
import { parsePartName } from '../../api/partName';
import type { PartNode, PartTree } from '../types';
import type { GltfJson } from './gltfJson';

export function buildPartTree(json: GltfJson): PartTree {
  const gltfNodes = json.nodes ?? [];
  const scene = json.scenes?.[json.scene ?? 0];
  const roots = (scene?.nodes ?? gltfNodes.map((_, i) => i).filter((i) => !gltfNodes.some((n) => n.children?.includes(i)))).map(String);
  const nodes: Record<string, PartNode> = {};
  const visit = (index: number, parent: string | null) => {
    const id = String(index);
    if (nodes[id]) return; // a node reachable twice keeps its first place
    const source = gltfNodes[index];
    if (!source) return;
    const rawName = source.name ?? `Node ${index}`;
    const children = (source.children ?? []).filter((c) => gltfNodes[c] !== undefined);
    const parsed = parsePartName(rawName, children.length > 0 ? 'cabinet' : 'panel');
    nodes[id] = {
      id,
      name: parsed.displayName,
      rawName,
      children: children.map(String),
      parent,
      size: parsed.size ?? null,
      additionalInfo: parsed.extraInfo ?? null,
      isVisible: true,
    };
    for (const child of children) visit(child, id);
  };
  for (const root of roots) visit(Number(root), null);
  return { roots: roots.filter((r) => nodes[r]), nodes };
}

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
