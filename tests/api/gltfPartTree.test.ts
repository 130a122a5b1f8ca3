/** One part-tree builder and one GLB reader for the viewer and the server. */
import { describe, expect, it } from 'vitest';
import { namedTreeOfGlb, namedTreeOfGltf, partTreeOfGltf } from '../../src/model/parts/gltfPartTree';
import { GLB_HEADER_BYTES, GlbFormatError, glbJsonLength, readGlbChunks } from '../../src/model/glbChunks';
import { namesGlb } from '../server/helpers/namesGlb';

const kitchen = {
  scene: 0,
  scenes: [{ nodes: [0] }],
  nodes: [
    { name: 'Base cabinet+720x560x600', children: [1, 2, 4] },
    { name: 'Side+720x560x18|Oak', children: [] },
    { name: 'Drawer', children: [3, 1] },
    { name: 'Front+150x18x596' },
    {},
  ],
};

describe('the part tree of a glTF', () => {
  it('gives the server and the viewer the same nodes, the viewer adding parents and parsed names', () => {
    const named = namedTreeOfGltf(kitchen);
    const viewer = partTreeOfGltf(kitchen);
    expect(viewer.roots).toEqual(named.roots);
    expect(Object.keys(viewer.nodes)).toEqual(Object.keys(named.nodes));
    for (const [id, node] of Object.entries(named.nodes)) {
      expect(viewer.nodes[id]).toMatchObject({ id, rawName: node.rawName, children: node.children, isVisible: true });
    }
    // A node reachable twice keeps its first place; a node without a name is named by its index.
    expect(viewer.nodes['1'].parent).toBe('0');
    expect(viewer.nodes['3'].parent).toBe('2');
    expect(named.nodes['4'].rawName).toBe('Node 4');
    expect(viewer.nodes['0']).toMatchObject({ name: 'Base cabinet', size: { unit: 'mm', values: [720, 560, 600], labels: ['height', 'depth', 'width'] } });
    expect(viewer.nodes['1']).toMatchObject({ name: 'Side', additionalInfo: 'Oak', size: { labels: ['length', 'thickness', 'width'] } });
  });

  it('takes the nodes no node names as a child for roots when there is no scene, and reads anything else as empty', () => {
    const { scene: _scene, scenes: _scenes, ...sceneless } = kitchen;
    expect(namedTreeOfGltf(sceneless).roots).toEqual(['0']);
    expect(namedTreeOfGltf(null)).toEqual({ roots: [], nodes: {} });
    expect(partTreeOfGltf({ nodes: 'no' })).toEqual({ roots: [], nodes: {} });
  });
});

describe('the GLB container', () => {
  const glb = new Uint8Array(namesGlb([{ name: 'Base cabinet+720x560x600', children: [1] }, { name: 'Side+720x560x18' }]));

  it('reads the JSON chunk from a whole file and, by its length, from the first bytes alone', () => {
    const length = glbJsonLength(glb.subarray(0, GLB_HEADER_BYTES))!;
    const alone = JSON.parse(new TextDecoder().decode(glb.subarray(GLB_HEADER_BYTES, GLB_HEADER_BYTES + length))) as unknown;
    expect(readGlbChunks(glb)).toEqual({ json: alone, bin: null });
    expect(namedTreeOfGlb(glb)).toEqual(namedTreeOfGltf(alone));
  });

  it('refuses what is not a GLB', () => {
    const text = new TextEncoder().encode('{"asset":{"version":"2.0"}} and more bytes');
    expect(glbJsonLength(text)).toBeUndefined();
    expect(() => readGlbChunks(text)).toThrow(GlbFormatError);
    expect(namedTreeOfGlb(text)).toBeUndefined();
  });
});
