/**
 * Writes a generated assembly as an ASCII DXF made of 3DFACE entities. Every node is a BLOCK
 * named with its encoded name (identical parts share one block, as CAD exports do) inserted
 * in its parent's block; the root block is inserted once in model space. Layers carry the
 * materials, with their colour as true colour. DXF is Z up: (x, y, z) is written as (x, -z, y).
 */
import type { Assembly, AssemblyNode } from '../assembly.js';

export interface DxfWriteOptions {
  /** Leave the hierarchy out: every part's faces directly in model space, on a layer named after the part. */
  flat?: boolean;
}

class DxfText {
  private readonly out: string[] = [];
  pair(code: number, value: string | number): this {
    const text = typeof value === 'number' ? String(Math.round(value * 1e6) / 1e6) : value;
    this.out.push(String(code), text);
    return this;
  }
  point(base: number, p: readonly number[]): this {
    return this.pair(base, p[0]).pair(base + 10, p[1]).pair(base + 20, p[2]);
  }
  append(other: DxfText): this {
    for (const line of other.out) this.out.push(line);
    return this;
  }
  toString(): string {
    return `${this.out.join('\n')}\n`;
  }
}

const zUp = (p: readonly number[]) => [p[0], -p[2], p[1]];
const trueColor = (rgb: readonly number[]) => {
  const [r, g, b] = rgb.map((v) => Math.round(Math.pow(Math.min(1, Math.max(0, v)), 1 / 2.2) * 255));
  return (r << 16) | (g << 8) | b;
};

/** The six faces of a box from `min` to `min + size` (Y up), as Z-up quads. */
function boxFaces(min: readonly number[], size: readonly number[]): number[][][] {
  const c = (i: number) => zUp([min[0] + (i & 1) * size[0], min[1] + ((i >> 1) & 1) * size[1], min[2] + ((i >> 2) & 1) * size[2]]);
  const quads = [
    [0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5],
  ];
  return quads.map((quad) => quad.map(c));
}

function face(dxf: DxfText, layer: string, color: number, corners: number[][]): void {
  dxf.pair(0, '3DFACE').pair(8, layer).pair(420, color);
  corners.forEach((p, i) => dxf.point(10 + i, p));
}

export function assemblyToDxf(assembly: Assembly, options: DxfWriteOptions = {}): string {
  const colorOf = (node: AssemblyNode) => trueColor(assembly.materials[node.material ?? ''] ?? [0.6, 0.6, 0.6]);
  const blocks = new DxfText();
  const entities = new DxfText();
  const layers = new Set<string>(['0']);
  const written = new Set<string>();

  const writeFlat = (node: AssemblyNode, at: number[]) => {
    const here = node.offset ? at.map((v, i) => v + node.offset![i]) : at;
    if (node.box) {
      layers.add(node.name);
      const min = node.box.origin.map((v, i) => v + at[i]);
      for (const quad of boxFaces(min, node.box.size)) face(entities, node.name, colorOf(node), quad);
    }
    for (const child of node.children) writeFlat(child, here);
  };

  /** Writes the block of `node` (once per name) and returns its name. */
  const writeBlock = (node: AssemblyNode): string => {
    if (written.has(node.name)) return node.name;
    written.add(node.name);
    const body = new DxfText();
    if (node.box) {
      const layer = node.material ?? '0';
      layers.add(layer);
      for (const quad of boxFaces([0, 0, 0], node.box.size)) face(body, layer, colorOf(node), quad);
    }
    for (const child of node.children) {
      const name = writeBlock(child);
      const at = child.box ? child.box.origin : (child.offset ?? [0, 0, 0]);
      body.pair(0, 'INSERT').pair(8, '0').pair(2, name).point(10, zUp(at));
    }
    blocks.pair(0, 'BLOCK').pair(8, '0').pair(2, node.name).pair(70, 0).point(10, [0, 0, 0]).pair(3, node.name);
    blocks.append(body);
    blocks.pair(0, 'ENDBLK').pair(8, '0');
    return node.name;
  };

  if (options.flat) writeFlat(assembly.root, [0, 0, 0]);
  else entities.pair(0, 'INSERT').pair(8, '0').pair(2, writeBlock(assembly.root)).point(10, [0, 0, 0]);

  const doc = new DxfText();
  doc.pair(0, 'SECTION').pair(2, 'HEADER').pair(9, '$ACADVER').pair(1, 'AC1015').pair(9, '$INSUNITS').pair(70, 4).pair(0, 'ENDSEC');
  doc.pair(0, 'SECTION').pair(2, 'TABLES').pair(0, 'TABLE').pair(2, 'LAYER').pair(70, layers.size);
  for (const layer of layers) doc.pair(0, 'LAYER').pair(2, layer).pair(70, 0).pair(62, 7).pair(6, 'CONTINUOUS');
  doc.pair(0, 'ENDTAB').pair(0, 'ENDSEC');
  return (
    doc.toString() +
    (options.flat ? '' : `0\nSECTION\n2\nBLOCKS\n${blocks.toString()}0\nENDSEC\n`) +
    `0\nSECTION\n2\nENTITIES\n${entities.toString()}0\nENDSEC\n0\nEOF\n`
  );
}
