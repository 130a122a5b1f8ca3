/**
 * The USDA text of one glTF triangle primitive: its points, normals and texture coordinates, either
 * in world space (a mesh drawn once, or mirrored: winding flipped here so that no renderer has to
 * account for a negative scale) or in the mesh's own space (a shared mesh written once, placed by
 * each occurrence's matrix).
 */
import type { mat4, Primitive } from '@gltf-transform/core';

const TRIANGLES = 4;
const IDENTITY: mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Metres to 0.01 mm, trailing zeros dropped. */
export const num = (v: number, digits = 5) => {
  const s = v.toFixed(digits).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

function transformPoint(m: mat4, x: number, y: number, z: number): [number, number, number] {
  return [m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]];
}

/** The inverse transpose of the matrix's 3x3 part (for normals), and whether it mirrors. */
export function normalMatrix(m: mat4): { n: number[]; mirrored: boolean } {
  const [a, b, c, d, e, f, g, h, i] = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
  const det = a * (e * i - f * h) - d * (b * i - c * h) + g * (b * f - c * e);
  const k = det === 0 ? 0 : 1 / det;
  // Cofactors divided by the determinant: the inverse transpose, column-major like `m`.
  const n = [(e * i - f * h) * k, (g * f - d * i) * k, (d * h - g * e) * k, (h * c - b * i) * k, (a * i - g * c) * k, (g * b - a * h) * k, (b * f - e * c) * k, (d * c - a * f) * k, (a * e - d * b) * k];
  return { n, mirrored: det < 0 };
}

/** Whether the primitive has triangles to write. */
export function isDrawable(primitive: Primitive): boolean {
  const position = primitive.getAttribute('POSITION');
  if (!position || position.getElementSize() !== 3 || primitive.getMode() !== TRIANGLES) return false;
  return (primitive.getIndices()?.getCount() ?? position.getCount()) >= 3;
}

/**
 * The lines of a `def Mesh` (indented by `indent`), its points moved by `matrix` (the mesh's own
 * space when none), with `extra` lines (a material binding) before the closing brace.
 */
export function meshLines(name: string, primitive: Primitive, options: { matrix?: mat4; textured: boolean; indent: string; extra?: string[]; schemas?: boolean }): string[] {
  const matrix = options.matrix ?? IDENTITY;
  // A mesh's own space may be normalised (quantized meshes span -1..1, their node scales them): one more digit.
  const digits = options.matrix ? 5 : 6;
  const doubleSided = primitive.getMaterial()?.getDoubleSided() === true;
  const position = primitive.getAttribute('POSITION')!;
  const count = position.getCount();
  const indices = primitive.getIndices()?.getArray() ?? Uint32Array.from({ length: count }, (_, i) => i);
  const { n, mirrored } = normalMatrix(matrix);
  const points: string[] = [];
  const p = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    position.getElement(i, p);
    const [x, y, z] = transformPoint(matrix, p[0], p[1], p[2]);
    points.push(`(${num(x, digits)},${num(y, digits)},${num(z, digits)})`);
  }
  const normal = primitive.getAttribute('NORMAL');
  const normals: string[] = [];
  if (normal) {
    for (let i = 0; i < count; i++) {
      normal.getElement(i, p);
      const x = n[0] * p[0] + n[3] * p[1] + n[6] * p[2], y = n[1] * p[0] + n[4] * p[1] + n[7] * p[2], z = n[2] * p[0] + n[5] * p[1] + n[8] * p[2];
      const length = Math.hypot(x, y, z) || 1;
      normals.push(`(${num(x / length, 3)},${num(y / length, 3)},${num(z / length, 3)})`);
    }
  }
  const uv = options.textured ? primitive.getAttribute('TEXCOORD_0') : null;
  const st: string[] = [];
  if (uv) {
    for (let i = 0; i < count; i++) {
      uv.getElement(i, p);
      st.push(`(${num(p[0], 4)},${num(1 - p[1], 4)})`); // glTF's v runs down, USD's t up
    }
  }
  const triangles = Math.floor(indices.length / 3);
  const order: number[] = [];
  for (let t = 0; t < triangles; t++) {
    const [a, b, c] = [indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]];
    order.push(a, mirrored ? c : b, mirrored ? b : c);
  }
  const at = options.indent;
  return [
    ...(options.schemas ? [`${at}def Mesh "${name}" (`, `${at}  prepend apiSchemas = ["MaterialBindingAPI"]`, `${at})`] : [`${at}def Mesh "${name}"`]),
    `${at}{`,
    `${at}  int[] faceVertexCounts = [${new Array<string>(triangles).fill('3').join(',')}]`,
    `${at}  int[] faceVertexIndices = [${order.join(',')}]`,
    `${at}  point3f[] points = [${points.join(',')}]`,
    ...(normals.length ? [`${at}  normal3f[] normals = [${normals.join(',')}] (`, `${at}    interpolation = "vertex"`, `${at}  )`] : []),
    ...(st.length ? [`${at}  texCoord2f[] primvars:st = [${st.join(',')}] (`, `${at}    interpolation = "vertex"`, `${at}  )`] : []),
    ...(doubleSided ? [`${at}  uniform bool doubleSided = 1`] : []),
    `${at}  uniform token subdivisionScheme = "none"`,
    ...(options.extra ?? []).map((line) => `${at}  ${line}`),
    `${at}}`,
  ];
}

/** A glTF (column-major) matrix as USD's `matrix4d`: rows of the row-vector convention, the same numbers in order. */
export function matrixText(m: mat4): string {
  // glTF node matrices are affine: the last column is (0, 0, 0, 1).
  const row = (r: number) => `(${[0, 1, 2].map((c) => num(m[r * 4 + c], r === 3 ? 5 : 7)).join(',')},${r === 3 ? 1 : 0})`;
  return `(${row(0)},${row(1)},${row(2)},${row(3)})`;
}
