/**
 * Babylon meshes for the merged batches: one Mesh per material, one LinesMesh per line
 * material and one LinesMesh for all feature edges. They are static: world matrices frozen,
 * bounding info never resynced, always active (one draw call each).
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { LinesMesh } from '@babylonjs/core/Meshes/linesMesh';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import type { Scene } from '@babylonjs/core/scene';
import type { Batch, BuiltModel } from '../geometry/buildBatches';
import { visibleIndices } from '../geometry/visibleIndices';

export interface BatchMesh {
  batch: Batch;
  mesh: Mesh;
}

export interface ModelMeshes {
  surfaces: BatchMesh[];
  lines: Array<BatchMesh & { mesh: LinesMesh }>;
  edges: BatchMesh & { mesh: LinesMesh };
  dispose(): void;
}

function prepare(mesh: Mesh, batch: Batch): void {
  const data = new VertexData();
  data.positions = batch.positions;
  data.indices = batch.indices;
  if (batch.kind === 'triangles') {
    // glTF's front faces are counter-clockwise, and the batches keep them so (mirrored parts are
    // turned back). A mesh made in a right-handed scene takes Babylon's other default, which culled
    // the faces towards the camera and drew the insides: edges behind a door showed through it and
    // the underside of a wall cabinet was lit from above (the first frame never did).
    mesh.sideOrientation = Constants.MATERIAL_CounterClockWiseSideOrientation;
    if (batch.normals) data.normals = batch.normals;
    else {
      const normals = new Float32Array(batch.positions.length);
      VertexData.ComputeNormals(batch.positions, batch.indices, normals);
      data.normals = normals;
    }
  }
  data.applyToMesh(mesh, false);
  mesh.isPickable = false;
  mesh.doNotSyncBoundingInfo = true;
  mesh.alwaysSelectAsActiveMesh = true;
  mesh.freezeWorldMatrix();
}

export function createModelMeshes(model: BuiltModel, scene: Scene): ModelMeshes {
  const surfaces: BatchMesh[] = [];
  const lines: Array<BatchMesh & { mesh: LinesMesh }> = [];
  model.batches.forEach((batch, i) => {
    if (batch.kind === 'triangles') {
      const mesh = new Mesh(`surfaces-${i}`, scene);
      prepare(mesh, batch);
      surfaces.push({ batch, mesh });
    } else {
      const mesh = new LinesMesh(`lines-${i}`, scene);
      prepare(mesh, batch);
      lines.push({ batch, mesh });
    }
  });
  const edgesMesh = new LinesMesh('edges', scene);
  prepare(edgesMesh, model.edges);
  return {
    surfaces,
    lines,
    edges: { batch: model.edges, mesh: edgesMesh },
    dispose() {
      for (const s of surfaces) s.mesh.dispose(false, false);
      for (const l of lines) l.mesh.dispose(false, false);
      edgesMesh.dispose(false, false);
    },
  };
}

/** Rewrites the index buffers so that only visible parts are drawn. */
export function applyVisibility(meshes: ModelMeshes, visible: Uint8Array): void {
  const all: BatchMesh[] = [...meshes.surfaces, ...meshes.lines, meshes.edges];
  const everyPart = visible.every((v) => v !== 0);
  let scratch = new Uint32Array(0);
  for (const { batch, mesh } of all) {
    // A mesh that still draws its whole batch (as made, or last shown whole) keeps its buffer:
    // a model's load shows every part, and rewriting each index buffer then was work for nothing.
    if (everyPart && drawsWholeBatch(mesh, batch)) {
      mesh.metadata = { visibleIndexCount: batch.indices.length };
      continue;
    }
    if (scratch.length < batch.indices.length) scratch = new Uint32Array(batch.indices.length);
    const count = visibleIndices(batch, visible, scratch);
    mesh.setIndices(scratch.slice(0, count), batch.positions.length / 3);
    mesh.metadata = { visibleIndexCount: count };
  }
}

/** How many of its batch's indices a mesh draws since applyVisibility; undefined before it (the whole batch). */
function visibleIndexCount(mesh: Mesh): number | undefined {
  return (mesh.metadata as { visibleIndexCount?: number } | null)?.visibleIndexCount;
}

function drawsWholeBatch(mesh: Mesh, batch: Batch): boolean {
  const count = visibleIndexCount(mesh);
  return count === undefined || count === batch.indices.length;
}

/** Turns every mesh of a level off (the level not drawn now). */
export function disableMeshes(meshes: ModelMeshes): void {
  for (const { mesh } of [...meshes.surfaces, ...meshes.lines, meshes.edges]) mesh.setEnabled(false);
}

/** Triangles of the visible parts in the surface batches. */
export function visibleTriangles(meshes: ModelMeshes): number {
  let count = 0;
  for (const { batch, mesh } of meshes.surfaces) count += visibleIndexCount(mesh) ?? batch.indices.length;
  return count / 3;
}

/** Whether a batch mesh draws anything after applyVisibility. */
export function hasVisibleIndices(mesh: Mesh): boolean {
  const count = visibleIndexCount(mesh);
  return count === undefined || count > 0;
}

/** Sends the batches' moved positions to the GPU (the exploded view); the buffers become updatable on first use. */
export function updatePositions(meshes: ModelMeshes): void {
  for (const { batch, mesh } of [...meshes.surfaces, ...meshes.lines, meshes.edges]) {
    if (mesh.getVertexBuffer(VertexBuffer.PositionKind)?.isUpdatable()) mesh.updateVerticesData(VertexBuffer.PositionKind, batch.positions);
    else mesh.setVerticesData(VertexBuffer.PositionKind, batch.positions, true);
  }
}
