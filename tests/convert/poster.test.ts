/**
 * The poster renderer (server/convert/poster): WebP of the asked size, the dark background,
 * a framed and centred model, face shading, and GLB reading (quantized + meshopt positions,
 * shared meshes, non-triangle primitives skipped).
 */
import { Document, NodeIO, Primitive } from '@gltf-transform/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundsOf, generateAssembly } from '../../samples/generate.js';
import { assemblyToGlb } from '../../samples/toGlb.js';
import { boxGeometry } from '../../samples/boxGeometry.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { readTriangles } from '../../server/convert/poster/readTriangles.js';
import { POSTER_TYPE, renderPoster } from '../../server/convert/poster/renderPoster.js';

const BG = [0x18, 0x18, 0x1b];

interface Image {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(webp: Uint8Array): Promise<Image> {
  const meta = await sharp(webp).metadata();
  expect(meta.format).toBe('webp');
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(3);
  return { data, width: info.width, height: info.height };
}

const pixel = (img: Image, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3)];
/** Lossy WebP (YUV 4:2:0) does not keep #18181b exactly; a flat background decodes within 3 levels. */
const nearBackground = (rgb: number[], tolerance = 3) => rgb.every((v, c) => Math.abs(v - BG[c]) <= tolerance);

/** Share of pixels clearly not background, and their bounding box. */
function coverage(img: Image) {
  let count = 0, minX = Infinity, minY = Infinity, maxX = -1, maxY = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (nearBackground(pixel(img, x, y), 12)) continue;
      count++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { share: count / (img.width * img.height), minX, minY, maxX, maxY };
}

/** A GLB with one 1 m cube of the given linear colour, plus a line primitive that must not be drawn. */
async function cubeGlb(color: [number, number, number, number], inwards = false): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const box = boxGeometry([1, 1, 1], [-0.5, -0.5, -0.5]);
  if (inwards) box.indices.reverse(); // every triangle wound the other way
  const cube = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(box.positions).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(box.indices)).setBuffer(buffer))
    .setMaterial(doc.createMaterial('paint').setBaseColorFactor(color));
  const line = doc
    .createPrimitive()
    .setMode(Primitive.Mode.LINES)
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array([-3, -3, -3, 3, 3, 3])).setBuffer(buffer));
  const mesh = doc.createMesh('cube').addPrimitive(cube).addPrimitive(line);
  doc.getRoot().setDefaultScene(doc.createScene().addChild(doc.createNode('cube').setMesh(mesh)));
  return new NodeIO().writeBinary(doc);
}

/** Levels of the red channel that each cover at least 4% of the given pixels (8-level bins). */
function faceLevels(values: number[]): number[] {
  const bins = new Map<number, number>();
  for (const v of values) bins.set(v >> 3, (bins.get(v >> 3) ?? 0) + 1);
  return [...bins].filter(([, n]) => n >= values.length * 0.04).map(([bin]) => bin * 8 + 4).sort((a, b) => a - b);
}

