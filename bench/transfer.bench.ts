/**
 * Transfer: bytes of our GLB per triangle (quantized attributes + EXT_meshopt_compression, as the
 * converter writes it) against a plain float32 GLB of the same geometry written by
 * @gltf-transform/core with no quantization and no compression. Also the gzip and brotli size of
 * each, as the server sends them (copies made once, at conversion).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { NodeIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { generateAssembly } from '../samples/generate';
import { assemblyToGlb } from '../samples/toGlb';
import { assemblyToPlainGlb } from './lib/plainGlb';
import type { Bench, Row } from './lib/types';

/** Triangles and line segments drawn by a GLB, every mesh counted once per node using it. */
async function countTriangles(glb: Uint8Array): Promise<number> {
  await MeshoptDecoder.ready;
  const io = new NodeIO().registerExtensions([EXTMeshoptCompression, KHRMeshQuantization]).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  const doc = await io.readBinary(glb);
  let triangles = 0;
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    for (const prim of mesh.listPrimitives()) {
      if (prim.getMode() !== 4) continue;
      const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
      triangles += count / 3;
    }
  }
  return triangles;
}

const bench: Bench = {
  name: 'transfer',
  description: 'GLB bytes per triangle: our compressed GLB vs a plain float32 GLB of the same geometry',
  async run({ smoke, log }) {
    const sizes = smoke ? [10] : [100, 2000, 10000];
    const rows: Row[] = [];
    for (const parts of sizes) {
      log(`${parts} parts`);
      const assembly = generateAssembly({ parts, seed: 1 });
      const ours = await assemblyToGlb(assembly);
      const plain = await assemblyToPlainGlb(assembly);
      const triangles = await countTriangles(ours);
      const plainTriangles = await countTriangles(plain);
      if (triangles !== plainTriangles) throw new Error(`${parts} parts: ${triangles} triangles in ours, ${plainTriangles} in the plain GLB`);
      const sample = (glb: Uint8Array) => ({
        kb: [glb.byteLength / 1024],
        bytesPerTriangle: [glb.byteLength / triangles],
        gzipKb: [gzipSync(glb, { level: 9 }).byteLength / 1024],
        brKb: [brotliCompressSync(glb, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength / 1024],
        triangles: [triangles],
      });
      rows.push(
        { label: `ours (meshopt + quantized), ${parts} parts`, samples: sample(ours), versus: `plain float32, ${parts} parts` },
        { label: `plain float32, ${parts} parts`, samples: sample(plain) },
      );
    }
    return [
      {
        title: 'Bytes on the wire per triangle',
        reference: 'a plain float32 GLB of the same geometry (@gltf-transform/core, no quantization, no compression)',
        metrics: [
          { key: 'triangles', label: 'triangles drawn', unit: '', better: 'lower', digits: 0 },
          { key: 'kb', label: 'GLB', unit: 'KB', better: 'lower', digits: 0 },
          { key: 'bytesPerTriangle', label: 'bytes/triangle', unit: 'B', better: 'lower', digits: 2 },
          { key: 'gzipKb', label: 'GLB gzip', unit: 'KB', better: 'lower', digits: 0 },
          { key: 'brKb', label: 'GLB brotli', unit: 'KB', better: 'lower', digits: 0 },
        ],
        rows,
        notes: [
          'Both files hold the same scene (one glTF mesh per distinct panel size and material, reused by every part of that size), so triangles drawn count every use.',
          'Model URLs are served as the brotli copy made at conversion (gzip for browsers without brotli), so the brotli column is what a browser downloads; the plain GLB goes to clients that accept neither.',
        ],
      },
    ];
  },
};
export default bench;
