/**
 * The AR scene as a USDA layer (text USD) for iOS Quick Look: metres (`metersPerUnit = 1`), Y up,
 * a default prim `Root`, one `Mesh` per drawn primitive of each node with its world-space points
 * and normals (shared meshes written once per node: Quick Look's support of composition arcs is
 * not something to rely on), and one `UsdPreviewSurface` material per glTF material (base colour
 * or its PNG/JPEG texture, opacity, metalness, roughness). Only triangles are written.
 */
import type { Document, Material, mat4, Node, Primitive, Texture } from '@gltf-transform/core';
import type { PackageEntry } from './usdzPackage.js';

const TRIANGLES = 4;

/** Metres to 0.01 mm, trailing zeros dropped. */
const num = (v: number, digits = 5) => {
  const s = v.toFixed(digits).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

function transformPoint(m: mat4, x: number, y: number, z: number): [number, number, number] {
  return [m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]];
}

/** The inverse transpose of the matrix's 3x3 part (for normals), and whether it mirrors. */
function normalMatrix(m: mat4): { n: number[]; mirrored: boolean } {
  const [a, b, c, d, e, f, g, h, i] = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
  const det = a * (e * i - f * h) - d * (b * i - c * h) + g * (b * f - c * e);
  const k = det === 0 ? 0 : 1 / det;
  // Cofactors divided by the determinant: the inverse transpose, column-major like `m`.
  const n = [(e * i - f * h) * k, (g * f - d * i) * k, (d * h - g * e) * k, (h * c - b * i) * k, (a * i - g * c) * k, (g * b - a * h) * k, (b * f - e * c) * k, (d * c - a * f) * k, (a * e - d * b) * k];
  return { n, mirrored: det < 0 };
}

function textureFile(texture: Texture | null, files: Map<Texture, string>, entries: PackageEntry[]): string | undefined {
  if (!texture) return undefined;
  const known = files.get(texture);
  if (known) return known;
  const image = texture.getImage();
  const ext = texture.getMimeType() === 'image/png' ? 'png' : texture.getMimeType() === 'image/jpeg' ? 'jpg' : undefined;
  if (!image || !ext) return undefined;
  const name = `textures/t${files.size}.${ext}`;
  files.set(texture, name);
  entries.push({ name, data: image });
  return name;
}

function materialText(name: string, material: Material | null, texture: string | undefined): string {
  const [r, g, b, a] = material?.getBaseColorFactor() ?? [0.6, 0.6, 0.6, 1];
  const path = `/Root/Materials/${name}`;
  const lines = [
    `    def Material "${name}"`,
    '    {',
    `      token outputs:surface.connect = <${path}/Surface.outputs:surface>`,
    '      def Shader "Surface"',
    '      {',
    '        uniform token info:id = "UsdPreviewSurface"',
    texture
      ? `        color3f inputs:diffuseColor.connect = <${path}/Texture.outputs:rgb>`
      : `        color3f inputs:diffuseColor = (${num(r, 4)}, ${num(g, 4)}, ${num(b, 4)})`,
    `        float inputs:opacity = ${num(a, 4)}`,
    `        float inputs:metallic = ${num(material?.getMetallicFactor() ?? 0, 3)}`,
    `        float inputs:roughness = ${num(material?.getRoughnessFactor() ?? 1, 3)}`,
    '        token outputs:surface',
    '      }',
  ];
  if (texture) {
    lines.push(
      '      def Shader "Reader"',
      '      {',
      '        uniform token info:id = "UsdPrimvarReader_float2"',
      '        string inputs:varname = "st"',
      '        float2 outputs:result',
      '      }',
      '      def Shader "Texture"',
      '      {',
      '        uniform token info:id = "UsdUVTexture"',
      `        asset inputs:file = @${texture}@`,
      `        float2 inputs:st.connect = <${path}/Reader.outputs:result>`,
      '        token inputs:sourceColorSpace = "sRGB"',
      `        float4 inputs:scale = (${num(r, 4)}, ${num(g, 4)}, ${num(b, 4)}, 1)`,
      '        token inputs:wrapS = "repeat"',
      '        token inputs:wrapT = "repeat"',
      '        float3 outputs:rgb',
      '      }',
    );
  }
  lines.push('    }');
  return lines.join('\n');
}

