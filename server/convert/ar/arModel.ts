/**
 * The files a phone places in a room (issue 32), made from a revision's GLB: an AR GLB for
 * Android's Scene Viewer and a USDZ for iOS Quick Look. Both in metres, Y up, the origin at the
 * middle of the model's floor footprint (its lowest point, the centre of its plan), +Z towards
 * the viewer as in the converted GLB. The AR GLB carries no extension: meshopt and quantization
 * are decoded, the coarse levels (CV_coarse_mesh) dropped; textures are kept. Lines are dropped
 * (AR viewers draw surfaces). A model past the triangle budget, or whose files would pass the size
 * budget, is simplified with meshoptimizer until it fits (`simplified` says so).
 *
 * One node alone (a cabinet) keeps its height above the model's floor, unless it is a wall
 * cabinet (its name says so, or it hangs at least 0.6 m above the floor): then its origin is the
 * middle of its back's lower edge, to be placed on a wall, and the USDZ asks Quick Look for a
 * vertical plane.
 */
import { type Document, Logger, NodeIO, type Node } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { dequantize, prune, simplify, weld } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptSimplifier } from 'meshoptimizer';
import { CoarseMeshExtension, coarseMeshesOf } from '../coarseLevel.js';
import { isWallCabinetName, parsePartName } from '../../../src/model/parts/partName.js';
import { drawnBounds, type MeshPoints } from './drawnBounds.js';
import { documentToUsda } from './usda.js';
import { writeUsdz } from './usdzPackage.js';

/** Triangles (counted once per node that draws them) a phone shows smoothly. */
export const AR_TRIANGLE_BUDGET = 500_000;
/** Largest AR file, each of the two. */
export const AR_MAX_BYTES = 10 * 2 ** 20;
export const AR_GLB_TYPE = 'model/gltf-binary';
export const USDZ_TYPE = 'model/vnd.usdz+zip';
const TRIANGLES = 4;
/** A cabinet whose bottom is this high above the model's floor hangs on a wall (metres). */
export const WALL_MOUNT_MIN = 0.6;
/** Rounds of simplification before giving up on the size budget. */
const MAX_ROUNDS = 6;

export interface ArModel {
  glb: Uint8Array;
  usdz: Uint8Array;
  /** Triangles drawn (per node), before and after any simplification. */
  sourceTriangles: number;
  triangles: number;
  simplified: boolean;
  /** The files still pass a budget: the simplifier could not take more away within its bounds. */
  overBudget: boolean;
  /** Size of the model in metres [x, y, z]. */
  size: [number, number, number];
  /** A wall cabinet alone: origin on its back, anchored to a vertical plane. */
  wall: boolean;
}

let io: Promise<NodeIO> | undefined;
function gltfIo(): Promise<NodeIO> {
  io ??= Promise.all([MeshoptDecoder.ready, MeshoptSimplifier.ready]).then(() =>
    new NodeIO()
      .setLogger(new Logger(Logger.Verbosity.ERROR))
      .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization, CoarseMeshExtension])
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder }),
  );
  return io;
}

/** Triangles drawn by the default scene, each mesh counted once per node using it. */
function drawnTriangles(doc: Document): number {
  let total = 0;
  const visit = (node: Node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      if (primitive.getMode() !== TRIANGLES) continue;
      total += Math.floor((primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0) / 3);
    }
    for (const child of node.listChildren()) visit(child);
  };
  for (const node of doc.getRoot().getDefaultScene()?.listChildren() ?? []) visit(node);
  return total;
}

/**
 * Plain glTF: decoded geometry, no extension, no coarse mesh, no line; with `node` (a glTF node
 * index of the converted GLB, the part tree's id), only that node's subtree, at its place in the
 * model. Null when there is no such node. `floor` is the whole model's lowest point.
 */
async function plainDocument(glb: Uint8Array, node: number | undefined, points: MeshPoints): Promise<{ doc: Document; floor: number; wall: boolean } | null> {
  const doc = await (await gltfIo()).readBinary(glb);
  // Looked up before anything is pruned: indices are the converted GLB's.
  const subset = node === undefined ? undefined : doc.getRoot().listNodes()[node];
  if (node !== undefined && !subset) return null;
  for (const coarse of coarseMeshesOf(doc)) {
    coarse.listPrimitives().forEach((p) => p.dispose());
    coarse.dispose();
  }
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) if (primitive.getMode() !== TRIANGLES) primitive.dispose();
  }
  await doc.transform(dequantize());
  for (const extension of doc.getRoot().listExtensionsUsed()) extension.dispose();
  const root = doc.getRoot();
  if (!root.getDefaultScene()) root.setDefaultScene(root.listScenes()[0] ?? doc.createScene());
  const scene = root.getDefaultScene()!;
  const floor = drawnBounds(scene, points).min[1];
  let wall = false;
  if (subset) {
    wall = isWallCabinetName(parsePartName(subset.getName(), 'cabinet').displayName) || drawnBounds(subset, points).min[1] - floor >= WALL_MOUNT_MIN;
    const world = subset.getWorldMatrix();
    subset.getParentNode()?.removeChild(subset);
    for (const child of scene.listChildren()) scene.removeChild(child);
    scene.addChild(subset.setMatrix(world));
  }
  await doc.transform(prune({ keepLeaves: false, keepSolidTextures: true }));
  return { doc, floor, wall };
}

