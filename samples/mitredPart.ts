/**
 * A board with both ends mitred (a picture-frame or carcass-mitre member): length along X on its
 * long face, thickness along Y, width along Z; each end is cut at `angle` degrees to the long
 * face, so the short face is `2 * thickness / tan(angle)` shorter. Flat-shaded triangles wound
 * counter-clockwise seen from outside, in any unit.
 */
import type { BoxGeometry } from './boxGeometry.js';

export interface MitredBoard {
  /** Length of the long face (Y = 0). */
  length: number;
  thickness: number;
  width: number;
  /** The mitre: the angle between each end cut and the long face, degrees (0 < angle <= 90). */
  angle: number;
}

type P = [number, number, number];

export function mitredBoardGeometry(board: MitredBoard): BoxGeometry {
  const { length: l, thickness: t, width: w } = board;
  const inset = t / Math.tan((board.angle * Math.PI) / 180);
  // Cross-section corners in XY (long face at y = 0), then extruded along Z.
  const section: Array<[number, number]> = [[0, 0], [l, 0], [l - inset, t], [inset, t]];
  const at = (i: number, z: number): P => [section[i][0], section[i][1], z];
  const faces: P[][] = [
    [at(0, 0), at(3, 0), at(2, 0), at(1, 0)], // back (z = 0), seen from -Z
    [at(0, w), at(1, w), at(2, w), at(3, w)], // front (z = w)
  ];
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    faces.push([at(i, 0), at(j, 0), at(j, w), at(i, w)]);
  }
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const quad of faces) {
    const u = quad[1].map((v, k) => v - quad[0][k]);
    const v = quad[2].map((x, k) => x - quad[0][k]);
    let n: P = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    // Outward means away from the section's centre.
    const centre: P = [l / 2, t / 2, w / 2];
    const mid = quad[0].map((x, k) => (x + quad[2][k]) / 2);
    const outward = n[0] * (mid[0] - centre[0]) + n[1] * (mid[1] - centre[1]) + n[2] * (mid[2] - centre[2]) > 0;
    const ordered = outward ? quad : [...quad].reverse();
    if (!outward) n = [-n[0], -n[1], -n[2]];
    const len = Math.hypot(...n);
    const base = positions.length / 3;
    for (const p of ordered) {
      positions.push(...p);
      normals.push(n[0] / len, n[1] / len, n[2] / len);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices: new Uint32Array(indices) };
}
