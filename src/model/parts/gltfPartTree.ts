/**
 * The part tree of a glTF model, read from its node tree only (no geometry), the same way by the
 * viewer and the server: node indices as ids, the encoded names, the children; the default
 * scene's nodes are the roots (else the nodes no node names as a child). A node reachable twice
 * keeps its first place. The viewer's tree adds each node's parent and parses its name (SPEC §3).
 */
import { GlbFormatError, readGlbChunks } from '../glbChunks';
import type { PartNode, PartTree } from '../viewerVocabulary';
import { parsePartName } from './partName';
import type { NamedNode, NamedTree } from './partsList';

interface GltfNodes {
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: { name?: string; children?: number[] }[];
}

/** The tree of encoded names of a glTF JSON (anything: what is not a glTF's gives an empty tree). */
export function namedTreeOfGltf(json: unknown): NamedTree {
  const gltf = (typeof json === 'object' && json !== null ? json : {}) as GltfNodes;
  const source = Array.isArray(gltf.nodes) ? gltf.nodes : [];
  const childOf = new Set(source.flatMap((n) => (Array.isArray(n?.children) ? n.children : [])));
  const sceneRoots = gltf.scenes?.[gltf.scene ?? 0]?.nodes;
  const roots = Array.isArray(sceneRoots) ? sceneRoots : source.map((_, i) => i).filter((i) => !childOf.has(i));
  const nodes: Record<string, NamedNode> = {};
  const visit = (index: number) => {
    const id = String(index);
    const node = source[index];
    if (nodes[id] || !node) return;
    const children = (Array.isArray(node.children) ? node.children : []).filter((c) => Number.isInteger(c) && source[c] !== undefined);
    nodes[id] = { rawName: typeof node.name === 'string' ? node.name : `Node ${index}`, children: children.map(String) };
    for (const child of children) visit(child);
  };
  for (const root of roots) if (Number.isInteger(root)) visit(root);
  return { roots: roots.map(String).filter((id) => nodes[id] !== undefined), nodes };
}

/** The viewer's part tree: the named tree with each node's parent and its parsed name and size. */
export function partTreeOfGltf(json: unknown): PartTree {
  const named = namedTreeOfGltf(json);
  const nodes: Record<string, PartNode> = {};
  const visit = (id: string, parent: string | null) => {
    const node = named.nodes[id];
    if (nodes[id] || !node) return;
    const parsed = parsePartName(node.rawName, node.children.length > 0 ? 'cabinet' : 'panel');
    nodes[id] = {
      id,
      name: parsed.displayName,
      rawName: node.rawName,
      children: [...node.children],
      parent,
      size: parsed.size ?? null,
      additionalInfo: parsed.extraInfo ?? null,
      isVisible: true,
    };
    for (const child of node.children) visit(child, id);
  };
  for (const root of named.roots) visit(root, null);
  return { roots: [...named.roots], nodes };
}

/** The named tree of a whole GLB in memory; undefined when it is not a GLB with a readable JSON chunk. */
export function namedTreeOfGlb(glb: Uint8Array): NamedTree | undefined {
  try {
    return namedTreeOfGltf(readGlbChunks(glb).json);
  } catch (error) {
    if (error instanceof GlbFormatError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}
