/**
 * The part tree of a STEP file as its designer built it. occt-import-js reports the top-level
 * products and their direct components, each component's meshes flattened (in world coordinates)
 * and named after the product of the solid they come from. The product structure read from the
 * file (stepProducts.ts) gives the rest: every occurrence down to the parts, named by the
 * occurrence's own name when the file gives one, else by its product. A component's meshes are
 * handed to the parts below it by product name, in file order.
 *
 * Then: wrappers that carry only an identifier (a UUID, `=>[0:1:1:2]`) and no geometry are not
 * parts, their children take their place; an assembly holding one part named as itself or
 * `<name>_part` (CadQuery) is that part; everything a part is made of (its solids, shells, faces)
 * is one mesh.
 */
import type { OcctMesh, OcctNode } from './occtTypes.js';
import { isIdentifierName, type StepProductStructure } from './stepProducts.js';

/** A node of the tree before meshes are converted: occt mesh indices per node. */
export interface PartNode {
  name: string;
  /** Meshes that together are this part. */
  meshes: number[];
  children: PartNode[];
}

interface Occurrence {
  name: string;
  product: string;
  meshes: number[];
  /** Meshes below this occurrence that could not be told apart (one child each). */
  loose: number[];
  children: Occurrence[];
}

const MAX_DEPTH = 64;

function occurrence(structure: StepProductStructure, definition: number, ownName: string, depth: number): Occurrence {
  const product = structure.productName.get(definition) ?? '';
  const components = depth < MAX_DEPTH ? (structure.components.get(definition) ?? []) : [];
  return {
    name: isIdentifierName(ownName) ? product : ownName,
    product,
    meshes: [],
    loose: [],
    children: components.map((c) => occurrence(structure, c.definition, c.name, depth + 1)),
  };
}

function leaves(o: Occurrence, out: Occurrence[] = []): Occurrence[] {
  if (o.children.length === 0) out.push(o);
  for (const child of o.children) leaves(child, out);
  return out;
}

/** Hands a component's flattened meshes to the parts below it, by product name and file order. */
function assignMeshes(o: Occurrence, meshIndices: number[], meshes: OcctMesh[]): void {
  const parts = leaves(o);
  if (parts.length === 1) {
    parts[0].meshes.push(...meshIndices);
    return;
  }
  const byProduct = new Map<string, Occurrence[]>();
  for (const part of parts) byProduct.set(part.product, [...(byProduct.get(part.product) ?? []), part]);
  const byName = new Map<string, number[]>();
  for (const m of meshIndices) byName.set(meshes[m].name, [...(byName.get(meshes[m].name) ?? []), m]);
  const unmatched: number[] = [];
  for (const [name, list] of byName) {
    const owners = byProduct.get(name);
    if (!owners || list.length % owners.length !== 0) {
      unmatched.push(...list);
      continue;
    }
    const each = list.length / owners.length;
    list.forEach((m, i) => owners[Math.floor(i / each)].meshes.push(m));
  }
  // Meshes named after their solid rather than their product: in order, when they divide evenly.
  const empty = parts.filter((p) => p.meshes.length === 0);
  if (unmatched.length > 0 && empty.length > 0 && unmatched.length % empty.length === 0) {
    const each = unmatched.length / empty.length;
    unmatched.sort((a, b) => a - b).forEach((m, i) => empty[Math.floor(i / each)].meshes.push(m));
  } else {
    o.loose.push(...unmatched);
  }
}

/** Pairs occt nodes with occurrences of the same product, in order; the rest stay unpaired. */
function pair<T>(nodes: OcctNode[], candidates: T[], productOf: (c: T) => string): Array<[OcctNode, T | undefined]> {
  const queues = new Map<string, T[]>();
  for (const c of candidates) queues.set(productOf(c), [...(queues.get(productOf(c)) ?? []), c]);
  return nodes.map((node) => [node, queues.get(node.name)?.shift()]);
}

/** Every mesh of an occt node and the nodes below it. */
export function allMeshes(node: OcctNode): number[] {
  return [...node.meshes, ...node.children.flatMap(allMeshes)];
}

function fromOcctNode(node: OcctNode, meshes: OcctMesh[]): PartNode {
  const out: PartNode = { name: node.name, meshes: [], children: [] };
  const unnamed = node.meshes.every((m) => !meshes[m].name || meshes[m].name === node.name);
  if (node.children.length === 0 && unnamed) out.meshes.push(...node.meshes);
  else for (const m of node.meshes) out.children.push({ name: meshes[m].name || node.name, meshes: [m], children: [] });
  for (const child of node.children) out.children.push(fromOcctNode(child, meshes));
  return out;
}

function toPartNode(o: Occurrence, meshes: OcctMesh[]): PartNode {
  const node: PartNode = { name: o.name, meshes: o.meshes, children: o.children.map((c) => toPartNode(c, meshes)) };
  for (const m of o.loose) node.children.push({ name: meshes[m].name || o.name, meshes: [m], children: [] });
  return node;
}

/**
 * The tidying both STEP readers share: drops nodes that draw nothing and hold nothing, lets
 * identifier-only wrappers give way to their children, names a part named by an identifier after
 * its assembly, and makes an assembly holding one part named as itself or `<name>_part`
 * (CadQuery) that part. `lift` carries a parent's own placement into a child taking its place.
 */
export function tidyTree<T extends { name: string; children: T[] }>(nodes: T[], drawn: (node: T) => boolean, lift: (parent: T, child: T) => T, parentName = ''): T[] {
  return nodes.flatMap((node) => {
    const named = !isIdentifierName(node.name);
    node.children = tidyTree(node.children, drawn, lift, named ? node.name : parentName);
    if (!drawn(node) && node.children.length === 0) return [];
    if (!named && !drawn(node)) return node.children.map((child) => lift(node, child));
    if (!named) node.name = parentName || node.name;
    const only = node.children[0];
    if (!drawn(node) && node.children.length === 1 && only.children.length === 0 && (only.name === node.name || only.name === `${node.name}_part`)) {
      return [{ ...lift(node, only), name: node.name }];
    }
    return [node];
  });
}

/** Drops empty nodes, collapses identifier-only wrappers and CadQuery's `<name>_part` holders. */
function tidyParts(nodes: PartNode[]): PartNode[] {
  return tidyTree(nodes, (node) => node.meshes.length > 0, (_, child) => child);
}

/** The tree occt-import-js reported, completed with the file's product structure when there is one. */
export function partTree(root: OcctNode, meshes: OcctMesh[], structure: StepProductStructure | undefined, fallbackName: string): PartNode[] {
  const tops = root.meshes.length > 0 ? [{ ...root, name: root.name || fallbackName }] : root.children;
  if (!structure || structure.roots.length === 0) return tidyParts(tops.map((n) => fromOcctNode(n, meshes)));
  const roots = structure.roots.map((d) => occurrence(structure, d, '', 0));
  const out: PartNode[] = [];
  for (const [top, o] of pair(tops, roots, (r) => r.product)) {
    if (!o) {
      out.push(fromOcctNode(top, meshes));
      continue;
    }
    const unpaired = [...top.meshes];
    for (const [component, child] of pair(top.children, o.children, (c) => c.product)) {
      if (child) assignMeshes(child, allMeshes(component), meshes);
      else unpaired.push(...allMeshes(component));
    }
    // A part's own solids and shells (which OpenCascade may list as sub-shapes), or what no component claimed.
    if (unpaired.length > 0) assignMeshes(o, unpaired, meshes);
    out.push(toPartNode(o, meshes));
  }
  return tidyParts(out);
}
