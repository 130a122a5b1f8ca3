/** A generated assembly as the part tree the server reads from a GLB (ids to encoded names and children). */
import type { Assembly, AssemblyNode } from './assembly.js';

export interface GeneratedTree {
  roots: string[];
  nodes: Record<string, { rawName: string; children: string[] }>;
}

export function namedTreeOf(assembly: Assembly): GeneratedTree {
  const nodes: GeneratedTree['nodes'] = {};
  let next = 0;
  const add = (node: AssemblyNode): string => {
    const id = `n${next++}`;
    nodes[id] = { rawName: node.name, children: [] };
    nodes[id].children = node.children.map(add);
    return id;
  };
  return { roots: [add(assembly.root)], nodes };
}
