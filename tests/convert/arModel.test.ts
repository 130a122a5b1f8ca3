/**
 * The AR files (server/convert/ar) of real conversions of generated jobs: the AR GLB passes the
 * Khronos validator with no error and no extension, measures the job's millimetre dimensions in
 * metres within 1 mm with its origin at the middle of the floor footprint, keeps textures; the
 * USDZ is a package Quick Look reads (stored entries 64-byte aligned, the layer first, a default
 * prim, metres, Y up) whose points span the GLB's bounds within 1 mm; a job past the budgets is
 * simplified under them.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { zipSync } from 'fflate';
import { Box3 } from 'three';
import { USDZLoader } from 'three/examples/jsm/loaders/USDZLoader.js';
import { validateBytes } from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundsOf, generateAssembly } from '../../samples/generate.js';
import { generateJob, jobToStep } from '../../samples/realJob/job.js';
import { writeSample } from '../../samples/writers/index.js';
import { AR_MAX_BYTES, AR_TRIANGLE_BUDGET, makeArModel, type ArModel } from '../../server/convert/ar/arModel.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { texturedDae, TINY_PNG, WOOD_TEXTURE_PATH } from './texturedDae.js';
import { glbBounds, readUsdz, readZip } from './helpers/arFiles.js';

const MM = 0.001;

function glbJson(glb: Uint8Array): { extensionsUsed?: string[]; extensionsRequired?: string[] } {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

interface ConvertedJob {
  glb: Uint8Array;
  dims: number[];
  assembly: ReturnType<typeof generateAssembly>;
}

async function converted(parts: number, format: 'step', seed = 3): Promise<ConvertedJob> {
  const assembly = generateAssembly({ parts, seed });
  const { glb } = await convertFile({ fileName: 'job.stp', bytes: await writeSample(assembly, format) });
  const [min, max] = boundsOf([assembly.root]);
  return { glb, dims: [0, 1, 2].map((k) => max[k] - min[k]), assembly };
}

/** The glTF node index of the node named `name` in a GLB (its JSON chunk read as it is). */
function nodeIndex(glb: Uint8Array, name: string): number {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as { nodes: { name?: string }[] };
  return json.nodes.findIndex((n) => n.name === name);
}

