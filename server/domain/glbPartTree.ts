/**
 * The part tree of a stored GLB, read from its JSON chunk only (no geometry): node indices as
 * ids, the encoded names, the children; the default scene's nodes are the roots. A node reachable
 * twice keeps its first place, as in the viewer.
 */
import type { NamedNode, NamedTree } from '../../src/api/partsList';

/** Bytes of the GLB header and the JSON chunk's header. */
export const GLB_HEADER_BYTES = 20;

/** The JSON chunk's length from the first 20 bytes, or undefined when they are not a GLB's. */
export function glbJsonLength(header: Uint8Array): number | undefined {
  if (header.length < GLB_HEADER_BYTES) return undefined;
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const magic = view.getUint32(0, true);
  const chunkType = view.getUint32(16, true);
  if (magic !== 0x46546c67 || chunkType !== 0x4e4f534a) return undefined; // 'glTF', 'JSON'
  return view.getUint32(12, true);
}

interface GltfNodes {
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: { name?: string; children?: number[] }[];
}

export function partTreeOfGltf(json: unknown): NamedTree {
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

/** The tree of a whole GLB in memory; undefined when it is not a GLB with a readable JSON chunk. */
export function partTreeOfGlb(glb: Uint8Array): NamedTree | undefined {
  const length = glbJsonLength(glb);
  if (length === undefined || glb.length < GLB_HEADER_BYTES + length) return undefined;
  try {
    return partTreeOfGltf(JSON.parse(new TextDecoder().decode(glb.subarray(GLB_HEADER_BYTES, GLB_HEADER_BYTES + length))));
  } catch {
    return undefined;
  }
}
