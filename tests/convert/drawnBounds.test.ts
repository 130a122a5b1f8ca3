/**
 * The AR model's boxes (server/convert/ar/drawnBounds.ts) give gltf-transform's own `getBounds`
 * answer: instanced meshes under turned, scaled and nested nodes, indexed and not, vertices no index
 * reaches, a node without a mesh, a node alone and the whole scene.
 */
import { Document, getBounds, type Mesh, type Node } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { random } from '../../samples/generate.js';
import { drawnBounds } from '../../server/convert/ar/drawnBounds.js';

function mesh(doc: Document, next: () => number, indexed: boolean, stray: boolean): Mesh {
  const vertices = 4 + Math.floor(next() * 20);
  const positions = new Float32Array(vertices * 3).map(() => (next() - 0.5) * 2);
  const primitive = doc.createPrimitive().setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions));
  if (indexed) {
    // The last vertex far away and named by no index when `stray`: it is not drawn.
    if (stray) positions.set([1000, -1000, 1000], (vertices - 1) * 3);
    const reach = stray ? vertices - 1 : vertices;
    const indices = new Uint16Array(3 * 2 * vertices).map(() => Math.floor(next() * reach));
    primitive.setIndices(doc.createAccessor().setType('SCALAR').setArray(indices));
  }
  return doc.createMesh().addPrimitive(primitive);
}

function turned(node: Node, next: () => number): Node {
  const [x, y, z] = [next() - 0.5, next() - 0.5, next() - 0.5];
  const w = next();
  const length = Math.hypot(x, y, z, w);
  return node
    .setTranslation([(next() - 0.5) * 10, (next() - 0.5) * 10, (next() - 0.5) * 10])
    .setRotation([x / length, y / length, z / length, w / length])
    .setScale([0.5 + next(), 0.5 + next(), 0.5 + next()]);
}

function expectSame(actual: { min: number[]; max: number[] }, expected: { min: number[]; max: number[] }) {
  for (let k = 0; k < 3; k++) {
    expect(actual.min[k]).toBeCloseTo(expected.min[k], 9);
    expect(actual.max[k]).toBeCloseTo(expected.max[k], 9);
  }
}

describe('the box around what a scene or a node draws', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`is getBounds's box (seed ${seed})`, () => {
      const next = random(seed);
      const doc = new Document();
      doc.createBuffer();
      const meshes = [mesh(doc, next, true, true), mesh(doc, next, false, false), mesh(doc, next, true, false)];
      const scene = doc.createScene();
      const nodes: Node[] = [];
      for (let i = 0; i < 12; i++) {
        const node = turned(doc.createNode(`n${i}`), next);
        // Some nodes only group; the others share the three meshes.
        if (i % 4 !== 3) node.setMesh(meshes[i % meshes.length]);
        const parent = i > 2 && next() < 0.6 ? nodes[Math.floor(next() * nodes.length)] : null;
        if (parent) parent.addChild(node);
        else scene.addChild(node);
        nodes.push(node);
      }
      const points = new Map();
      const whole = drawnBounds(scene, points);
      expectSame(whole, getBounds(scene));
      // Far from what the stray vertex would give.
      expect(Math.max(...whole.max.map(Math.abs), ...whole.min.map(Math.abs))).toBeLessThan(100);
      for (const node of nodes) expectSame(drawnBounds(node, points), getBounds(node));
    });
  }

  it('is empty (infinite) for a scene that draws nothing, as getBounds', () => {
    const doc = new Document();
    const scene = doc.createScene().addChild(doc.createNode('empty'));
    expect(drawnBounds(scene)).toEqual(getBounds(scene));
    expect(drawnBounds(scene).min[0]).toBe(Infinity);
  });
});
