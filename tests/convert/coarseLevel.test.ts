/**
 * The coarse level of a real-weight job (drilled sides, rounded doors, hardware): far fewer
 * triangles, the same parts in the same places with the same volumes, in an extension that other
 * viewers may ignore, and not turned into parts of its own when our GLB is uploaded again.
 */
import { MeshoptDecoder } from 'meshoptimizer';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateJob, jobToStep } from '../../samples/realJob/job.js';
import { COARSE_MESH_EXTENSION } from '../../src/model/geometry/coarseLevel.js';
import { parsePartName } from '../../src/model/parts/partName.js';
import type { ModelSource, SourceGeometry } from '../../src/engine/geometry/modelSource.js';
import { parseGlbChunks, readGlb, type MeshoptDecode } from '../../src/engine/load/glbReader.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { writeVok } from '../../server/convert/vokPackage.js';

interface Measured {
  triangles: number;
  /** mm² */
  area: number;
  /** mm³ */
  volume: number;
  /** World bounds, mm. */
  min: number[];
  max: number[];
}

/** Triangles, enclosed volume (divergence theorem) and world bounds of one part's geometry. */
function measure(geometries: Array<{ geometry: SourceGeometry; matrix: ArrayLike<number> }>): Measured {
  const out: Measured = { triangles: 0, area: 0, volume: 0, min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  for (const { geometry, matrix: m } of geometries) {
    const p = geometry.positions;
    const at = (i: number) => {
      const [x, y, z] = [p[i * 3], p[i * 3 + 1], p[i * 3 + 2]];
      return [0, 1, 2].map((r) => (m[r] * x + m[4 + r] * y + m[8 + r] * z + m[12 + r]) * 1000);
    };
    const indices = geometry.indices ?? Uint32Array.from({ length: p.length / 3 }, (_, i) => i);
    out.triangles += indices.length / 3;
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [at(indices[t]), at(indices[t + 1]), at(indices[t + 2])];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      out.area += Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]) / 2;
      out.volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
      for (const v of [a, b, c]) {
        for (let k = 0; k < 3; k++) {
          out.min[k] = Math.min(out.min[k], v[k]);
          out.max[k] = Math.max(out.max[k], v[k]);
        }
      }
    }
  }
  out.volume = Math.abs(out.volume);
  return out;
}

/** The rule: the coarse surface within 2 mm of the fine one. */
const ERROR_MM = 2;

let glb: Uint8Array;
let triangles: number;
let source: ModelSource;
let names: string[];

beforeAll(async () => {
  const step = new TextEncoder().encode(jobToStep(generateJob({ cabinets: 2, seed: 3 }), { shared: true }));
  const converted = await convertFile({ fileName: 'job.stp', bytes: step });
  glb = converted.glb;
  triangles = converted.stats.triangles;
  await MeshoptDecoder.ready;
  const chunks = parseGlbChunks(glb);
  source = readGlb(chunks, MeshoptDecoder.decodeGltfBuffer as MeshoptDecode);
  names = source.parts.map((part) => chunks.json.nodes![Number(part.id)].name ?? '');
}, 120_000);

describe('the coarse level of a real-weight job', () => {
  it('is in an extension that other viewers may ignore', () => {
    const { json } = parseGlbChunks(glb);
    expect(json.extensionsUsed).toContain(COARSE_MESH_EXTENSION);
    expect(json.extensionsRequired ?? []).not.toContain(COARSE_MESH_EXTENSION);
    // The coarse meshes are drawn by no node: a viewer that ignores the extension draws the job once.
    const drawn = new Set((json.nodes ?? []).flatMap((n) => (n.mesh === undefined ? [] : [n.mesh])));
    const coarse = (json.meshes ?? []).flatMap((m) => (m.extensions?.CV_coarse_mesh?.mesh === undefined ? [] : [m.extensions.CV_coarse_mesh.mesh]));
    expect(coarse.length).toBeGreaterThan(0);
    for (const mesh of coarse) expect(drawn.has(mesh)).toBe(false);
  });

  it('draws a tenth of the triangles or fewer, and the fine level has every triangle of the conversion', () => {
    const fine = source.parts.reduce((n, part) => n + measure(part.pieces).triangles, 0);
    const coarse = source.parts.reduce((n, part) => n + measure(part.pieces.map((p) => ({ geometry: p.coarse ?? p.geometry, matrix: p.matrix }))).triangles, 0);
    expect(fine).toBe(triangles);
    expect(coarse).toBeLessThanOrEqual(fine / 10);
  });

  it('keeps every part where it is, as large as it is, with its volume', () => {
    let simplified = 0;
    source.parts.forEach((part, i) => {
      const fine = measure(part.pieces);
      const coarse = measure(part.pieces.map((p) => ({ geometry: p.coarse ?? p.geometry, matrix: p.matrix })));
      if (part.pieces.some((p) => p.coarse)) simplified++;
      for (let k = 0; k < 3; k++) {
        // Within the rule's 2 mm of the fine surface (and a quantization step).
        expect(Math.abs(coarse.min[k] - fine.min[k]), names[i]).toBeLessThanOrEqual(ERROR_MM + 0.1);
        expect(Math.abs(coarse.max[k] - fine.max[k]), names[i]).toBeLessThanOrEqual(ERROR_MM + 0.1);
      }
      // A surface within 2 mm of the fine one encloses the fine volume give or take its area times 2 mm.
      expect(Math.abs(coarse.volume - fine.volume), names[i]).toBeLessThanOrEqual(fine.area * ERROR_MM);
    });
    expect(simplified).toBeGreaterThan(source.parts.length / 2);
  });

  it('gives drilled and rounded panels the volume of their named size, holes and fillets left out', () => {
    let checked = 0;
    source.parts.forEach((part, i) => {
      if (!/^(Left side|Right side|Top|Bottom|Door|Left door|Right door)\+/.test(names[i])) return;
      const size = parsePartName(names[i], 'panel').size;
      expect(part.pieces.some((p) => p.coarse), names[i]).toBe(true);
      const named = size!.values.reduce((v, x) => v * x, 1);
      const coarse = measure(part.pieces.map((p) => ({ geometry: p.coarse ?? p.geometry, matrix: p.matrix })));
      // Holes, cups and fillets closed: the named box, give or take its area times 2 mm.
      const [a, b, c] = size!.values;
      expect(Math.abs(coarse.volume - named), names[i]).toBeLessThanOrEqual(2 * (a * b + b * c + a * c) * ERROR_MM);
      expect(coarse.triangles, names[i]).toBeLessThanOrEqual(measure(part.pieces).triangles / 5);
      checked++;
    });
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('gives plain boxes none', () => {
    source.parts.forEach((part, i) => {
      if (names[i].startsWith('Back+') || /^Shelf \d/.test(names[i])) expect(part.pieces.every((p) => !p.coarse), names[i]).toBe(true);
    });
  });

  it('is not made into parts when our GLB comes back in a .vok, and is written again', async () => {
    const vok = writeVok({ name: 'Job', units: 'mm', model: { fileName: 'model.glb', bytes: glb } });
    const again = await convertFile({ fileName: 'job.vok', bytes: vok });
    expect(again.stats.parts).toBe(source.parts.length);
    expect(again.stats.triangles).toBe(triangles);
    const { json } = parseGlbChunks(again.glb);
    expect(json.extensionsUsed).toContain(COARSE_MESH_EXTENSION);
  });
});
