import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Scene } from '@babylonjs/core/scene';
import { afterEach, describe, expect, it } from 'vitest';
import { boxGeometry } from '../../samples/boxGeometry';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import type { ModelSource, SourceGeometry } from '../../src/engine/geometry/modelSource';
import { applyVisibility, createModelMeshes, type ModelMeshes } from '../../src/engine/scene/batchMeshes';

const translate = (x: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, 0, 0, 1];

/** Four unit cubes along X, two materials alternating. */
function row(): ModelSource {
  const box = boxGeometry([1, 1, 1], [-0.5, -0.5, -0.5]);
  const geometry: SourceGeometry = { id: 0, kind: 'triangles', positions: box.positions, normals: box.normals, uvs: null, indices: box.indices };
  return {
    parts: Array.from({ length: 4 }, (_, i) => ({ id: String(i), pieces: [{ geometry, material: i % 2, matrix: translate(i * 2) }] })),
    materials: [0, 1].map((index) => ({ index, name: `m${index}`, color: [1, 1, 1] as [number, number, number], alpha: 1, doubleSided: false })),
  };
}

let scene: Scene | null = null;
afterEach(() => {
  scene?.getEngine().dispose();
  scene = null;
});

function meshesOf(): { meshes: ModelMeshes; all: ModelMeshes['surfaces'] } {
  scene = new Scene(new NullEngine());
  const meshes = createModelMeshes(buildBatches(row()), scene);
  return { meshes, all: [...meshes.surfaces, ...meshes.lines, meshes.edges] };
}

const indicesOf = (mesh: ModelMeshes['surfaces'][number]['mesh']) => Array.from(mesh.getIndices() ?? []);

describe('the batch meshes shown by part', () => {
  it('keep the index buffers they were made with while every part is shown', () => {
    const { meshes, all } = meshesOf();
    const buffers = all.map(({ mesh }) => mesh.geometry?.getIndexBuffer());
    applyVisibility(meshes, new Uint8Array([1, 1, 1, 1]));
    expect(all.map(({ mesh }) => mesh.geometry?.getIndexBuffer())).toEqual(buffers);
    for (const { batch, mesh } of all) {
      expect(indicesOf(mesh)).toEqual(Array.from(batch.indices));
      expect(mesh.metadata).toEqual({ visibleIndexCount: batch.indices.length });
    }
  });

  it('draw only the shown parts, then every part again once all are shown', () => {
    const { meshes, all } = meshesOf();
    applyVisibility(meshes, new Uint8Array([1, 0, 1, 1]));
    // Material 1 batches parts 1 and 3: half its indices are left; the edges lose one part in four.
    const [first, second] = meshes.surfaces;
    expect(indicesOf(first.mesh)).toEqual(Array.from(first.batch.indices));
    expect(indicesOf(second.mesh)).toHaveLength(second.batch.indices.length / 2);
    expect(indicesOf(meshes.edges.mesh)).toHaveLength((meshes.edges.batch.indices.length * 3) / 4);

    applyVisibility(meshes, new Uint8Array([1, 1, 1, 1]));
    for (const { batch, mesh } of all) {
      expect(indicesOf(mesh)).toEqual(Array.from(batch.indices));
      expect(mesh.metadata).toEqual({ visibleIndexCount: batch.indices.length });
    }
  });
});