describe('AR files of a converted STEP job', () => {
  let job: ConvertedJob;
  let ar: ArModel;
  beforeAll(async () => {
    job = await converted(300, 'step');
    ar = (await makeArModel(job.glb))!;
  });

  it('reports its progress after each step, rising from 0 to 1, and gives the same files', async () => {
    const shares: number[] = [];
    const again = (await makeArModel(job.glb, { onProgress: (share) => shares.push(share) }))!;
    expect(shares[0]).toBe(0);
    expect(shares.at(-1)).toBe(1);
    expect(shares.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThan(shares[i - 1]);
    expect(again.triangles).toBe(ar.triangles);
    expect(again.size).toEqual(ar.size);
  });

  it('is a GLB the Khronos validator passes with no error, and no extension at all', async () => {
    const report = await validateBytes(ar.glb, { maxIssues: 50 });
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    const json = glbJson(ar.glb);
    expect(json.extensionsUsed ?? []).toEqual([]);
    expect(json.extensionsRequired ?? []).toEqual([]);
    // The converted GLB needed meshopt and quantization: the AR one is decoded.
    expect(glbJson(job.glb).extensionsRequired).toEqual(expect.arrayContaining(['EXT_meshopt_compression', 'KHR_mesh_quantization']));
  });

  it('measures the job in metres within 1 mm, its origin at the middle of the floor footprint', async () => {
    const { min, max } = await glbBounds(ar.glb);
    for (let k = 0; k < 3; k++) expect(Math.abs(max[k] - min[k] - job.dims[k] * MM), `axis ${k}`).toBeLessThan(MM);
    expect(Math.abs(min[1])).toBeLessThan(MM);
    expect(Math.abs((min[0] + max[0]) / 2)).toBeLessThan(MM);
    expect(Math.abs((min[2] + max[2]) / 2)).toBeLessThan(MM);
    expect(ar.simplified).toBe(false);
    expect(ar.overBudget).toBe(false);
    expect(ar.triangles).toBe(ar.sourceTriangles);
  });

  it('is a USDZ package: stored entries, data on 64-byte boundaries, the USDA layer first', () => {
    const entries = readZip(ar.usdz);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0].name).toMatch(/\.usd[ac]$/);
    for (const entry of entries) {
      expect(entry.method, entry.name).toBe(0);
      expect(entry.dataOffset % 64, entry.name).toBe(0);
      expect(entry.crcMatches, entry.name).toBe(true);
    }
  });

  it('has a default prim, metres and Y up, and points spanning the GLB within 1 mm', async () => {
    const usda = readUsdz(ar.usdz);
    expect(usda.text).not.toContain('doubleSided'); // closed solids: one side drawn
    expect(usda.defaultPrim).toBe('Root');
    expect(usda.rootDefined).toBe(true);
    expect(usda.metersPerUnit).toBe(1);
    expect(usda.upAxis).toBe('Y');
    expect(usda.meshes).toBeGreaterThanOrEqual(300);
    expect(usda.indicesInRange).toBe(true);
    const glb = await glbBounds(ar.glb);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(usda.bounds.min[k] - glb.min[k]), `min ${k}`).toBeLessThan(MM);
      expect(Math.abs(usda.bounds.max[k] - glb.max[k]), `max ${k}`).toBeLessThan(MM);
    }
    expect(ar.glb.byteLength).toBeLessThanOrEqual(AR_MAX_BYTES);
    expect(ar.usdz.byteLength).toBeLessThanOrEqual(AR_MAX_BYTES);
  });

  it('writes a panel shared by many parts once, each part referencing it with its matrix', async () => {
    const usda = readUsdz(ar.usdz);
    const doc = await new NodeIO().readBinary(ar.glb);
    const meshes = doc.getRoot().listMeshes().length;
    expect(usda.references).toBeGreaterThan(usda.referencedLayers * 2);
    expect(usda.referencedLayers).toBeLessThanOrEqual(meshes);
    expect(readZip(ar.usdz).filter((e) => e.name.startsWith('geometries/')).length).toBe(usda.referencedLayers);
  });

  it('is read by three.js\'s USDZ loader with the GLB\'s dimensions within 1 mm', async () => {
    const scene = new USDZLoader().parse(ar.usdz.slice().buffer);
    scene.updateMatrixWorld(true);
    const box = new Box3().setFromObject(scene);
    const glb = await glbBounds(ar.glb);
    let meshes = 0;
    scene.traverse((o) => (meshes += o.isMesh ? 1 : 0));
    expect(meshes).toBeGreaterThanOrEqual(300);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(box.min.getComponent(k) - glb.min[k]), `min ${k}`).toBeLessThan(MM);
      expect(Math.abs(box.max.getComponent(k) - glb.max[k]), `max ${k}`).toBeLessThan(MM);
    }
  });
});

describe('AR files of one cabinet of a converted job', () => {
  it('hold that cabinet alone, its millimetre dimensions within 1 mm, a base cabinet on the floor, a wall cabinet on a wall', async () => {
    const job = await converted(120, 'step', 7);
    const [floor] = boundsOf([job.assembly.root]);
    const cabinets = job.assembly.root.children;
    const wall = cabinets.find((c) => c.name.startsWith('Wall cabinet'))!;
    const base = cabinets.find((c) => c.name.startsWith('Base cabinet'))!;
    expect(wall && base).toBeTruthy();
    const whole = (await makeArModel(job.glb))!;
    for (const cabinet of [base, wall]) {
      const node = nodeIndex(job.glb, cabinet.name);
      expect(node, cabinet.name).toBeGreaterThanOrEqual(0);
      const ar = (await makeArModel(job.glb, { node }))!;
      const [min, max] = boundsOf([cabinet], [0, 0, 0]);
      const glb = await glbBounds(ar.glb);
      for (let k = 0; k < 3; k++) expect(Math.abs(glb.max[k] - glb.min[k] - (max[k] - min[k]) * MM), `${cabinet.name} axis ${k}`).toBeLessThan(MM);
      expect(Math.abs((glb.min[0] + glb.max[0]) / 2)).toBeLessThan(MM);
      const usdaText = readUsdz(ar.usdz).text;
      if (cabinet === base) {
        // Its own footprint centred at its height above the job's floor; no wall anchoring.
        expect(ar.wall).toBe(false);
        expect(Math.abs(glb.min[1] - (min[1] - floor[1]) * MM), cabinet.name).toBeLessThan(MM);
        expect(Math.abs((glb.min[2] + glb.max[2]) / 2)).toBeLessThan(MM);
        expect(usdaText).not.toContain('preliminary:anchoring');
      } else {
        // On a wall: the origin at the middle of its back's lower edge, Quick Look asked for a vertical plane.
        expect(ar.wall).toBe(true);
        expect(min[1] - floor[1]).toBeGreaterThan(600);
        expect(Math.abs(glb.min[1])).toBeLessThan(MM);
        expect(Math.abs(glb.min[2])).toBeLessThan(MM);
        expect(usdaText).toContain('prepend apiSchemas = ["Preliminary_AnchoringAPI"]');
        expect(usdaText).toContain('uniform token preliminary:anchoring:type = "plane"');
        expect(usdaText).toContain('uniform token preliminary:planeAnchoring:alignment = "vertical"');
      }
      expect(ar.triangles).toBeLessThan(whole.triangles / 2);
      expect((await validateBytes(ar.glb)).issues.numErrors).toBe(0);
      // Nothing of the other cabinets is carried along.
      expect((await new NodeIO().readBinary(ar.glb)).getRoot().listNodes().length).toBeLessThanOrEqual(countNodes(cabinet) + 1);
      const usda = readUsdz(ar.usdz);
      for (let k = 0; k < 3; k++) expect(Math.abs(usda.bounds.max[k] - usda.bounds.min[k] - (glb.max[k] - glb.min[k])), `USDZ axis ${k}`).toBeLessThan(MM);
    }
    expect(await makeArModel(job.glb, { node: 1_000_000 })).toBeNull();
  });
});

