/**
 * Models real exports bring that boxes do not: a 10 mm black cube (a GrabCAD IGES) is on screen,
 * in front of the near plane, and drawn lighter than black; a flat drawing opens facing its plane.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boxGeometry } from '../../samples/boxGeometry';
import { nullEngineViewer, serveGlb } from './engineHarness';

afterEach(() => vi.unstubAllGlobals());

async function boxGlb(size: [number, number, number], color: [number, number, number, number]): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const box = boxGeometry(size, [-size[0] / 2, -size[1] / 2, -size[2] / 2]);
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(box.positions).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(box.indices)).setBuffer(buffer))
    .setMaterial(doc.createMaterial('paint').setBaseColorFactor(color));
  doc.getRoot().setDefaultScene(doc.createScene().addChild(doc.createNode('part').setMesh(doc.createMesh('part').addPrimitive(primitive))));
  return new NodeIO().writeBinary(doc);
}

const corners = (size: number[]) =>
  [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [0, 1, 2].map((k) => ((i >> k) & 1 ? 0.5 : -0.5) * size[k]) as [number, number, number]);

describe('a 10 mm cube', () => {
  it('opens framed, every corner in view (in front of the near plane)', async () => {
    const size: [number, number, number] = [0.01, 0.01, 0.01];
    serveGlb(await boxGlb(size, [0, 0, 0, 1]));
    const { viewer } = nullEngineViewer({ renderMode: 'solid' });
    await viewer.load('https://models.test/cube.glb');
    for (const corner of corners(size)) expect(viewer.project(corner).inView, corner.join(',')).toBe(true);
    viewer.dispose();
  });
});

describe('a flat drawing', () => {
  it('lying flat opens seen from above, and a reset keeps it so', async () => {
    serveGlb(await boxGlb([2, 0, 1], [1, 1, 1, 1]));
    const { viewer } = nullEngineViewer();
    await viewer.load('https://models.test/plan.glb');
    const check = () => {
      const { position, target } = viewer.getCameraState();
      const offset = position.map((v, k) => v - target[k]);
      const distance = Math.hypot(...offset);
      // Looking down: the camera is straight above the target.
      expect(offset[1] / distance).toBeGreaterThan(0.999);
    };
    check();
    viewer.resetCamera({ animate: false });
    check();
    viewer.dispose();
  });

  it('standing sideways opens seen from the side', async () => {
    serveGlb(await boxGlb([0, 1, 2], [1, 1, 1, 1]));
    const { viewer } = nullEngineViewer();
    await viewer.load('https://models.test/sheet.glb');
    const { position, target } = viewer.getCameraState();
    const offset = position.map((v, k) => v - target[k]);
    expect(Math.abs(offset[0]) / Math.hypot(...offset)).toBeGreaterThan(0.999);
    viewer.dispose();
  });
});
