import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePublicSample } from '../../samples/buildPublicSample.js';
import { glbTree, readGlb } from './glbTree.js';

describe('the bundled sample', () => {
  it('writes a ~60-part kitchen GLB, meshopt-compressed, creating the folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sample-'));
    try {
      const path = join(dir, 'public', 'samples', 'sample-cabinet.glb');
      const size = await writePublicSample(path);
      const bytes = new Uint8Array(await readFile(path));
      expect(bytes.byteLength).toBe(size);
      const doc = await readGlb(bytes);
      const tree = glbTree(doc);
      expect(tree[0]).toMatch(/^0:Kitchen\+/);
      expect(tree.filter((line) => /\|/.test(line)).length).toBe(tree.length);
      expect(doc.getRoot().listExtensionsUsed().map((e) => e.extensionName).sort()).toEqual(['EXT_meshopt_compression', 'KHR_mesh_quantization']);
      expect(doc.getRoot().listNodes().filter((n) => n.getMesh()).length).toBe(60);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
