import { describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate.js';
import { assemblyToDxf } from '../../samples/writers/dxf.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { glbBounds, glbTree, readGlb, triangleAndLineCounts } from './glbTree.js';

const dxf = (entities: string, header = '') =>
  new TextEncoder().encode(`${header}0\nSECTION\n2\nENTITIES\n${entities}0\nENDSEC\n0\nEOF\n`);
const pairs = (...values: Array<string | number>) => `${values.join('\n')}\n`;
const line = (layer: string, [x1, y1]: number[], [x2, y2]: number[], thickness = 0) =>
  pairs(0, 'LINE', 8, layer, ...(thickness ? [39, thickness] : []), 10, x1, 20, y1, 30, 0, 11, x2, 21, y2, 31, 0);

async function convert(bytes: Uint8Array) {
  const result = await convertFile({ fileName: 'drawing.dxf', bytes });
  return { ...result, doc: await readGlb(result.glb) };
}

describe('DXF entities', () => {
  it('a drawing of only 2D lines gives lines, not an error', async () => {
    const outline = line('Outline', [0, 0], [600, 0]) + line('Outline', [600, 0], [600, 720]) + line('Outline', [600, 720], [0, 0]);
    const circle = pairs(0, 'CIRCLE', 8, 'Holes', 10, 300, 20, 300, 30, 0, 40, 17.5);
    const { doc, stats } = await convert(dxf(outline + circle));
    expect(stats.triangles).toBe(0);
    expect(stats.lines).toBe(3 + 36);
    expect(triangleAndLineCounts(doc)).toEqual({ triangles: 0, lines: 39 });
    expect(glbTree(doc)).toEqual(['0:Outline', '0:Holes']);
  });

  it('extrudes entities with a thickness, reads polyface meshes, and honours $INSUNITS', async () => {
    const wall = line('Wall', [0, 0], [1000, 0], 2500);
    const polyline = pairs(0, 'LWPOLYLINE', 8, 'Panel', 90, 4, 70, 1, 39, 18, 10, 0, 20, 0, 10, 600, 20, 0, 10, 600, 20, 720, 10, 0, 20, 720);
    const vertex = (x: number, y: number, z: number) => pairs(0, 'VERTEX', 8, 'Mesh', 10, x, 20, y, 30, z, 70, 192);
    const face = (a: number, b: number, c: number) => pairs(0, 'VERTEX', 8, 'Mesh', 10, 0, 20, 0, 30, 0, 70, 128, 71, a, 72, b, 73, c);
    const polyface =
      pairs(0, 'POLYLINE', 8, 'Mesh', 66, 1, 10, 0, 20, 0, 30, 0, 70, 64) +
      vertex(0, 0, 0) + vertex(100, 0, 0) + vertex(0, 100, 0) + vertex(0, 0, 100) +
      face(1, 2, 3) + face(1, 2, 4) + pairs(0, 'SEQEND');
    const inMetres = pairs(0, 'SECTION', 2, 'HEADER', 9, '$INSUNITS', 70, 6, 0, 'ENDSEC');
    const { doc, stats } = await convert(dxf(wall + polyline + polyface, inMetres));
    expect(stats.triangles).toBe(2 + 4 * 2 + 2);
    expect(glbTree(doc)).toEqual(['0:Wall', '0:Panel', '0:Mesh']);
    // Metres in the file: the wall is 1000 m long and 2500 m high, Z up turned to Y up.
    const { min, max } = glbBounds(doc);
    expect(Math.abs(max[0] - min[0] - 1000)).toBeLessThan(0.05);
    expect(Math.abs(max[1] - min[1] - 2500)).toBeLessThan(0.05);
  });

  it('a flat drawing keeps one node per part layer', async () => {
    const assembly = generateAssembly({ parts: 12 });
    const { doc } = await convert(new TextEncoder().encode(assemblyToDxf(assembly, { flat: true })));
    const names = new Set(glbTree(doc).map((l) => l.slice(2)));
    for (const cabinet of assembly.root.children) for (const part of cabinet.children) expect(names.has(part.name)).toBe(true);
  });
});
