import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Scene } from '@babylonjs/core/scene';
import { MeshoptDecoder } from 'meshoptimizer/decoder';
import { describe, expect, it } from 'vitest';
import { buildBatches } from '../../src/engine/geometry/buildBatches';
import { localMatrix, multiply, parseGlbChunks, readGlb, UnsupportedGlbError } from '../../src/engine/load/glbReader';
import { importGlb } from '../../src/engine/load/importGlb';
import { readModelSource } from '../../src/engine/load/readModelSource';
import { registerGltfLoader } from '../../src/engine/load/registerGltfLoader';
import { generated } from './engineHarness';

describe('node transforms', () => {
  it('compose translation, rotation and scale like glTF (T * R * S)', () => {
    const s = Math.SQRT1_2;
    // 90 degrees about Y, scale 2 on X, then move by (1, 2, 3): the point (1, 0, 0) goes to (1, 2, 1).
    const m = localMatrix({ translation: [1, 2, 3], rotation: [0, s, 0, s], scale: [2, 1, 1] });
    const p = [1, 0, 0];
    const x = p[0] * m[0] + p[1] * m[4] + p[2] * m[8] + m[12];
    const y = p[0] * m[1] + p[1] * m[5] + p[2] * m[9] + m[13];
    const z = p[0] * m[2] + p[1] * m[6] + p[2] * m[10] + m[14];
    expect([x, y, z].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 2, 1]);
    const parent = localMatrix({ translation: [10, 0, 0] });
    expect(multiply(parent, m)[12]).toBeCloseTo(11, 12);
  });
});

describe('the direct GLB reader', () => {
  it('rejects what is not a GLB', () => {
    expect(() => parseGlbChunks(new Uint8Array(32))).toThrow(UnsupportedGlbError);
  });

  it('reads the pipeline GLB (quantized, meshopt) exactly as Babylon\'s glTF loader does', async () => {
    const { glb } = await generated(120);
    await MeshoptDecoder.ready;
    const direct = readGlb(parseGlbChunks(glb), MeshoptDecoder.decodeGltfBuffer);
    expect(direct.parts).toHaveLength(120);

    registerGltfLoader();
    const engine = new NullEngine();
    const scene = new Scene(engine);
    scene.useRightHandedSystem = true;
    const { container, json } = await importGlb(glb, scene, () => {});
    const viaBabylon = readModelSource(container, json);
    container.dispose();
    engine.dispose();

    expect(new Set(viaBabylon.parts.map((p) => p.id))).toEqual(new Set(direct.parts.map((p) => p.id)));
    expect(viaBabylon.materials).toEqual(direct.materials);
    const a = buildBatches(direct);
    const byId = new Map(viaBabylon.parts.map((p) => [p.id, p]));
    const b = buildBatches({ ...viaBabylon, parts: direct.parts.map((p) => byId.get(p.id)!) });
    expect(b.batches.map((x) => x.material)).toEqual(a.batches.map((x) => x.material));
    a.batches.forEach((batch, i) => {
      const other = b.batches[i].positions;
      expect(other.length).toBe(batch.positions.length);
      let worst = 0;
      for (let k = 0; k < other.length; k++) worst = Math.max(worst, Math.abs(other[k] - batch.positions[k]));
      expect(worst).toBeLessThan(1e-5);
    });
    for (let k = 0; k < 3; k++) expect(b.bounds.max[k]).toBeCloseTo(a.bounds.max[k], 5);
  });
});
