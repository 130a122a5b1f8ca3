/**
 * Affine transforms in Babylon's matrix layout (row vectors, 16 floats, translation in 12..14),
 * as plain functions over typed arrays so that geometry code needs no Babylon.
 */
export type Matrix16 = ArrayLike<number>;

/** Writes `p * m` for the point at `src[i..i+2]` into `out[j..j+2]`. */
export function transformPoint(m: Matrix16, src: ArrayLike<number>, i: number, out: Float32Array | number[], j: number): void {
  const x = src[i];
  const y = src[i + 1];
  const z = src[i + 2];
  out[j] = x * m[0] + y * m[4] + z * m[8] + m[12];
  out[j + 1] = x * m[1] + y * m[5] + z * m[9] + m[13];
  out[j + 2] = x * m[2] + y * m[6] + z * m[10] + m[14];
}

/** Determinant of the 3x3 part; negative for mirroring transforms. */
export function determinant3(m: Matrix16): number {
  return (
    m[0] * (m[5] * m[10] - m[6] * m[9]) -
    m[1] * (m[4] * m[10] - m[6] * m[8]) +
    m[2] * (m[4] * m[9] - m[5] * m[8])
  );
}

/**
 * The matrix that transforms normals (the cofactor matrix of the 3x3 part, equal to the inverse
 * transpose up to a positive scale when the determinant is positive), as 9 floats, row vectors,
 * written into `out` when given (a caller transforming many pieces reuses one array).
 */
export function normalMatrix(m: Matrix16, out: Float64Array = new Float64Array(9)): Float64Array {
  const a = m[0], b = m[1], c = m[2];
  const d = m[4], e = m[5], f = m[6];
  const g = m[8], h = m[9], k = m[10];
  const sign = determinant3(m) < 0 ? -1 : 1;
  out[0] = sign * (e * k - f * h);
  out[1] = sign * (f * g - d * k);
  out[2] = sign * (d * h - e * g);
  out[3] = sign * (c * h - b * k);
  out[4] = sign * (a * k - c * g);
  out[5] = sign * (b * g - a * h);
  out[6] = sign * (b * f - c * e);
  out[7] = sign * (c * d - a * f);
  out[8] = sign * (a * e - b * d);
  return out;
}

/** Writes the normalised `n * nm` for the normal at `src[i..i+2]` into `out[j..j+2]`. */
export function transformNormal(nm: ArrayLike<number>, src: ArrayLike<number>, i: number, out: Float32Array, j: number): void {
  const x = src[i];
  const y = src[i + 1];
  const z = src[i + 2];
  const nx = x * nm[0] + y * nm[3] + z * nm[6];
  const ny = x * nm[1] + y * nm[4] + z * nm[7];
  const nz = x * nm[2] + y * nm[5] + z * nm[8];
  const l = Math.hypot(nx, ny, nz) || 1;
  out[j] = nx / l;
  out[j + 1] = ny / l;
  out[j + 2] = nz / l;
}