/**
 * Puts the model under one node that moves the middle of its floor footprint to the origin, its
 * height measured from `floor` (a cabinet alone keeps its mounting height above the model's floor);
 * on a wall, the middle of its back's lower edge.
 */
function placeOnFloor(doc: Document, points: MeshPoints, floor?: number, wall = false): [number, number, number] {
  const scene = doc.getRoot().getDefaultScene()!;
  const { min, max } = drawnBounds(scene, points);
  const origin = wall ? [(min[0] + max[0]) / 2, min[1], min[2]] : [(min[0] + max[0]) / 2, Math.min(floor ?? min[1], min[1]), (min[2] + max[2]) / 2];
  const placed = doc.createNode('AR').setTranslation([-origin[0], -origin[1], -origin[2]]);
  for (const child of scene.listChildren()) {
    scene.removeChild(child);
    placed.addChild(child);
  }
  scene.addChild(placed);
  return [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
}

/** Meshoptimizer on every mesh, towards `ratio` of its triangles, within `error` of its radius. */
async function simplifyTo(doc: Document, ratio: number, error: number): Promise<void> {
  await doc.transform(weld(), simplify({ simplifier: MeshoptSimplifier, ratio: Math.max(0, Math.min(1, ratio)), error }));
}

export interface ArOptions {
  /** Budgets other than the product's (tests). */
  triangles?: number;
  bytes?: number;
  /** Only this node's subtree (a glTF node index of the converted GLB: one cabinet), at its mounting height. */
  node?: number;
  /** Hears the share done (0..1) after each step: a whole job's AR files take a second or more. */
  onProgress?: (share: number) => void;
}

/** The AR GLB and USDZ of a converted GLB (or of one of its nodes); null when there is no surface to place. */
export async function makeArModel(glb: Uint8Array, limits: ArOptions = {}): Promise<ArModel | null> {
  const maxBytes = limits.bytes ?? AR_MAX_BYTES;
  const progress = limits.onProgress ?? (() => {});
  progress(0);
  // Each mesh's vertices, read once for every box measured before the geometry changes.
  const points: MeshPoints = new Map();
  const plain = await plainDocument(glb, limits.node, points);
  if (!plain) return null;
  const { doc, wall } = plain;
  const sourceTriangles = drawnTriangles(doc);
  if (sourceTriangles === 0) return null;
  const size = placeOnFloor(doc, points, limits.node === undefined ? undefined : plain.floor, wall);
  points.clear();
  progress(0.4);
  const io = await gltfIo();
  let triangles = sourceTriangles;
  let budget = limits.triangles ?? AR_TRIANGLE_BUDGET;
  let error = 0.01;
  let stalled = false;
  for (let round = 0; ; round++) {
    if (triangles > budget) {
      const before = triangles;
      await simplifyTo(doc, (0.95 * budget) / triangles, error);
      progress(0.4 + 0.5 * ((round + 0.5) / (MAX_ROUNDS + 1)));
      triangles = drawnTriangles(doc);
      error *= 3;
      // Meshes already as simple as their shape (boxes) lose nothing more within the error bound.
      stalled = triangles > 0.95 * before;
    }
    const arGlb = await io.writeBinary(doc);
    const usdz = writeUsdz(documentToUsda(doc, 'model.usda', { vertical: wall }));
    const largest = Math.max(arGlb.byteLength, usdz.byteLength);
    const fits = largest <= maxBytes && triangles <= budget;
    if (fits || stalled || round >= MAX_ROUNDS) {
      progress(1);
      return { glb: arGlb, usdz, sourceTriangles, triangles, simplified: triangles < sourceTriangles, size, overBudget: !fits, wall };
    }
    progress(0.4 + 0.5 * ((round + 1) / (MAX_ROUNDS + 1)));
    // Bytes grow with triangles: aim under the size budget with a margin.
    if (largest > maxBytes) budget = Math.min(budget, Math.floor((triangles * 0.8 * maxBytes) / largest));
  }
}
