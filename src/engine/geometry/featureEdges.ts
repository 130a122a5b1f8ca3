/**
 * Feature edges of a triangle mesh: edges between faces that meet at more than a threshold angle,
 * plus open and non-manifold edges. Computed once per geometry, never per frame.
 */

/** Edges whose faces meet at more than this angle are drawn (degrees). */
const FEATURE_ANGLE_DEG = 30;

export interface EdgeSet {
  /** Welded vertex positions used by the edges, xyz triplets. */
  positions: Float32Array;
  /** Pairs of indices into `positions`. */
  indices: Uint32Array;
}

/** Merges vertices closer than `epsilon` (hash grid on rounded coordinates); returns old -> new ids. */
function weld(positions: ArrayLike<number>, epsilon: number): { ids: Uint32Array; unique: number[] } {
  const count = Math.floor(positions.length / 3);
  const ids = new Uint32Array(count);
  const unique: number[] = [];
  const byKey = new Map<string, number>();
  const inv = 1 / epsilon;
  for (let v = 0; v < count; v++) {
    const x = positions[v * 3];
    const y = positions[v * 3 + 1];
    const z = positions[v * 3 + 2];
    const key = `${Math.round(x * inv)},${Math.round(y * inv)},${Math.round(z * inv)}`;
    let id = byKey.get(key);
    if (id === undefined) {
      id = unique.length / 3;
      unique.push(x, y, z);
      byKey.set(key, id);
    }
    ids[v] = id;
  }
  return { ids, unique };
}

function extentOf(positions: ArrayLike<number>): number {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < positions.length; i++) {
    if (positions[i] < min) min = positions[i];
    if (positions[i] > max) max = positions[i];
  }
  return Number.isFinite(max - min) ? max - min : 0;
}

export function featureEdges(positions: ArrayLike<number>, indices: ArrayLike<number> | null, angleDeg = FEATURE_ANGLE_DEG): EdgeSet {
  const vertexCount = Math.floor(positions.length / 3);
  const triangleIndices = indices ?? Array.from({ length: vertexCount }, (_, i) => i);
  const epsilon = Math.max(extentOf(positions), 1e-9) * 1e-6;
  const { ids, unique } = weld(positions, epsilon);
  const triangleCount = Math.floor(triangleIndices.length / 3);
  const normals = new Float64Array(triangleCount * 3);
  const cosLimit = Math.cos((angleDeg * Math.PI) / 180);
  // edge key -> [first face, second face or -1, face count]
  const edges = new Map<number, [number, number, number]>();
  const weldedCount = unique.length / 3;

  for (let t = 0; t < triangleCount; t++) {
    const a = ids[triangleIndices[t * 3]];
    const b = ids[triangleIndices[t * 3 + 1]];
    const c = ids[triangleIndices[t * 3 + 2]];
    if (a === b || b === c || a === c) continue;
    const ux = unique[b * 3] - unique[a * 3], uy = unique[b * 3 + 1] - unique[a * 3 + 1], uz = unique[b * 3 + 2] - unique[a * 3 + 2];
    const vx = unique[c * 3] - unique[a * 3], vy = unique[c * 3 + 1] - unique[a * 3 + 1], vz = unique[c * 3 + 2] - unique[a * 3 + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz);
    if (l === 0) continue;
    normals[t * 3] = nx / l;
    normals[t * 3 + 1] = ny / l;
    normals[t * 3 + 2] = nz / l;
    for (const [p, q] of [[a, b], [b, c], [c, a]]) {
      const key = p < q ? p * weldedCount + q : q * weldedCount + p;
      const entry = edges.get(key);
      if (entry) {
        if (entry[2] === 1) entry[1] = t;
        entry[2]++;
      } else {
        edges.set(key, [t, -1, 1]);
      }
    }
  }

  const out: number[] = [];
  for (const [key, [f1, f2, count]] of edges) {
    let keep = count !== 2;
    if (!keep) {
      const dot = normals[f1 * 3] * normals[f2 * 3] + normals[f1 * 3 + 1] * normals[f2 * 3 + 1] + normals[f1 * 3 + 2] * normals[f2 * 3 + 2];
      keep = dot < cosLimit;
    }
    if (keep) out.push(Math.floor(key / weldedCount), key % weldedCount);
  }
  // Keep only the vertices the edges use.
  const remap = new Int32Array(weldedCount).fill(-1);
  const used: number[] = [];
  const edgeIndices = new Uint32Array(out.length);
  out.forEach((v, i) => {
    if (remap[v] < 0) {
      remap[v] = used.length / 3;
      used.push(unique[v * 3], unique[v * 3 + 1], unique[v * 3 + 2]);
    }
    edgeIndices[i] = remap[v];
  });
  return { positions: new Float32Array(used), indices: edgeIndices };
}
