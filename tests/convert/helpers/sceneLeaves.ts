/**
 * A converted scene as a list of its drawn parts: path, triangles, world bounds, volume and the
 * solid's centroid, to compare two readers of one file part by part.
 */
import { occtResultToScene, readWithOcct } from '../../../server/convert/importers/occtImporter.js';
import { readStepProducts } from '../../../server/convert/importers/stepProducts.js';
import { multiply, type SceneModel, type SceneNode } from '../../../server/convert/scene.js';

export interface Leaf {
  path: string;
  triangles: number;
  /** World bounds, tenths of a millimetre. */
  bounds: string;
  /** Enclosed volume, mm³. */
  volume: number;
  /** The solid's centroid, tenths of a millimetre: a part turned inside its own box moves it, unless the part is symmetric. */
  centroid: string;
}

function transform(m: number[], x: number, y: number, z: number): [number, number, number] {
  return [m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]];
}

/** Every drawn node with its triangles, world bounds, volume and centroid (the divergence theorem over its triangles). */
export function leaves(scene: SceneModel): Leaf[] {
  const out: Leaf[] = [];
  const visit = (node: SceneNode, parent: number[], path: string) => {
    const world = node.matrix ? multiply(parent, node.matrix) : parent;
    const here = `${path}/${node.name}`;
    if (node.mesh !== undefined) {
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      const moment = [0, 0, 0];
      let triangles = 0;
      let volume = 0;
      for (const primitive of scene.meshes[node.mesh].primitives) {
        const p = primitive.positions;
        const at = (i: number) => transform(world, p[i * 3], p[i * 3 + 1], p[i * 3 + 2]).map((v) => v * 1000);
        const indices = primitive.indices!;
        triangles += indices.length / 3;
        for (let t = 0; t < indices.length; t += 3) {
          const [a, b, c] = [at(indices[t]), at(indices[t + 1]), at(indices[t + 2])];
          const tetra = (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
          volume += tetra;
          for (let k = 0; k < 3; k++) moment[k] += (tetra * (a[k] + b[k] + c[k])) / 4;
          for (const v of [a, b, c]) for (let k = 0; k < 3; k++) {
            min[k] = Math.min(min[k], v[k]);
            max[k] = Math.max(max[k], v[k]);
          }
        }
      }
      const centroid = volume === 0 ? '-' : moment.map((m) => Math.round((m / volume) * 10)).join(' ');
      out.push({ path: here, triangles, bounds: [...min, ...max].map((v) => Math.round(v * 10)).join(' '), volume: Math.abs(volume), centroid });
    }
    for (const child of node.children) visit(child, world, here);
  };
  for (const root of scene.roots) visit(root, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], '');
  return out;
}

/** The file read by OpenCascade as one document: the reference a part-by-part read must match. */
export async function wholeFile(bytes: Uint8Array): Promise<SceneModel> {
  return occtResultToScene(await readWithOcct('step', bytes), 'job', readStepProducts(bytes));
}