const countNodes = (node: { children: { children: unknown[] }[] }): number => 1 + node.children.reduce((sum, child) => sum + countNodes(child as typeof node), 0);

describe('AR files of a textured job (a ZIP of a DAE and its picture)', () => {
  it('keep the texture in the GLB and the USDZ', async () => {
    const zip = zipSync({ 'panel.dae': texturedDae(), [WOOD_TEXTURE_PATH]: TINY_PNG });
    const { glb } = await convertFile({ fileName: 'panel.zip', bytes: zip });
    const ar = (await makeArModel(glb))!;
    const report = await validateBytes(ar.glb);
    expect(report.issues.numErrors).toBe(0);
    const doc = await new NodeIO().readBinary(ar.glb);
    expect(doc.getRoot().listTextures().length).toBeGreaterThan(0);
    const entries = readZip(ar.usdz);
    const pictures = entries.filter((e) => /^textures\/.+\.(png|jpg)$/.test(e.name));
    expect(pictures.length).toBeGreaterThan(0);
    for (const e of pictures) expect(e.dataOffset % 64).toBe(0);
    const text = new TextDecoder().decode(entries[0].data);
    for (const e of pictures) expect(text).toContain(`@${e.name}@`);
    expect(text).toContain('texCoord2f[] primvars:st');
  });
});

describe('AR files of a DXF job (faces drawn from both sides)', () => {
  it('mark its meshes double-sided in the USDZ, and pass the validator', async () => {
    const assembly = generateAssembly({ parts: 20, seed: 4 });
    const { glb } = await convertFile({ fileName: 'job.dxf', bytes: await writeSample(assembly, 'dxf') });
    const ar = (await makeArModel(glb))!;
    expect((await validateBytes(ar.glb)).issues.numErrors).toBe(0);
    const text = readZip(ar.usdz).map((e) => new TextDecoder().decode(e.data)).join('\n');
    const meshes = text.split('def Mesh "').length - 1;
    expect(meshes).toBeGreaterThan(0);
    expect(text.split('uniform bool doubleSided = 1').length - 1).toBe(meshes);
  });
});

/**
 * A flat 1.2 x 0.6 m panel of `cells` x `cells` squares, drawn by `copies` nodes side by side,
 * sharing one mesh or (`distinct`) each with a mesh of its own.
 */
