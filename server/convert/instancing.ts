/**
 * Shares meshes that repeat up to a translation (importers that bake world coordinates, such as
 * OpenCascade and DXF, give each of 40 identical hinges its own copy): the copies are replaced
 * by one mesh placed by each node's transform, which Babylon.js draws as instances.
 */
import { createHash } from 'node:crypto';
import { multiply, translation, walkNodes, type SceneMesh, type SceneModel, type SceneNode } from './scene.js';

/** Positions match within 0.01 mm, normals within 0.001. */
const POSITION_GRID = 1e5;
const NORMAL_GRID = 1e3;

function minimumOf(mesh: SceneMesh): [number, number, number] {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  for (const primitive of mesh.primitives) {
    const p = primitive.positions;
    for (let i = 0; i < p.length; i += 3) {
      if (p[i] < min[0]) min[0] = p[i];
      if (p[i + 1] < min[1]) min[1] = p[i + 1];
      if (p[i + 2] < min[2]) min[2] = p[i + 2];
    }
  }
  return min;
}

function shapeKey(mesh: SceneMesh, min: readonly number[]): string {
  const hash = createHash('sha1');
  for (const primitive of mesh.primitives) {
    hash.update(`${primitive.mode}:${primitive.material}:${primitive.positions.length}:${primitive.indices?.length ?? -1};`);
    const p = primitive.positions;
    const rel = new Int32Array(p.length);
    for (let i = 0; i < p.length; i++) rel[i] = Math.round((p[i] - min[i % 3]) * POSITION_GRID);
    hash.update(new Uint8Array(rel.buffer));
    if (primitive.normals) {
      const n = Int16Array.from(primitive.normals, (v) => Math.round(v * NORMAL_GRID));
      hash.update(new Uint8Array(n.buffer));
    }
    if (primitive.indices) hash.update(new Uint8Array(primitive.indices.buffer, primitive.indices.byteOffset, primitive.indices.byteLength));
  }
  return hash.digest('base64');
}

function translated(mesh: SceneMesh, by: readonly number[]): SceneMesh {
  const done = new Map<Float32Array, Float32Array>();
  return {
    name: mesh.name,
    panel: mesh.panel,
    primitives: mesh.primitives.map((primitive) => {
      let positions = done.get(primitive.positions);
      if (!positions) {
        positions = primitive.positions.map((v, i) => v + by[i % 3]);
        done.set(primitive.positions, positions);
      }
      return { ...primitive, positions };
    }),
  };
}

export function shareRepeatedMeshes(scene: SceneModel): SceneModel {
  const users = new Map<number, SceneNode[]>();
  walkNodes(scene.roots, (node) => {
    if (node.mesh === undefined) return;
    const list = users.get(node.mesh) ?? [];
    list.push(node);
    users.set(node.mesh, list);
  });

  const groups = new Map<string, Array<{ mesh: number; min: [number, number, number] }>>();
  scene.meshes.forEach((mesh, index) => {
    if (users.get(index)?.length !== 1) return;
    const min = minimumOf(mesh);
    if (!Number.isFinite(min[0])) return;
    const key = shapeKey(mesh, min);
    const group = groups.get(key) ?? [];
    group.push({ mesh: index, min });
    groups.set(key, group);
  });

  const meshes = [...scene.meshes];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const canonical = group[0];
    meshes[canonical.mesh] = translated(scene.meshes[canonical.mesh], canonical.min.map((v) => -v));
    for (const { mesh, min } of group) {
      const node = users.get(mesh)![0];
      node.mesh = canonical.mesh;
      node.matrix = multiply(node.matrix ?? translation(0, 0, 0), translation(min[0], min[1], min[2]));
    }
  }
  return compactMeshes({ ...scene, meshes });
}

/** Drops meshes no node uses and renumbers the rest. */
function compactMeshes(scene: SceneModel): SceneModel {
  const used = new Set<number>();
  walkNodes(scene.roots, (node) => node.mesh !== undefined && used.add(node.mesh));
  const remap = new Map<number, number>();
  const meshes: SceneMesh[] = [];
  scene.meshes.forEach((mesh, index) => {
    if (used.has(index)) remap.set(index, meshes.push(mesh) - 1);
  });
  walkNodes(scene.roots, (node) => {
    if (node.mesh !== undefined) node.mesh = remap.get(node.mesh);
  });
  return { ...scene, meshes };
}
