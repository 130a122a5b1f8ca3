/**
 * Reduces the loader's meshes to plain data (ModelSource): for each glTF node that carries
 * geometry, its primitives' shared geometry, world matrix and material index.
 */
import type { AssetContainer } from '@babylonjs/core/assetContainer';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Node } from '@babylonjs/core/node';
import type { ModelSource, PartPiece, PrimitiveKind, SourceGeometry, SourcePart } from '../geometry/modelSource';
import type { GltfJson } from './gltfJson';
import { listIndices, readMaterials } from './primitiveData';

const NODE_POINTER = /^\/nodes\/(\d+)$/;
const PRIMITIVE_POINTER = /^\/meshes\/(\d+)\/primitives\/(\d+)$/;

function pointersOf(node: Node): string[] {
  const internal = (node as unknown as { _internalMetadata?: { gltf?: { pointers?: string[] } } })._internalMetadata;
  return internal?.gltf?.pointers ?? [];
}

function nodeIndexOf(node: Node | null): number | null {
  for (let n: Node | null = node; n; n = n.parent) {
    for (const pointer of pointersOf(n)) {
      const match = NODE_POINTER.exec(pointer);
      if (match) return Number(match[1]);
    }
  }
  return null;
}

function primitiveOf(mesh: AbstractMesh): [number, number] | null {
  for (const pointer of pointersOf(mesh)) {
    const match = PRIMITIVE_POINTER.exec(pointer);
    if (match) return [Number(match[1]), Number(match[2])];
  }
  return null;
}

/** glTF primitive mode -> what the engine draws (points are not shown). */
function kindOf(mode: number | undefined): PrimitiveKind | null {
  if (mode === undefined || mode === 4 || mode === 5 || mode === 6) return 'triangles';
  if (mode === 1 || mode === 2 || mode === 3) return 'lines';
  return null;
}

function toUint32(indices: ArrayLike<number>): Uint32Array {
  return indices instanceof Uint32Array ? indices : Uint32Array.from(indices);
}

export function readModelSource(container: AssetContainer, json: GltfJson): ModelSource {
  const materials = readMaterials(json);
  const defaultMaterial = materials.length - 1;
  const geometries = new Map<number, SourceGeometry | null>();
  const parts = new Map<number, SourcePart>();

  const geometryOf = (mesh: AbstractMesh, mode: number | undefined): SourceGeometry | null => {
    const source: Mesh | null = mesh.getClassName() === 'InstancedMesh' ? (mesh as unknown as { sourceMesh: Mesh }).sourceMesh : (mesh as Mesh);
    if (!source) return null;
    if (geometries.has(source.uniqueId)) return geometries.get(source.uniqueId)!;
    const kind = kindOf(mode);
    const positions = source.getVerticesData(VertexBuffer.PositionKind);
    let geometry: SourceGeometry | null = null;
    if (kind && positions && positions.length >= 3) {
      const raw = source.getIndices();
      const indices = listIndices(mode, raw && raw.length > 0 ? toUint32(raw) : null, positions.length / 3);
      const normals = source.getVerticesData(VertexBuffer.NormalKind);
      geometry = {
        id: geometries.size,
        kind,
        positions: Float32Array.from(positions),
        normals: normals ? Float32Array.from(normals) : null,
        uvs: null,
        indices,
      };
    }
    geometries.set(source.uniqueId, geometry);
    return geometry;
  };

  for (const mesh of container.meshes) {
    const primitive = primitiveOf(mesh);
    if (!primitive) continue;
    const nodeIndex = nodeIndexOf(mesh);
    if (nodeIndex === null) continue;
    const gltfPrimitive = json.meshes?.[primitive[0]]?.primitives[primitive[1]];
    const geometry = geometryOf(mesh, gltfPrimitive?.mode);
    if (!geometry) continue;
    const matrix = Float32Array.from(mesh.computeWorldMatrix(true).m);
    const material = gltfPrimitive?.material ?? defaultMaterial;
    const piece: PartPiece = { geometry, material: materials[material] ? material : defaultMaterial, matrix };
    let part = parts.get(nodeIndex);
    if (!part) {
      part = { id: String(nodeIndex), pieces: [] };
      parts.set(nodeIndex, part);
    }
    part.pieces.push(piece);
  }
  return { parts: [...parts.entries()].sort((a, b) => a[0] - b[0]).map(([, part]) => part), materials };
}