async function densePanels(cells: number, copies: number, distinct = false): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions = new Float32Array((cells + 1) * (cells + 1) * 3);
  for (let j = 0; j <= cells; j++) {
    for (let i = 0; i <= cells; i++) positions.set([(1.2 * i) / cells, (0.6 * j) / cells, 0], (j * (cells + 1) + i) * 3);
  }
  const indices = new Uint32Array(cells * cells * 6);
  for (let j = 0, t = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++, t += 6) {
      const a = j * (cells + 1) + i;
      indices.set([a, a + 1, a + cells + 2, a, a + cells + 2, a + cells + 1], t);
    }
  }
  const panel = () =>
    doc.createMesh('panel').addPrimitive(
      doc
        .createPrimitive()
        .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions.slice()).setBuffer(buffer))
        .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices.slice()).setBuffer(buffer)),
    );
  const mesh = panel();
  const scene = doc.createScene();
  for (let c = 0; c < copies; c++) scene.addChild(doc.createNode(`panel ${c}`).setMesh(distinct && c > 0 ? panel() : mesh).setTranslation([0, 0, c * 0.02]));
  doc.getRoot().setDefaultScene(scene);
  return new NodeIO().writeBinary(doc);
}

describe('a job past the budgets', () => {
  it('is simplified under the triangle and size budgets, keeping its dimensions', async () => {
    // 4 x 2 x 240² = 460,800 triangles of 4 meshes: under the triangle budget, but its USDZ would pass 10 MB.
    const ar = (await makeArModel(await densePanels(240, 4, true)))!;
    expect(ar.sourceTriangles).toBe(460_800);
    expect(ar.simplified).toBe(true);
    expect(ar.overBudget).toBe(false);
    expect(ar.triangles).toBeLessThan(ar.sourceTriangles);
    expect(ar.glb.byteLength).toBeLessThanOrEqual(AR_MAX_BYTES);
    expect(ar.usdz.byteLength).toBeLessThanOrEqual(AR_MAX_BYTES);
    const { min, max } = await glbBounds(ar.glb);
    expect(max[0] - min[0]).toBeCloseTo(1.2, 3);
    expect(max[1] - min[1]).toBeCloseTo(0.6, 3);
    expect(Math.abs(min[1])).toBeLessThan(MM);
  });

  it('simplifies a real-weight job (drilled, rounded parts) to its budget, keeping its size within 1 mm', async () => {
    const job = generateJob({ cabinets: 4, seed: 1 });
    const { glb, stats } = await convertFile({ fileName: 'job.stp', bytes: new TextEncoder().encode(jobToStep(job, { shared: true })) });
    const source = await glbBounds((await makeArModel(glb))!.glb);
    const budget = Math.round(stats.triangles / 4);
    const ar = (await makeArModel(glb, { triangles: budget }))!;
    expect(ar.simplified).toBe(true);
    expect(ar.triangles).toBeLessThanOrEqual(budget);
    expect((await validateBytes(ar.glb)).issues.numErrors).toBe(0);
    const { min, max } = await glbBounds(ar.glb);
    for (let k = 0; k < 3; k++) expect(Math.abs(max[k] - min[k] - (source.max[k] - source.min[k])), `axis ${k}`).toBeLessThan(MM);
    expect(Math.abs(min[1])).toBeLessThan(MM);
  });

  it('holds the triangle budget it is given', async () => {
    const ar = (await makeArModel(await densePanels(100, 3), { triangles: 20_000 }))!;
    expect(ar.sourceTriangles).toBe(60_000);
    expect(ar.triangles).toBeLessThanOrEqual(20_000);
    expect(ar.triangles).toBeGreaterThan(0);
    expect(AR_TRIANGLE_BUDGET).toBe(500_000);
  });

  it('keeps every part of a job of plain boxes it cannot simplify, and says it is over budget', async () => {
    const job = await converted(60, 'step');
    const ar = (await makeArModel(job.glb, { bytes: 20_000 }))!;
    expect(ar.usdz.byteLength).toBeGreaterThan(20_000);
    expect(ar.overBudget).toBe(true);
    expect(ar.triangles).toBe(ar.sourceTriangles);
    const { min, max } = await glbBounds(ar.glb);
    for (let k = 0; k < 3; k++) expect(Math.abs(max[k] - min[k] - job.dims[k] * MM)).toBeLessThan(MM);
  });

  it('gives nothing for a model without surfaces', async () => {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const line = doc.createPrimitive().setMode(1).setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 1, 1, 1])).setBuffer(buffer));
    doc.getRoot().setDefaultScene(doc.createScene().addChild(doc.createNode('line').setMesh(doc.createMesh('l').addPrimitive(line))));
    expect(await makeArModel(await new NodeIO().writeBinary(doc))).toBeNull();
  });
});
