/** 4 x 4 matrices as glTF stores them: 16 numbers, column-major. Used by the converter and the viewer's GLB reader. */

/** a * b into `out` (16 numbers), returned. */
export function multiplyMatrices<T extends number[] | Float64Array>(a: ArrayLike<number>, b: ArrayLike<number>, out: T): T {
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row] * b[col * 4 + k];
      out[col * 4 + row] = sum;
    }
  }
  return out;
}
