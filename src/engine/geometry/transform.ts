/**
 * Affine transforms in Babylon's matrix layout (row vectors, 16 floats, translation in 12..14),
 * as plain functions over typed arrays so that geometry code needs no Babylon.
 */
export type Matrix16 = ArrayLike<number>;

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
