/** A GLB holding only a node tree (no geometry): enough for the part names the server reads. */
export function namesGlb(nodes: { name: string; children?: number[] }[]): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes }));
  const padded = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + padded.length, 8);
  header.writeUInt32LE(padded.length, 12);
  header.write('JSON', 16, 'latin1');
  return Buffer.concat([header, padded]);
}

/** A one-cabinet model: the cabinet node, then its leaves by encoded name. */
export function cabinetGlb(cabinet: string, leaves: string[]): Buffer {
  return namesGlb([{ name: cabinet, children: leaves.map((_, i) => i + 1) }, ...leaves.map((name) => ({ name }))]);
}