function meshText(name: string, primitive: Primitive, matrix: mat4, material: string, textured: boolean): string | undefined {
  const doubleSided = primitive.getMaterial()?.getDoubleSided() === true;
  const position = primitive.getAttribute('POSITION');
  if (!position || position.getElementSize() !== 3 || primitive.getMode() !== TRIANGLES) return undefined;
  const count = position.getCount();
  const indices = primitive.getIndices()?.getArray() ?? Uint32Array.from({ length: count }, (_, i) => i);
  if (indices.length < 3) return undefined;
  const { n, mirrored } = normalMatrix(matrix);
  const points: string[] = [];
  const p = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    position.getElement(i, p);
    const [x, y, z] = transformPoint(matrix, p[0], p[1], p[2]);
    points.push(`(${num(x)},${num(y)},${num(z)})`);
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
  const uv = textured ? primitive.getAttribute('TEXCOORD_0') : null;
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
  return [
    `  def Mesh "${name}" (`,
    '    prepend apiSchemas = ["MaterialBindingAPI"]',
    '  )',
    '  {',
    `    int[] faceVertexCounts = [${new Array<string>(triangles).fill('3').join(',')}]`,
    `    int[] faceVertexIndices = [${order.join(',')}]`,
    `    point3f[] points = [${points.join(',')}]`,
    ...(normals.length ? [`    normal3f[] normals = [${normals.join(',')}] (`, '      interpolation = "vertex"', '    )'] : []),
    ...(st.length ? [`    texCoord2f[] primvars:st = [${st.join(',')}] (`, '      interpolation = "vertex"', '    )'] : []),
    ...(doubleSided ? ['    uniform bool doubleSided = 1'] : []),
    '    uniform token subdivisionScheme = "none"',
    `    rel material:binding = </Root/Materials/${material}>`,
    '  }',
  ].join('\n');
}

/** The layer's text (first entry) and the textures it names, ready for writeUsdz. */
export function documentToUsda(doc: Document, layerName = 'model.usda'): PackageEntry[] {
  const textures: PackageEntry[] = [];
  const textureFiles = new Map<Texture, string>();
  const materials = new Map<Material | null, { name: string; textured: boolean }>();
  const materialTexts: string[] = [];
  const meshes: string[] = [];
  const materialOf = (material: Material | null) => {
    let known = materials.get(material);
    if (!known) {
      const file = textureFile(material?.getBaseColorTexture() ?? null, textureFiles, textures);
      known = { name: `M${materials.size}`, textured: file !== undefined };
      materials.set(material, known);
      materialTexts.push(materialText(known.name, material, file));
    }
    return known;
  };
  const visit = (node: Node) => {
    const mesh = node.getMesh();
    if (mesh) {
      const matrix = node.getWorldMatrix();
      for (const primitive of mesh.listPrimitives()) {
        if (primitive.getMode() !== TRIANGLES) continue;
        const material = materialOf(primitive.getMaterial());
        const text = meshText(`P${meshes.length}`, primitive, matrix, material.name, material.textured);
        if (text) meshes.push(text);
      }
    }
    for (const child of node.listChildren()) visit(child);
  };
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  for (const node of scene?.listChildren() ?? []) visit(node);
  const text = [
    '#usda 1.0',
    '(',
    '  defaultPrim = "Root"',
    '  metersPerUnit = 1',
    '  upAxis = "Y"',
    ')',
    '',
    'def Xform "Root" (',
    '  kind = "component"',
    ')',
    '{',
    '  def Scope "Materials"',
    '  {',
    ...materialTexts,
    '  }',
    ...meshes,
    '}',
    '',
  ].join('\n');
  return [{ name: layerName, data: new TextEncoder().encode(text) }, ...textures];
}
