/**
 * The USDA layers of a scene where one mesh is drawn by several nodes: written once, in a layer of
 * its own, referenced by each node with its matrix; a node that mirrors it gets its own world-space
 * copy, its winding flipped, so that no viewer depends on how it treats a negative scale.
 */
import { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { documentToUsda } from '../../server/convert/ar/usda.js';
import { writeUsdz } from '../../server/convert/ar/usdzPackage.js';
import { readUsdz } from './helpers/arFiles.js';

/** One triangle (0,0,0) (0.5,0,0) (0,0.25,0), drawn by nodes at the given translations and scales. */
function scene(placements: { at: [number, number, number]; scale?: [number, number, number] }[]): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const mesh = doc.createMesh('tri').addPrimitive(
    doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 0.5, 0, 0, 0, 0.25, 0])).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array([0, 1, 2])).setBuffer(buffer)),
  );
  const root = doc.createScene();
  placements.forEach(({ at, scale }, i) => root.addChild(doc.createNode(`n${i}`).setMesh(mesh).setTranslation(at).setScale(scale ?? [1, 1, 1])));
  doc.getRoot().setDefaultScene(root);
  return doc;
}

describe('shared meshes in the USDZ', () => {
  it('are written once and placed by each node’s matrix', () => {
    const usdz = writeUsdz(documentToUsda(scene([{ at: [0, 0, 0] }, { at: [2, 0, 0] }, { at: [0, 1, -3], scale: [2, 2, 2] }])));
    const usda = readUsdz(usdz);
    expect(usda.references).toBe(3);
    expect(usda.referencedLayers).toBe(1);
    expect(usda.meshes).toBe(3);
    expect(usda.text).not.toContain('point3f[]');
    expect(usda.bounds.min).toEqual([0, 0, -3]);
    expect(usda.bounds.max).toEqual([2.5, 1.5, 0]);
  });

  it('write a mirrored node’s copy in world space with its winding flipped, and a mesh drawn once inline', () => {
    const usda = readUsdz(writeUsdz(documentToUsda(scene([{ at: [0, 0, 0] }, { at: [0, 0, 0] }, { at: [0, 0, 0], scale: [-1, 1, 1] }]))));
    expect(usda.references).toBe(2);
    expect(usda.meshes).toBe(3);
    expect(usda.text).toContain('int[] faceVertexIndices = [0,2,1]');
    expect(usda.text).toContain('point3f[] points = [(0,0,0),(-0.5,0,0),(0,0.25,0)]');
    expect(usda.bounds.min).toEqual([-0.5, 0, 0]);
    const once = readUsdz(writeUsdz(documentToUsda(scene([{ at: [1, 0, 0] }]))));
    expect(once.references).toBe(0);
    expect(once.text).toContain('point3f[] points = [(1,0,0),(1.5,0,0),(1,0.25,0)]');
  });
});
