/**
 * A direct GLB reader for what the conversion pipeline writes (plain, KHR_mesh_quantization and
 * EXT_meshopt_compression geometry): it reads accessors into typed arrays and node transforms into
 * world matrices without creating a scene object per node, which keeps loading of models with
 * thousands of parts fast. Anything else throws UnsupportedGlbError and the caller falls back to
 * Babylon's glTF loader.
 */
import type { ModelSource, PartPiece, PrimitiveKind, SourceGeometry, SourcePart } from '../geometry/modelSource';
import { COARSE_MESH_EXTENSION } from '../../model/geometry/coarseLevel';
import { GlbFormatError, readGlbChunks, type GlbChunks as ModelGlbChunks } from '../../model/glbChunks';
import type { GltfJson } from './gltfJson';
import { listIndices, readMaterials } from './primitiveData';
import { multiplyMatrices } from '../../model/matrix4';

export class UnsupportedGlbError extends Error {}

const SUPPORTED_EXTENSIONS = new Set(['KHR_mesh_quantization', 'EXT_meshopt_compression', 'KHR_materials_emissive_strength', 'KHR_texture_transform']);
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

export type MeshoptDecode = (target: Uint8Array, count: number, stride: number, source: Uint8Array, mode: string, filter?: string) => void;

type GlbChunks = ModelGlbChunks<GltfJson>;

/** The GLB's chunks (model/glbChunks.ts); a file that is not a GLB throws UnsupportedGlbError, for the fallback. */
export function parseGlbChunks(bytes: Uint8Array): GlbChunks {
  try {
    const { json, bin } = readGlbChunks(bytes);
    return { json: json as GltfJson, bin };
  } catch (error) {
    if (error instanceof GlbFormatError) throw new UnsupportedGlbError(error.message);
    throw error;
  }
}

function decodeDataUri(uri: string): Uint8Array | null {
  const match = /^data:[^;,]*;base64,(.*)$/.exec(uri);
  if (!match) return null;
  const text = atob(match[1]);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

class AccessorReader {
  private readonly buffers: Array<Uint8Array | null>;
  private readonly views = new Map<number, Uint8Array>();

  constructor(private readonly json: GltfJson, bin: Uint8Array | null, private readonly decode: MeshoptDecode | null) {
    this.buffers = (json.buffers ?? []).map((b, i) => (b.uri ? decodeDataUri(b.uri) : i === 0 ? bin : null));
  }

  private bufferView(index: number): Uint8Array {
    const cached = this.views.get(index);
    if (cached) return cached;
    const view = this.json.bufferViews?.[index];
    if (!view) throw new UnsupportedGlbError(`Missing bufferView ${index}`);
    const meshopt = view.extensions?.EXT_meshopt_compression;
    let data: Uint8Array;
    if (meshopt) {
      if (!this.decode) throw new UnsupportedGlbError('No meshopt decoder');
      const source = this.buffers[meshopt.buffer];
      if (!source) throw new UnsupportedGlbError('Missing meshopt buffer');
      const compressed = source.subarray(meshopt.byteOffset ?? 0, (meshopt.byteOffset ?? 0) + meshopt.byteLength);
      data = new Uint8Array(meshopt.count * meshopt.byteStride);
      this.decode(data, meshopt.count, meshopt.byteStride, compressed, meshopt.mode, meshopt.filter ?? 'NONE');
    } else {
      const buffer = this.buffers[view.buffer];
      if (!buffer) throw new UnsupportedGlbError(`Missing buffer ${view.buffer}`);
      data = buffer.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength);
    }
    this.views.set(index, data);
    return data;
  }

  /** Reads an accessor as floats (normalized integers scaled to -1..1 / 0..1). */
  floats(index: number): { data: Float32Array; size: number } {
    const { view, stride, size, count, type, offset, normalized } = this.layout(index);
    const data = new Float32Array(count * size);
    const bytes = COMPONENT_BYTES[type];
    const dv = new DataView(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < count; i++) {
      for (let c = 0; c < size; c++) {
        const at = offset + i * stride + c * bytes;
        let v: number;
        switch (type) {
          case 5126: v = dv.getFloat32(at, true); break;
          case 5120: v = dv.getInt8(at); if (normalized) v = Math.max(v / 127, -1); break;
          case 5121: v = dv.getUint8(at); if (normalized) v /= 255; break;
          case 5122: v = dv.getInt16(at, true); if (normalized) v = Math.max(v / 32767, -1); break;
          case 5123: v = dv.getUint16(at, true); if (normalized) v /= 65535; break;
          default: v = dv.getUint32(at, true);
        }
        data[i * size + c] = v;
      }
    }
    return { data, size };
  }

  indices(index: number): Uint32Array {
    const { view, stride, count, type, offset } = this.layout(index);
    const out = new Uint32Array(count);
    const dv = new DataView(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < count; i++) {
      const at = offset + i * stride;
      out[i] = type === 5121 ? dv.getUint8(at) : type === 5123 ? dv.getUint16(at, true) : dv.getUint32(at, true);
    }
    return out;
  }

  private layout(index: number) {
    const accessor = this.json.accessors?.[index];
    if (!accessor) throw new UnsupportedGlbError(`Missing accessor ${index}`);
    if (accessor.sparse || accessor.bufferView === undefined) throw new UnsupportedGlbError('Sparse accessors are not read directly');
    const size = COMPONENTS[accessor.type];
    const bytes = COMPONENT_BYTES[accessor.componentType];
    if (!size || !bytes) throw new UnsupportedGlbError('Unknown accessor type');
    const view = this.bufferView(accessor.bufferView);
    const declared = this.json.bufferViews?.[accessor.bufferView];
    const stride = declared?.extensions?.EXT_meshopt_compression?.byteStride ?? declared?.byteStride ?? size * bytes;
    const offset = accessor.byteOffset ?? 0;
    if (accessor.count > 0 && offset + (accessor.count - 1) * stride + size * bytes > view.byteLength) throw new UnsupportedGlbError('Accessor out of range');
    return { view, stride, size, count: accessor.count, type: accessor.componentType, offset, normalized: accessor.normalized ?? false };
  }
}

