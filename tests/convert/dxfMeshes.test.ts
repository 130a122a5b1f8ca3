import { describe, expect, it } from 'vitest';
import { convertFile } from '../../server/convert/convertFile.js';
import { glbBounds, glbTree, readGlb } from './glbTree.js';

const pairs = (...values: Array<string | number>) => `${values.join('\n')}\n`;
const dxf = (entities: string, header = '') =>
  new TextEncoder().encode(`${header}${pairs(0, 'SECTION', 2, 'ENTITIES')}${entities}${pairs(0, 'ENDSEC', 0, 'EOF')}`);
const inMillimetres = pairs(0, 'SECTION', 2, 'HEADER', 9, '$INSUNITS', 70, 4, 0, 'ENDSEC');

async function convert(bytes: Uint8Array) {
  const result = await convertFile({ fileName: 'drawing.dxf', bytes });
  return { ...result, doc: await readGlb(result.glb) };
}

type P = [number, number, number];
/** The 12 triangles of a w x d x h box, as LightWave writes 3DFACEs: corners 13, 12, 11, 10, each after 70. */
function lightwaveBox([w, d, h]: P): string {
  const c = (i: number): P => [(i & 1) * w, ((i >> 1) & 1) * d, ((i >> 2) & 1) * h];
  const quads = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
  let out = '';
  for (const q of quads) {
    for (const tri of [[q[0], q[1], q[2]], [q[0], q[2], q[3]]]) {
      const corners = [tri[0], tri[1], tri[2], tri[2]].map(c);
      out += pairs(0, '3DFACE', 8, 0, 70, 0, ...[3, 2, 1, 0].flatMap((k) => [10 + k, corners[k][0], 20 + k, corners[k][1], 30 + k, corners[k][2]]));
    }
  }
  return out;
}

describe('DXF mesh entities', () => {
  it('reads 3DFACEs whose corners come last first (LightWave)', async () => {
    const { stats, doc, notes } = await convert(dxf(lightwaveBox([600, 560, 720])));
    expect(stats.triangles).toBe(12);
    expect(glbTree(doc)).toEqual(['0:0']);
    const { min, max } = glbBounds(doc);
    // Millimetres assumed, Z up turned to Y up: 0.6 wide, 0.72 high, 0.56 deep.
    expect([max[0] - min[0], max[1] - min[1], max[2] - min[2]].map((v) => Math.round(v * 1000))).toEqual([600, 720, 560]);
    expect(notes).toEqual([{ code: 'dxf_units_assumed', params: { unit: 'mm' } }]);
  });

  it('reads polygon meshes (POLYLINE flag 16), open and closed in N', async () => {
    const vertex = (x: number, y: number, z: number) => pairs(0, 'VERTEX', 8, 'Mesh', 10, x, 20, y, 30, z, 70, 64);
    const grid = (flags: number, layer: string) => {
      let out = pairs(0, 'POLYLINE', 8, layer, 66, 1, 10, 0, 20, 0, 30, 0, 70, flags, 71, 3, 72, 4);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 4; j++) out += vertex(j * 100, i * 100, Math.sin(j) * 10);
      return out + pairs(0, 'SEQEND');
    };
    const { stats, doc } = await convert(dxf(grid(16, 'Open') + grid(16 + 32, 'Closed'), inMillimetres));
    // 3 x 4 vertices: 2 x 3 quads open, 2 x 4 closed in N; two triangles each.
    expect(stats.triangles).toBe((6 + 8) * 2);
    expect(glbTree(doc)).toEqual(['0:Open', '0:Closed']);
  });

  it('reads MESH entities (vertex list and face list)', async () => {
    const corners: P[] = [[0, 0, 0], [400, 0, 0], [400, 300, 0], [0, 300, 0], [0, 0, 18], [400, 0, 18], [400, 300, 18], [0, 300, 18]];
    const faces = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]];
    const list = faces.flatMap((f) => [4, ...f]);
    const mesh = pairs(
      0, 'MESH', 8, 'Shelf', 100, 'AcDbEntity', 100, 'AcDbSubDMesh', 71, 2, 72, 0, 91, 0,
      92, 8, ...corners.flatMap(([x, y, z]) => [10, x, 20, y, 30, z]),
      93, list.length, ...list.flatMap((v) => [90, v]),
      94, 0, 95, 0, 90, 0,
    );
    const { stats, doc, notes } = await convert(dxf(mesh, inMillimetres));
    expect(stats.triangles).toBe(12);
    expect(glbTree(doc)).toEqual(['0:Shelf']);
    expect(notes).toEqual([]);
  });
});

describe('DXF conversion notes', () => {
  const line = (x2: number, y2: number) => pairs(0, 'LINE', 8, 'Outline', 10, 0, 20, 0, 30, 0, 11, x2, 21, y2, 31, 0);

  it('a drawing of only lines is said to be flat, and the assumed unit is said', async () => {
    const { notes } = await convert(dxf(line(600, 0) + line(0, 720)));
    expect(notes).toEqual([
      { code: 'dxf_units_assumed', params: { unit: 'mm' } },
      { code: 'dxf_flat_drawing', params: {} },
    ]);
  });

  it('a drawing that declares its unit says only that it is flat', async () => {
    const { notes } = await convert(dxf(line(600, 0), inMillimetres));
    expect(notes).toEqual([{ code: 'dxf_flat_drawing', params: {} }]);
  });
});
