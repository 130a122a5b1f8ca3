/**
 * The coarse level of detailed meshes (src/model/geometry/coarseLevel.ts): meshoptimizer's simplifier on each
 * mesh's triangles, welded by position first (a tessellated B-rep repeats the vertices of every
 * face edge, which the simplifier would otherwise keep as seams), within 2 mm of the fine surface.
 * A drilled side panel of 4,900 triangles becomes about 210, a rounded door of 1,180 about 66, a
 * hinge of 450 about 28.
 *
 * The coarse meshes are added after quantization, in the quantized space of their fine mesh
 * (KHR_mesh_quantization moves each mesh's offset and scale into the nodes that use it, and a
 * coarse mesh has no node of its own), so the fine mesh's nodes place them.
 */
import { Extension, ExtensionProperty, type Accessor, type Document, type IProperty, type Mesh, type Nullable, type Primitive, PropertyType, type ReaderContext, type WriterContext } from '@gltf-transform/core';
import { MeshoptSimplifier } from 'meshoptimizer';
import { COARSE_MAX_SHARE, COARSE_MESH_EXTENSION, COARSE_ERROR_M, COARSE_MIN_TRIANGLES } from '../../src/model/geometry/coarseLevel.js';

interface ICoarseMesh extends IProperty {
  mesh: Mesh;
}

/** The link from a fine mesh to its coarse level. */
class CoarseMesh extends ExtensionProperty<ICoarseMesh> {
  static override EXTENSION_NAME = COARSE_MESH_EXTENSION;
  declare extensionName: typeof COARSE_MESH_EXTENSION;
  declare propertyType: 'CoarseMesh';
  declare parentTypes: [PropertyType.MESH];

  protected init(): void {
    this.extensionName = COARSE_MESH_EXTENSION;
    this.propertyType = 'CoarseMesh';
    this.parentTypes = [PropertyType.MESH];
  }

  protected override getDefaults(): Nullable<ICoarseMesh> {
    return Object.assign(super.getDefaults(), { mesh: null });
  }

  getMesh(): Mesh | null {
    return this.getRef('mesh');
  }

  setMesh(mesh: Mesh): this {
    return this.setRef('mesh', mesh);
  }
}

/** Writes and reads `CV_coarse_mesh` (the viewer reads it with src/engine/load/glbReader.ts). */
export class CoarseMeshExtension extends Extension {
  static override EXTENSION_NAME = COARSE_MESH_EXTENSION;
  override readonly extensionName = COARSE_MESH_EXTENSION;

  createCoarseMesh(): CoarseMesh {
    return new CoarseMesh(this.document.getGraph());
  }

  read(context: ReaderContext): this {
    (context.jsonDoc.json.meshes ?? []).forEach((def, index) => {
      const coarse = (def.extensions?.[COARSE_MESH_EXTENSION] as { mesh?: unknown } | undefined)?.mesh;
      const target = typeof coarse === 'number' && coarse !== index ? context.meshes[coarse] : undefined;
      if (target) context.meshes[index].setExtension(COARSE_MESH_EXTENSION, this.createCoarseMesh().setMesh(target));
    });
    return this;
  }

  write(context: WriterContext): this {
    const meshes = context.jsonDoc.json.meshes ?? [];
    for (const mesh of this.document.getRoot().listMeshes()) {
      const coarse = mesh.getExtension<CoarseMesh>(COARSE_MESH_EXTENSION)?.getMesh();
      const index = context.meshIndexMap.get(mesh);
      const coarseIndex = coarse ? context.meshIndexMap.get(coarse) : undefined;
      if (index === undefined || coarseIndex === undefined) continue;
      const def = meshes[index];
      def.extensions = { ...def.extensions, [COARSE_MESH_EXTENSION]: { mesh: coarseIndex } };
    }
    return this;
  }
}