describe('poster', () => {
  let kitchen: Uint8Array;
  beforeAll(async () => {
    kitchen = await assemblyToGlb(generateAssembly({ parts: 100, seed: 1 }));
  });

  it('is a 1200 x 630 WebP by default, or the asked size', async () => {
    expect(POSTER_TYPE).toBe('image/webp');
    const img = await decode(await renderPoster(kitchen));
    expect([img.width, img.height]).toEqual([1200, 630]);
    const small = await sharp(await renderPoster(kitchen, { width: 400, height: 300, quality: 60 })).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 400, 300]);
    await expect(renderPoster(kitchen, { width: 0 })).rejects.toThrow(RangeError);
  });

  it('frames the kitchen in the middle of the dark background', async () => {
    const img = await decode(await renderPoster(kitchen));
    for (const [x, y] of [[0, 0], [img.width - 1, 0], [0, img.height - 1], [img.width - 1, img.height - 1]]) {
      expect(nearBackground(pixel(img, x, y)), `corner ${x},${y}: ${pixel(img, x, y)}`).toBe(true);
    }
    const { share, minX, minY, maxX, maxY } = coverage(img);
    // Two stacked rows of cabinets (about 1.1 m wide, 2.3 m high) in a 1.9:1 frame cover ~15%.
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.85);
    // Fitted: one axis filled up to the small margin, neither edge touched, centred.
    expect(Math.max((maxX - minX) / img.width, (maxY - minY) / img.height)).toBeGreaterThan(0.8);
    expect(minX).toBeGreaterThan(0);
    expect(minY).toBeGreaterThan(0);
    expect(maxX).toBeLessThan(img.width - 1);
    expect(maxY).toBeLessThan(img.height - 1);
    expect(Math.abs((minX + maxX) / 2 - img.width / 2)).toBeLessThan(img.width * 0.08);
    expect(Math.abs((minY + maxY) / 2 - img.height / 2)).toBeLessThan(img.height * 0.08);
  });

  it('reads world-space triangles of the converter GLB: every shared mesh per node, dequantized', async () => {
    const assembly = generateAssembly({ parts: 100, seed: 1 });
    const soup = await readTriangles(kitchen);
    expect(soup.count).toBe(100 * 12); // one 12-triangle box per part, meshes shared by many parts
    expect(soup.positions.length).toBe(soup.count * 9);
    const [min, max] = boundsOf([assembly.root]);
    for (let axis = 0; axis < 3; axis++) {
      expect(Math.abs(soup.min[axis] - min[axis] / 1000)).toBeLessThan(1e-4);
      expect(Math.abs(soup.max[axis] - max[axis] / 1000)).toBeLessThan(1e-4);
    }
  });

  it('draws a red cube red, seen from the front as the viewer opens, and skips its line', async () => {
    const glb = await cubeGlb([1, 0, 0, 1]);
    expect((await readTriangles(glb)).count).toBe(12);
    const img = await decode(await renderPoster(glb));
    const red = (p: number[]) => p[0] > 60 && p[0] > 3 * p[1] && p[0] > 3 * p[2];
    let central = 0, centralRed = 0;
    const reds: number[] = [];
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const p = pixel(img, x, y);
        if (red(p)) reds.push(p[0]);
        if (Math.abs(x - img.width / 2) < img.width * 0.05 && Math.abs(y - img.height / 2) < img.height * 0.05) {
          central++;
          if (red(p)) centralRed++;
        }
      }
    }
    expect(centralRed / central).toBeGreaterThan(0.9);
    // From the front one face shows, evenly lit: one level of red.
    expect(faceLevels(reds)).toHaveLength(1);
  });

  it('lights a white cube as the viewer does, without blowing it out, either winding', async () => {
    const greysOf = async (inwards: boolean) => {
      const img = await decode(await renderPoster(await cubeGlb([1, 1, 1, 1], inwards), { width: 600, height: 315 }));
      const greys: number[] = [];
      for (let i = 0; i < img.data.length; i += 3) if (img.data[i] > 100) greys.push(img.data[i]);
      return greys;
    };
    const greys = await greysOf(false);
    const levels = faceLevels(greys);
    expect(faceLevels(await greysOf(true))).toEqual(levels);
    // The front face, worked out by hand from the viewer's surface program: the hemisphere halfway
    // (0.5 * (ground + sky) = 0.33 red), the key light from 0.45 above the line of sight
    // (0.62 / sqrt(1 + 0.45^2) = 0.565), the shoulder x / (1 + x / 4) and the 2.2 gamma:
    // (0.895 / 1.224)^(1 / 2.2) = 0.867, byte 221.
    expect(levels).toHaveLength(1);
    expect(Math.abs(levels[0] - 221)).toBeLessThanOrEqual(4);
    // The 99.5th percentile (lossy WebP rings a little along the silhouette) stays below white.
    expect(greys.sort((a, b) => a - b)[Math.floor(greys.length * 0.995)]).toBeLessThan(0xf0);
  });

  it('draws a black cube lighter than the background', async () => {
    const img = await decode(await renderPoster(await cubeGlb([0, 0, 0, 1]), { width: 600, height: 315 }));
    const { share } = coverage(img);
    expect(share).toBeGreaterThan(0.1);
    const greys: number[] = [];
    for (let i = 0; i < img.data.length; i += 3) if (!nearBackground([img.data[i], img.data[i + 1], img.data[i + 2]], 12)) greys.push(img.data[i]);
    // Its face is a dark grey, clearly apart from the background's 0x18.
    expect(faceLevels(greys).length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...faceLevels(greys))).toBeGreaterThan(0x18 + 16);
  });

  it('shows a flat drawing facing its plane, not edge-on', async () => {
    const doc = new Document();
    const buffer = doc.createBuffer();
    // A 2 m x 1 m sheet lying flat (y = 0), as a DXF floor plan converts.
    const positions = new Float32Array([-1, 0, -0.5, 1, 0, -0.5, 1, 0, 0.5, -1, 0, 0.5]);
    const plan = doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array([0, 2, 1, 0, 3, 2])).setBuffer(buffer))
      .setMaterial(doc.createMaterial('ink').setBaseColorFactor([1, 1, 1, 1]).setDoubleSided(true));
    doc.getRoot().setDefaultScene(doc.createScene().addChild(doc.createNode('plan').setMesh(doc.createMesh('plan').addPrimitive(plan))));
    const img = await decode(await renderPoster(await new NodeIO().writeBinary(doc), { width: 600, height: 315 }));
    // Seen from above, a 2:1 sheet fills most of a 1.9:1 frame; edge-on it would be a line.
    expect(coverage(img).share).toBeGreaterThan(0.5);
  });

  it('draws a DXF line drawing (no surfaces) facing its plane, its lines visible', async () => {
    const line = (x1: number, y1: number, x2: number, y2: number) => ['0', 'LINE', '8', '0', '10', x1, '20', y1, '30', 0, '11', x2, '21', y2, '31', 0].join('\n');
    const dxf = ['0', 'SECTION', '2', 'ENTITIES', line(0, 0, 2000, 0), line(2000, 0, 2000, 1000), line(2000, 1000, 0, 1000), line(0, 1000, 0, 0), line(0, 0, 2000, 1000), '0', 'ENDSEC', '0', 'EOF', ''].join('\n');
    const { glb } = await convertFile({ fileName: 'plan.dxf', bytes: new TextEncoder().encode(dxf) });
    const soup = await readTriangles(glb);
    expect(soup.count).toBe(0);
    expect(soup.lines?.count).toBe(5);
    const img = await decode(await renderPoster(glb, { width: 600, height: 315 }));
    const { share, minX, minY, maxX, maxY } = coverage(img);
    // Thin lines, but the rectangle's outline spans the frame both ways: seen from above, not edge-on.
    expect(share).toBeGreaterThan(0.005);
    expect((maxX - minX) / img.width).toBeGreaterThan(0.5);
    expect((maxY - minY) / img.height).toBeGreaterThan(0.5);
  });

  it('renders an empty document as the plain background', async () => {
    const doc = new Document();
    doc.getRoot().setDefaultScene(doc.createScene('empty'));
    for (const glb of [await new NodeIO().writeBinary(doc), await new NodeIO().writeBinary(new Document())]) {
      const img = await decode(await renderPoster(glb, { width: 120, height: 63 }));
      expect(coverage(img).share).toBe(0);
      expect(nearBackground(pixel(img, 60, 31))).toBe(true);
    }
  });

  it('renders a 2,000-part kitchen', async () => {
    const glb = await assemblyToGlb(generateAssembly({ parts: 2000, seed: 2 }));
    const webp = await renderPoster(glb);
    const img = await decode(webp);
    expect(coverage(img).share).toBeGreaterThan(0.15);
    const colours = new Set<number>();
    for (let i = 0; i < img.data.length; i += 3) colours.add(((img.data[i] >> 4) << 8) | ((img.data[i + 1] >> 4) << 4) | (img.data[i + 2] >> 4));
    expect(colours.size).toBeGreaterThan(20);
  });
});
