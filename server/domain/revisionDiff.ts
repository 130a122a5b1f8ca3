/**
 * What changed between two revisions of a model, from their glTF JSON alone. Parts are matched by
 * their path of display names in the tree (siblings of the same name by their order among them),
 * so a part keeps its identity when its dimensions change. A matched part is changed when its
 * dimensions, its extra info or its geometry differ; geometry is its mesh (vertex counts and
 * bounds of each primitive) and its placement (the node's transform). An assembly (a node with
 * children) changes only by its own data: the overall size its name carries follows from its
 * parts, so cabinets added to a job leave the job unchanged and only the new cabinets are added.
 */
import { parsePartName } from '../../src/model/parts/partName';
import type { PartChangeKind, PartDifference } from '../../src/api/schemas';

interface GltfLike {
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: { name?: string; children?: number[]; mesh?: number; matrix?: number[]; translation?: number[]; rotation?: number[]; scale?: number[] }[];
  meshes?: { primitives?: { attributes?: Record<string, number>; indices?: number; mode?: number }[] }[];
  accessors?: { count?: number; min?: number[]; max?: number[]; componentType?: number; normalized?: boolean }[];
}

interface PartFacts {
  id: string;
  path: string[];
  /** A node with children: its encoded size is its parts' envelope, not data of its own. */
  assembly: boolean;
  dimensions: string;
  info: string;
  geometry: string;
}

const round = (values: readonly number[] | undefined) => (values ?? []).map((v) => Math.round(v * 1e6) / 1e6).join(',');

function meshSignature(gltf: GltfLike, meshIndex: number | undefined): string {
  if (meshIndex === undefined) return '';
  const mesh = gltf.meshes?.[meshIndex];
  return (mesh?.primitives ?? [])
    .map((primitive) => {
      const position = gltf.accessors?.[primitive.attributes?.POSITION ?? -1];
      const indices = primitive.indices === undefined ? undefined : gltf.accessors?.[primitive.indices];
      return `${primitive.mode ?? 4}:${position?.count ?? 0}:${position?.componentType ?? 0}:${position?.normalized ? 1 : 0}:${round(position?.min)}:${round(position?.max)}:${indices?.count ?? -1}`;
    })
    .join(';');
}

/** Every node of the default scene, depth first, with its facts and its path of names. */
export function partFactsOf(json: unknown): Map<string, PartFacts> {
  const gltf = (typeof json === 'object' && json !== null ? json : {}) as GltfLike;
  const nodes = Array.isArray(gltf.nodes) ? gltf.nodes : [];
  const childOf = new Set(nodes.flatMap((n) => (Array.isArray(n?.children) ? n.children : [])));
  const sceneRoots = gltf.scenes?.[gltf.scene ?? 0]?.nodes;
  const roots = Array.isArray(sceneRoots) ? sceneRoots : nodes.map((_, i) => i).filter((i) => !childOf.has(i));
  const byPath = new Map<string, PartFacts>();
  const seen = new Set<number>();
  const visit = (siblings: readonly number[], parentPath: string[], parentKey: string[]) => {
    const occurrences = new Map<string, number>();
    for (const index of siblings) {
      const node = nodes[index];
      if (!node || seen.has(index)) continue;
      seen.add(index);
      const children = (Array.isArray(node.children) ? node.children : []).filter((c) => nodes[c] !== undefined);
      const rawName = typeof node.name === 'string' ? node.name : `Node ${index}`;
      const parsed = parsePartName(rawName, children.length > 0 ? 'cabinet' : 'panel');
      const count = (occurrences.get(parsed.displayName) ?? 0) + 1;
      occurrences.set(parsed.displayName, count);
      const path = [...parentPath, parsed.displayName];
      const keyPath = [...parentKey, `${parsed.displayName}\u0000${count}`];
      const key = keyPath.join('\u0001');
      byPath.set(key, {
        id: String(index),
        path,
        assembly: children.length > 0,
        dimensions: parsed.size ? `${parsed.size.values.join('x')}${parsed.size.unit}` : '',
        info: parsed.extraInfo ?? '',
        geometry: `${meshSignature(gltf, node.mesh)}|${round(node.matrix)}|${round(node.translation)}|${round(node.rotation)}|${round(node.scale)}`,
      });
      visit(children, path, keyPath);
    }
  };
  visit(roots.filter((r) => Number.isInteger(r)), [], []);
  return byPath;
}

interface RevisionDiff {
  counts: { added: number; removed: number; changed: number; unchanged: number };
  /** Added, removed and changed parts, in the newer revision's order (removed ones in the older's, last). */
  parts: PartDifference[];
}

export function diffRevisions(olderJson: unknown, newerJson: unknown): RevisionDiff {
  const older = partFactsOf(olderJson);
  const newer = partFactsOf(newerJson);
  const counts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  const parts: PartDifference[] = [];
  for (const [key, part] of newer) {
    const before = older.get(key);
    if (!before) {
      counts.added++;
      parts.push({ status: 'added', path: part.path, partId: part.id, changes: [] });
      continue;
    }
    const changes: PartChangeKind[] = [];
    if (before.dimensions !== part.dimensions && !(part.assembly && before.assembly)) changes.push('dimensions');
    if (before.info !== part.info) changes.push('info');
    if (before.geometry !== part.geometry) changes.push('geometry');
    if (changes.length === 0) {
      counts.unchanged++;
      continue;
    }
    counts.changed++;
    parts.push({ status: 'changed', path: part.path, partId: part.id, changes });
  }
  for (const [key, part] of older) {
    if (newer.has(key)) continue;
    counts.removed++;
    parts.push({ status: 'removed', path: part.path, partId: null, changes: [] });
  }
  return { counts, parts };
}