/** The meshes of `doc` that are another mesh's coarse level (drawn by no node). */
export function coarseMeshesOf(doc: Document): Set<Mesh> {
  const out = new Set<Mesh>();
  for (const mesh of doc.getRoot().listMeshes()) {
    const coarse = mesh.getExtension<CoarseMesh>(COARSE_MESH_EXTENSION)?.getMesh();
    if (coarse) out.add(coarse);
  }
  return out;
}

interface CoarseTriangles {
  /** Welded per face normal: flat faces, as the coarse shape is a set of planes. */
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
}

/**
 * The simplified triangles of one indexed triangle list, or null when it is small already or
 * would not lose at least half of its triangles.
 */
function simplifyTriangles(positions: Float32Array, indices: Uint32Array): CoarseTriangles | null {
  const triangles = indices.length / 3;
  if (triangles < COARSE_MIN_TRIANGLES) return null;
  // Weld by position and keep only the vertices used, so that no duplicate is left to look like a seam.
  const remap = MeshoptSimplifier.generatePositionRemap(positions, 3);
  const compact = new Int32Array(positions.length / 3).fill(-1);
  const welded = new Uint32Array(indices.length);
  const unique: number[] = [];
  for (let i = 0; i < indices.length; i++) {
    const first = remap[indices[i]];
    if (compact[first] < 0) {
      compact[first] = unique.length / 3;
      unique.push(positions[first * 3], positions[first * 3 + 1], positions[first * 3 + 2]);
    }
    welded[i] = compact[first];
  }
  const points = new Float32Array(unique);
  const [kept] = MeshoptSimplifier.simplify(welded, points, 3, 0, COARSE_ERROR_M, ['Prune', 'ErrorAbsolute']);
  if (kept.length === 0 || kept.length / 3 > triangles * COARSE_MAX_SHARE) return null;
  return flatShaded(points, kept);
}

/** One vertex per (corner, face direction): flat faces with shared corners where they are coplanar. */
function flatShaded(points: Float32Array, indices: Uint32Array): CoarseTriangles {
  const byKey = new Map<string, number>();
  const positions: number[] = [];
  const normals: number[] = [];
  const out = new Uint32Array(indices.length);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const ux = points[b * 3] - points[a * 3], uy = points[b * 3 + 1] - points[a * 3 + 1], uz = points[b * 3 + 2] - points[a * 3 + 2];
    const vx = points[c * 3] - points[a * 3], vy = points[c * 3 + 1] - points[a * 3 + 1], vz = points[c * 3 + 2] - points[a * 3 + 2];
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz) || 1;
    nx /= length;
    ny /= length;
    nz /= length;
    // Normals that agree to the byte they are stored in share the vertex.
    const direction = `${Math.round(nx * 127)},${Math.round(ny * 127)},${Math.round(nz * 127)}`;
    for (let k = 0; k < 3; k++) {
      const corner = indices[t + k];
      const key = `${corner}:${direction}`;
      let vertex = byKey.get(key);
      if (vertex === undefined) {
        vertex = positions.length / 3;
        byKey.set(key, vertex);
        positions.push(points[corner * 3], points[corner * 3 + 1], points[corner * 3 + 2]);
        normals.push(nx, ny, nz);
      }
      out[t + k] = vertex;
    }
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices: out };
}

/** A mesh's positions' bounds, as quantization reads them (every primitive's POSITION accessor). */
interface Volume {
  offset: [number, number, number];
  scale: number;
}

function volumeOf(mesh: Mesh): Volume | null {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const primitive of mesh.listPrimitives()) {
    const position = primitive.getAttribute('POSITION');
    if (!position) continue;
    const [lo, hi] = [position.getMin([]), position.getMax([])];
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], lo[k]);
      max[k] = Math.max(max[k], hi[k]);
    }
  }
  if (!Number.isFinite(min[0])) return null;
  // The same offset and scale as @gltf-transform/functions' quantize with quantizationVolume 'mesh'.
  const scale = Math.max((max[0] - min[0]) / 2, (max[1] - min[1]) / 2, (max[2] - min[2]) / 2);
  return { offset: [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2], scale };
}

