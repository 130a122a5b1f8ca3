/** Test helpers: read a GLB back and list its node tree, as `depth:name` lines. */
import { NodeIO, type Document, type Node } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { getBounds } from '@gltf-transform/functions';
import { MeshoptDecoder } from 'meshoptimizer';
import type { AssemblyNode } from '../../samples/assembly.js';
import { CoarseMeshExtension } from '../../server/convert/coarseLevel.js';

export async function readGlb(glb: Uint8Array): Promise<Document> {
  await MeshoptDecoder.ready;
  const io = new NodeIO().registerExtensions([...ALL_EXTENSIONS, CoarseMeshExtension]).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  return io.readBinary(glb);
}

export function glbTree(doc: Document): string[] {
  const lines: string[] = [];
  const visit = (node: Node, depth: number) => {
    lines.push(`${depth}:${node.getName()}`);
    for (const child of node.listChildren()) visit(child, depth + 1);
  };
  for (const node of doc.getRoot().getDefaultScene()!.listChildren()) visit(node, 0);
  return lines;
}

export function assemblyTree(node: AssemblyNode, depth = 0, lines: string[] = []): string[] {
  lines.push(`${depth}:${node.name}`);
  for (const child of node.children) assemblyTree(child, depth + 1, lines);
  return lines;
}

/** World bounds of the default scene, metres. */
export function glbBounds(doc: Document): { min: number[]; max: number[] } {
  return getBounds(doc.getRoot().getDefaultScene()!);
}

export function triangleAndLineCounts(doc: Document): { triangles: number; lines: number } {
  let triangles = 0;
  let lines = 0;
  const visit = (node: Node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const count = primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')!.getCount();
      if (primitive.getMode() === 4) triangles += count / 3;
      if (primitive.getMode() === 1) lines += count / 2;
    }
    node.listChildren().forEach(visit);
  };
  doc.getRoot().getDefaultScene()!.listChildren().forEach(visit);
  return { triangles, lines };
}
