/** Flat-shaded box geometry: 6 faces x 4 vertices, 12 triangles, counter-clockwise seen from outside. */
export interface BoxGeometry {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
}

const FACES: Array<[number, number, number, number, number]> = [
  // [nx, ny, nz, uAxis, vAxis]; triangles are wound (0, 2, 1), (0, 3, 2) so that they face outwards
  [1, 0, 0, 2, 1],
  [-1, 0, 0, 1, 2],
  [0, 1, 0, 0, 2],
  [0, -1, 0, 2, 0],
  [0, 0, 1, 1, 0],
  [0, 0, -1, 0, 1],
];

/** A box from `min` to `min + size` (any unit). */
export function boxGeometry(size: readonly number[], min: readonly number[] = [0, 0, 0]): BoxGeometry {
  const positions = new Float32Array(72);
  const normals = new Float32Array(72);
  const indices = new Uint32Array(36);
  FACES.forEach(([nx, ny, nz, uAxis, vAxis], f) => {
    const normal = [nx, ny, nz];
    const axis = nx !== 0 ? 0 : ny !== 0 ? 1 : 2;
    const corners: Array<[number, number]> = [[0, 0], [1, 0], [1, 1], [0, 1]];
    corners.forEach(([u, v], c) => {
      const p = [0, 0, 0];
      p[axis] = normal[axis] > 0 ? 1 : 0;
      p[uAxis] = u;
      p[vAxis] = v;
      const i = (f * 4 + c) * 3;
      for (let k = 0; k < 3; k++) {
        positions[i + k] = min[k] + p[k] * size[k];
        normals[i + k] = normal[k];
      }
    });
    indices.set([f * 4, f * 4 + 2, f * 4 + 1, f * 4, f * 4 + 3, f * 4 + 2], f * 6);
  });
  return { positions, normals, indices };
}
