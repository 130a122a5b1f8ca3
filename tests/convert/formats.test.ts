import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boundsOf, generateAssembly } from '../../samples/generate.js';
import { assemblyToGlb } from '../../samples/toGlb.js';
import { assemblyToDae } from '../../samples/writers/dae.js';
import { assemblyToDxf } from '../../samples/writers/dxf.js';
import { writeSample, SAMPLE_EXTENSION } from '../../samples/writers/index.js';
import { assemblyToStep } from '../../samples/writers/step.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { assemblyTree, glbBounds, glbTree, readGlb } from './glbTree.js';

// 45 parts, seed 12: a drawer cabinet (three levels deep) and a cabinet drawn in inches.
const assembly = generateAssembly({ parts: 45, seed: 12 });
const expectedTree = assemblyTree(assembly.root);
const encode = (text: string) => new TextEncoder().encode(text);

async function convertToDoc(fileName: string, bytes: Uint8Array) {
  const result = await convertFile({ fileName, bytes });
  return { ...result, doc: await readGlb(result.glb) };
}

describe('every format converts with names and tree intact', () => {
  it('covers drawers and inch names', () => {
    expect(expectedTree.some((line) => line.startsWith('2:Drawer 1+'))).toBe(true);
    expect(expectedTree.some((line) => /in\|/.test(line))).toBe(true);
  });

  it.each(['dxf', 'dae', 'zip', 'vok'] as const)('%s keeps every node name byte for byte, and the hierarchy', async (format) => {
    const bytes = await writeSample(assembly, format);
    const { doc, stats } = await convertToDoc(`kitchen${SAMPLE_EXTENSION[format]}`, bytes);
    expect(glbTree(doc)).toEqual(expectedTree);
    expect(stats.parts).toBe(45);
    expect(stats.triangles).toBe(45 * 12);
    // Repeated hardware is drawn from shared meshes.
    expect(stats.meshes).toBeLessThan(30);
  });

  it('STEP keeps every node name and the whole product structure, drawers included', async () => {
    const { doc, stats } = await convertToDoc('kitchen.stp', encode(assemblyToStep(assembly)));
    expect(glbTree(doc)).toEqual(expectedTree);
    expect(stats.parts).toBe(45);
    expect(stats.triangles).toBe(45 * 12);
  });

  it('the samples GLB has the same tree and the same size as the converted files', async () => {
    const reference = await readGlb(await assemblyToGlb(assembly));
    expect(glbTree(reference)).toEqual(expectedTree);
    const fromDxf = await convertToDoc('k.dxf', encode(assemblyToDxf(assembly)));
    const a = glbBounds(reference);
    const b = glbBounds(fromDxf.doc);
    for (let i = 0; i < 3; i++) {
      expect(b.min[i]).toBeCloseTo(a.min[i], 3);
      expect(b.max[i]).toBeCloseTo(a.max[i], 3);
    }
    // Metres, Y up: the generator's millimetre bounds, divided by 1000.
    const [min, max] = boundsOf([assembly.root]);
    for (let i = 0; i < 3; i++) expect(a.max[i] - a.min[i]).toBeCloseTo((max[i] - min[i]) / 1000, 4);
  });
});

describe('units and axes are normalised to metres, Y up', () => {
  const small = generateAssembly({ parts: 12 });
  const [min, max] = boundsOf([small.root]);
  const heightM = (max[1] - min[1]) / 1000;
  it('DAE in inches, Z up, lands where DAE in millimetres, Y up does', async () => {
    const mm = glbBounds((await convertToDoc('a.dae', encode(assemblyToDae(small)))).doc);
    const inch = glbBounds((await convertToDoc('b.dae', encode(assemblyToDae(small, { unit: 'in', upAxis: 'Z_UP' })))).doc);
    for (let i = 0; i < 3; i++) {
      expect(inch.min[i]).toBeCloseTo(mm.min[i], 3);
      expect(inch.max[i]).toBeCloseTo(mm.max[i], 3);
    }
    expect(mm.max[1] - mm.min[1]).toBeCloseTo(heightM, 4);
  });

  it('STEP in inches lands where STEP in millimetres does', async () => {
    const mm = glbBounds((await convertToDoc('a.stp', encode(assemblyToStep(small)))).doc);
    const inch = glbBounds((await convertToDoc('b.stp', encode(assemblyToStep(small, { unit: 'in' })))).doc);
    for (let i = 0; i < 3; i++) {
      expect(inch.min[i]).toBeCloseTo(mm.min[i], 3);
      expect(inch.max[i]).toBeCloseTo(mm.max[i], 3);
    }
    expect(mm.max[1] - mm.min[1]).toBeCloseTo(heightM, 4);
  });

  it('IGES converts (the 10 mm cube shipped with occt-import-js)', async () => {
    const bytes = readFileSync('node_modules/occt-import-js/test/testfiles/cube-10x10mm/Cube 10x10.igs');
    const { doc, stats } = await convertToDoc('Cube 10x10.igs', bytes);
    expect(stats.triangles).toBe(12);
    const { min, max } = glbBounds(doc);
    for (let i = 0; i < 3; i++) expect(max[i] - min[i]).toBeCloseTo(0.01, 4);
  });
});
