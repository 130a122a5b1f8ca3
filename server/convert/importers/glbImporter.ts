/**
 * GLB, accepted only inside a .vok package (the project export writes its GLB there): read with
 * glTF-Transform, dequantized, and turned back into the scene form so it goes through the same
 * writer as every other format.
 */
import { NodeIO, type Node, type Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { dequantize } from '@gltf-transform/functions';
import { MeshoptDecoder } from 'meshoptimizer';
import { CoarseMeshExtension, coarseMeshesOf } from '../coarseLevel.js';
import { conversionErrors } from '../errors.js';
import type { SceneMaterial, SceneMesh, SceneModel, SceneNode, ScenePrimitive, SceneTexture } from '../scene.js';

const MODES: Record<number, ScenePrimitive['mode'] | undefined> = { 0: 'points', 1: 'lines', 4: 'triangles' };

export async function importGlb(fileName: string, bytes: Uint8Array): Promise<SceneModel> {
  await MeshoptDecoder.ready;
  const io = new NodeIO().registerExtensions([...ALL_EXTENSIONS, CoarseMeshExtension]).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  let doc;
  try {
    doc = await io.readBinary(bytes);
    await doc.transform(dequantize());
  } catch {
    throw conversionErrors.brokenFile(fileName, 'GLB');
  }
  const root = doc.getRoot();
  const materials: SceneMaterial[] = root.listMaterials().map((m) => {
    const [r, g, b, a] = m.getBaseColorFactor();
    const image = m.getBaseColorTexture();
    const texture: SceneTexture | undefined =
      image?.getImage() && /^image\/(png|jpeg|webp)$/.test(image.getMimeType())
        ? { mimeType: image.getMimeType() as SceneTexture['mimeType'], bytes: image.getImage()! }
        : undefined;
    return { name: m.getName(), color: [r, g, b], opacity: a, metallic: m.getMetallicFactor(), roughness: m.getRoughnessFactor(), doubleSided: m.getDoubleSided(), ...(texture ? { baseColorTexture: texture } : {}) };
  });
  const materialIndex = new Map(root.listMaterials().map((m, i) => [m, i]));
  const toPrimitive = (p: Primitive): ScenePrimitive | undefined => {
    const mode = MODES[p.getMode()];
    const position = p.getAttribute('POSITION');
    if (!mode || !position) return undefined;
    const normal = p.getAttribute('NORMAL');
    const uv = p.getAttribute('TEXCOORD_0');
    const indices = p.getIndices();
    return {
      mode,
      positions: Float32Array.from(position.getArray()!),
      normals: normal ? Float32Array.from(normal.getArray()!) : undefined,
      uvs: uv ? Float32Array.from(uv.getArray()!) : undefined,
      indices: indices ? Uint32Array.from(indices.getArray()!) : undefined,
      material: materialIndex.get(p.getMaterial()!) ?? 0,
    };
  };
  if (materials.length === 0) materials.push({ name: 'Default', color: [0.7, 0.7, 0.7], opacity: 1 });
  // A GLB of ours carries coarse levels: the conversion writes them again from the fine meshes.
  const coarse = coarseMeshesOf(doc);
  const kept = root.listMeshes().filter((mesh) => !coarse.has(mesh));
  const meshes: SceneMesh[] = kept.map((mesh) => ({
    name: mesh.getName(),
    primitives: mesh.listPrimitives().map(toPrimitive).filter((p): p is ScenePrimitive => !!p),
  }));
  const meshIndex = new Map(kept.map((m, i) => [m, i]));
  const toNode = (node: Node): SceneNode => {
    const out: SceneNode = { name: node.getName(), matrix: [...node.getMatrix()], children: node.listChildren().map(toNode) };
    const mesh = node.getMesh();
    if (mesh) out.mesh = meshIndex.get(mesh);
    return out;
  };
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  return { roots: scene ? scene.listChildren().map(toNode) : [], meshes, materials };
}
