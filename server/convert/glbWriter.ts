/**
 * Writes a SceneModel as one GLB: the node tree with the source names byte for byte,
 * deduplicated materials, meshes shared between nodes (Babylon.js creates instances for them),
 * and geometry quantized (KHR_mesh_quantization) then compressed (EXT_meshopt_compression).
 * Babylon.js decodes meshopt with the decoder of the `meshoptimizer` package, which the app
 * hosts itself, so loading needs no network.
 */
import { Document, Logger, NodeIO, Primitive, type Material, type Mesh, type Node, type Texture } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { meshopt, weldPrimitive } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import { addCoarseLevels, CoarseMeshExtension, planCoarseLevels } from './coarseLevel.js';
import type { SceneMaterial, SceneModel, SceneNode, ScenePrimitive } from './scene.js';

interface GlbWriteOptions {
  /** Quantize and meshopt-compress the geometry, and add the coarse level of detailed meshes (default true). */
  compress?: boolean;
  /** Hears the share of the writing done after each step (the coarse levels' plan several times). */
  onProgress?: (share: number) => void;
}

const MODES = { triangles: Primitive.Mode.TRIANGLES, lines: Primitive.Mode.LINES, points: Primitive.Mode.POINTS };

function materialKey(m: SceneMaterial): string {
  const round = (v: number | undefined) => (v === undefined ? '' : Math.round(v * 1000));
  const texture = m.baseColorTexture ? `${m.baseColorTexture.bytes.byteLength}:${m.baseColorTexture.bytes.slice(0, 64).join('.')}` : '';
  return [...m.color.map(round), round(m.opacity), round(m.metallic), round(m.roughness), m.doubleSided ? 1 : 0, texture].join('|');
}

class DocumentBuilder {
  readonly doc = new Document().setLogger(new Logger(Logger.Verbosity.WARN));
  private readonly buffer = this.doc.createBuffer();
  private readonly materials: Material[] = [];
  private readonly meshes: Mesh[] = [];
  private readonly textures = new Map<Uint8Array, Texture>();

  constructor(private readonly scene: SceneModel) {
    const byKey = new Map<string, Material>();
    for (const source of scene.materials) {
      const key = materialKey(source);
      let material = byKey.get(key);
      if (!material) {
        material = this.createMaterial(source);
        byKey.set(key, material);
      }
      this.materials.push(material);
    }
    this.meshes = scene.meshes.map((source) => {
      const mesh = this.doc.createMesh(source.name);
      for (const primitive of source.primitives) {
        if (primitive.positions.length >= 3) mesh.addPrimitive(this.createPrimitive(primitive));
      }
      return mesh;
    });
  }

  private createMaterial(source: SceneMaterial): Material {
    const material = this.doc
      .createMaterial(source.name)
      .setBaseColorFactor([source.color[0], source.color[1], source.color[2], source.opacity])
      .setMetallicFactor(source.metallic ?? 0)
      .setRoughnessFactor(source.roughness ?? 0.8)
      .setDoubleSided(source.doubleSided ?? false);
    if (source.opacity < 1) material.setAlphaMode('BLEND');
    const image = source.baseColorTexture;
    if (image) {
      let texture = this.textures.get(image.bytes);
      if (!texture) {
        texture = this.doc.createTexture().setImage(image.bytes).setMimeType(image.mimeType);
        this.textures.set(image.bytes, texture);
      }
      material.setBaseColorTexture(texture);
    }
    return material;
  }

  private createPrimitive(source: ScenePrimitive): Primitive {
    const doc = this.doc;
    const primitive = doc.createPrimitive().setMode(MODES[source.mode]).setMaterial(this.materials[source.material] ?? null);
    primitive.setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(source.positions).setBuffer(this.buffer));
    if (source.normals && source.mode === 'triangles') {
      primitive.setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(source.normals).setBuffer(this.buffer));
    }
    if (source.uvs) primitive.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(source.uvs).setBuffer(this.buffer));
    if (source.indices) {
      const vertexCount = source.positions.length / 3;
      const indices = vertexCount <= 65535 ? new Uint16Array(source.indices) : source.indices;
      primitive.setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(this.buffer));
    } else {
      weldPrimitive(primitive);
    }
    return primitive;
  }

  node(source: SceneNode): Node {
    const node = this.doc.createNode(source.name);
    if (source.matrix) node.setMatrix(source.matrix as Parameters<Node['setMatrix']>[0]);
    if (source.mesh !== undefined) {
      const mesh = this.meshes[source.mesh];
      if (mesh.listPrimitives().length > 0) node.setMesh(mesh);
    }
    for (const child of source.children) node.addChild(this.node(child));
    return node;
  }
}

/**
 * Quantization moves the geometry of a node that also has children into a new, unnamed child:
 * that part is named after its mesh, else after the node that holds it, never left blank.
 */
function nameGeometryNodes(doc: Document): void {
  for (const node of doc.getRoot().listNodes()) {
    if (node.getName() || !node.getMesh()) continue;
    node.setName(node.getMesh()!.getName() || node.getParentNode()?.getName() || '');
  }
}

let io: NodeIO | undefined;
async function gltfIo(): Promise<NodeIO> {
  if (!io) {
    await MeshoptEncoder.ready;
    io = new NodeIO()
      .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization, CoarseMeshExtension])
      .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  }
  return io;
}

async function sceneToDocument(scene: SceneModel, options: GlbWriteOptions = {}): Promise<Document> {
  const builder = new DocumentBuilder(scene);
  const glScene = builder.doc.createScene('Scene');
  for (const root of scene.roots) glScene.addChild(builder.node(root));
  builder.doc.getRoot().setDefaultScene(glScene);
  builder.doc.getRoot().getAsset().generator = 'cabinet-viewer converter';
  if (options.compress ?? true) {
    // Shares of the time each step took on a 3,449-part job (about 4 s in all): the coarse
    // levels' plan 25 %, quantizing and compressing 40 %, writing the encoded buffers 20 %.
    const progress = options.onProgress ?? (() => {});
    await MeshoptEncoder.ready;
    const coarse = await planCoarseLevels(builder.doc, (share) => progress(0.25 * share));
    progress(0.25);
    // Positions on 16 bits across each mesh's own bounds (0.04 mm over a 2.5 m panel, so that
    // measurements stay exact to the tenth of a millimetre), normals on 8 bits.
    await builder.doc.transform(
      meshopt({ encoder: MeshoptEncoder, level: 'high', quantizationVolume: 'mesh', quantizePosition: 16 }),
    );
    progress(0.65);
    nameGeometryNodes(builder.doc);
    addCoarseLevels(builder.doc, coarse);
    progress(0.8);
  }
  return builder.doc;
}

export async function writeGlb(scene: SceneModel, options: GlbWriteOptions = {}): Promise<Uint8Array> {
  const doc = await sceneToDocument(scene, options);
  const glb = await (await gltfIo()).writeBinary(doc);
  options.onProgress?.(1);
  return glb;
}