/** Local matrix of a glTF node, column-major (the same memory layout as Babylon's row-vector matrices). */
export function localMatrix(node: NonNullable<GltfJson['nodes']>[number]): Float64Array {
  // Written out (no destructuring, no Float64Array.from): this runs once per node of a model on a
  // page's first frame, in code not optimised yet, where iterators cost most of the time.
  const m = new Float64Array(16);
  if (node.matrix && node.matrix.length === 16) {
    for (let i = 0; i < 16; i++) m[i] = node.matrix[i];
    return m;
  }
  const t = node.translation;
  const r = node.rotation;
  const s = node.scale;
  const x = r ? r[0] : 0;
  const y = r ? r[1] : 0;
  const z = r ? r[2] : 0;
  const w = r ? r[3] : 1;
  const sx = s ? s[0] : 1;
  const sy = s ? s[1] : 1;
  const sz = s ? s[2] : 1;
  m[0] = (1 - 2 * (y * y + z * z)) * sx;
  m[1] = 2 * (x * y + z * w) * sx;
  m[2] = 2 * (x * z - y * w) * sx;
  m[4] = 2 * (x * y - z * w) * sy;
  m[5] = (1 - 2 * (x * x + z * z)) * sy;
  m[6] = 2 * (y * z + x * w) * sy;
  m[8] = 2 * (x * z + y * w) * sz;
  m[9] = 2 * (y * z - x * w) * sz;
  m[10] = (1 - 2 * (x * x + y * y)) * sz;
  m[12] = t ? t[0] : 0;
  m[13] = t ? t[1] : 0;
  m[14] = t ? t[2] : 0;
  m[15] = 1;
  return m;
}

/** parent * local for column-major matrices. */
export function multiply(parent: Float64Array, local: Float64Array): Float64Array {
  return multiplyMatrices(parent, local, new Float64Array(16));
}

function kindOf(mode: number | undefined): PrimitiveKind | null {
  if (mode === undefined || mode === 4 || mode === 5 || mode === 6) return 'triangles';
  if (mode === 1 || mode === 2 || mode === 3) return 'lines';
  return null;
}