interface CoarsePlan {
  mesh: Mesh;
  volume: Volume;
  /** Per primitive of the mesh, in order: its simplified triangles, or null to share the fine ones. */
  primitives: Array<CoarseTriangles | null>;
}

/** Before quantization: the meshes worth a coarse level, with their simplified triangles. */
export async function planCoarseLevels(doc: Document, onProgress?: (share: number) => void): Promise<CoarsePlan[]> {
  await MeshoptSimplifier.ready;
  const plans: CoarsePlan[] = [];
  const meshes = doc.getRoot().listMeshes();
  let reported = performance.now();
  for (const [i, mesh] of meshes.entries()) {
    // A job of thousands of meshes takes seconds here: its share, every quarter of a second.
    if (onProgress && performance.now() - reported > 250) {
      reported = performance.now();
      onProgress(i / meshes.length);
    }
    const primitives = mesh.listPrimitives().map((primitive) => {
      if (primitive.getMode() !== 4) return null;
      const positions = primitive.getAttribute('POSITION')?.getArray();
      const indices = primitive.getIndices()?.getArray();
      if (!(positions instanceof Float32Array) || !indices) return null;
      return simplifyTriangles(positions, indices instanceof Uint32Array ? indices : Uint32Array.from(indices));
    });
    if (primitives.every((p) => p === null)) continue;
    const volume = volumeOf(mesh);
    if (volume && volume.scale > 0) plans.push({ mesh, volume, primitives });
  }
  return plans;
}

/**
 * After quantization: each planned mesh gets its coarse mesh, positions in its quantized space
 * (signed 16-bit normalized, as quantization writes them), normals on 8 bits.
 */
export function addCoarseLevels(doc: Document, plans: CoarsePlan[]): void {
  if (plans.length === 0) return;
  const extension = doc.createExtension(CoarseMeshExtension);
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  for (const plan of plans) {
    const coarse = doc.createMesh(plan.mesh.getName());
    plan.mesh.listPrimitives().forEach((fine, k) => {
      const simplified = plan.primitives[k];
      coarse.addPrimitive(simplified ? coarsePrimitive(doc, buffer, fine, simplified, plan.volume) : sharedPrimitive(doc, fine));
    });
    plan.mesh.setExtension(COARSE_MESH_EXTENSION, extension.createCoarseMesh().setMesh(coarse));
  }
}

function sharedPrimitive(doc: Document, fine: Primitive): Primitive {
  const primitive = doc.createPrimitive().setMode(fine.getMode()).setMaterial(fine.getMaterial()).setIndices(fine.getIndices());
  for (const semantic of fine.listSemantics()) primitive.setAttribute(semantic, fine.getAttribute(semantic));
  return primitive;
}

function coarsePrimitive(doc: Document, buffer: ReturnType<Document['createBuffer']>, fine: Primitive, triangles: CoarseTriangles, volume: Volume): Primitive {
  const count = triangles.positions.length / 3;
  const positions = new Int16Array(count * 3);
  const normals = new Int8Array(count * 3);
  const unit = (v: number) => Math.max(-1, Math.min(1, v));
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < 3; k++) {
      positions[i * 3 + k] = Math.round(unit((triangles.positions[i * 3 + k] - volume.offset[k]) / volume.scale) * 32767);
      normals[i * 3 + k] = Math.round(unit(triangles.normals[i * 3 + k]) * 127);
    }
  }
  const accessor = (array: Int16Array | Int8Array): Accessor => doc.createAccessor().setType('VEC3').setArray(array).setNormalized(true).setBuffer(buffer);
  const indices = count <= 65535 ? new Uint16Array(triangles.indices) : triangles.indices;
  return doc
    .createPrimitive()
    .setMode(4)
    .setMaterial(fine.getMaterial())
    .setAttribute('POSITION', accessor(positions))
    .setAttribute('NORMAL', accessor(normals))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
}