/** Reads the model; `onMesh` reports the share of meshes read, 0..1. */
export function readGlb(chunks: GlbChunks, decode: MeshoptDecode | null, onMesh?: (progress: number) => void): ModelSource {
  const { json } = chunks;
  const unsupported = (json.extensionsRequired ?? []).filter((e) => !SUPPORTED_EXTENSIONS.has(e));
  if (unsupported.length > 0) throw new UnsupportedGlbError(`Unsupported extensions: ${unsupported.join(', ')}`);
  const reader = new AccessorReader(json, chunks.bin, decode);
  const materials = readMaterials(json);
  const defaultMaterial = materials.length - 1;
  // Coarse levels are read with their fine mesh: they do not count as meshes of their own.
  const coarseMeshes = new Set((json.meshes ?? []).map((m) => m.extensions?.[COARSE_MESH_EXTENSION]?.mesh).filter((m) => m !== undefined));
  const meshCount = (json.meshes?.length ?? 0) - coarseMeshes.size;
  const meshPieces = new Map<number, Array<{ geometry: SourceGeometry; material: number; coarse?: SourceGeometry }>>();
  let geometryId = 0;

  const geometryOf = (primitive: NonNullable<GltfJson['meshes']>[number]['primitives'][number]): { geometry: SourceGeometry; material: number } | null => {
    const kind = kindOf(primitive.mode);
    const position = primitive.attributes.POSITION;
    if (!kind || position === undefined) return null;
    const positions = reader.floats(position).data;
    const normals = kind === 'triangles' && primitive.attributes.NORMAL !== undefined ? reader.floats(primitive.attributes.NORMAL).data : null;
    const raw = primitive.indices !== undefined ? reader.indices(primitive.indices) : null;
    return {
      geometry: { id: geometryId++, kind, positions, normals, uvs: null, indices: listIndices(primitive.mode, raw, positions.length / 3) },
      material: primitive.material !== undefined && materials[primitive.material] ? primitive.material : defaultMaterial,
    };
  };

  const piecesOf = (meshIndex: number) => {
    const cached = meshPieces.get(meshIndex);
    if (cached) return cached;
    const mesh = json.meshes?.[meshIndex];
    // The coarse level's primitives follow the mesh's one for one; one that shares the fine accessors is the fine geometry.
    const coarseIndex = mesh?.extensions?.[COARSE_MESH_EXTENSION]?.mesh;
    const coarsePrimitives = coarseIndex !== undefined && coarseIndex !== meshIndex ? json.meshes?.[coarseIndex]?.primitives : undefined;
    const pieces: Array<{ geometry: SourceGeometry; material: number; coarse?: SourceGeometry }> = [];
    (mesh?.primitives ?? []).forEach((primitive, k) => {
      const fine = geometryOf(primitive);
      if (!fine) return;
      const coarsePrimitive = coarsePrimitives?.length === mesh?.primitives.length ? coarsePrimitives?.[k] : undefined;
      if (coarsePrimitive && coarsePrimitive.attributes.POSITION !== primitive.attributes.POSITION) {
        const coarse = geometryOf(coarsePrimitive);
        if (coarse && coarse.geometry.kind === fine.geometry.kind) {
          pieces.push({ ...fine, coarse: coarse.geometry });
          return;
        }
      }
      pieces.push(fine);
    });
    meshPieces.set(meshIndex, pieces);
    onMesh?.(meshPieces.size / Math.max(1, meshCount));
    return pieces;
  };

  const parts: SourcePart[] = [];
  const nodes = json.nodes ?? [];
  const seen = new Set<number>();
  const visit = (index: number, parentMatrix: Float64Array) => {
    const node = nodes[index];
    if (!node || seen.has(index)) return;
    seen.add(index);
    const world = multiply(parentMatrix, localMatrix(node));
    if (node.mesh !== undefined) {
      const matrix = new Float32Array(world);
      const pieces: PartPiece[] = piecesOf(node.mesh).map((p) => ({ ...p, matrix }));
      if (pieces.length > 0) parts.push({ id: String(index), pieces });
    }
    for (const child of node.children ?? []) visit(child, world);
  };
  const identity = Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const scene = json.scenes?.[json.scene ?? 0];
  const roots = scene?.nodes ?? nodes.map((_, i) => i).filter((i) => !nodes.some((n) => n.children?.includes(i)));
  for (const root of roots) visit(root, identity);
  onMesh?.(1);
  return { parts, materials };
}
