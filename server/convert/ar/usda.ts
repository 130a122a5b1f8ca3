/**
 * The AR scene as USDA layers (text USD) for iOS Quick Look: metres (`metersPerUnit = 1`), Y up,
 * a default prim `Root`, and one `UsdPreviewSurface` material per glTF material (base colour or
 * its PNG/JPEG texture, opacity, metalness, roughness). Only triangles are written.
 *
 * A primitive drawn by several nodes (the same panel in every cabinet) is written once, in its own
 * layer `geometries/g{n}.usda` of the package, in its mesh's space; each node drawing it is an
 * `Xform` that references it with its world matrix (`xformOp:transform`) and binds its material:
 * the layout of three.js's USDZ exporter, which Quick Look has long read from `<model-viewer>`
 * pages, so a job of many identical parts stays small. A primitive drawn once, or by a node that mirrors it, is written in
 * world space (winding flipped for a mirror) in an `Xform` of its own in the scene layer.
 * `vertical` (a wall cabinet alone) adds Quick Look's anchoring hint for a vertical plane.
 */
import type { Document, Material, mat4, Node, Primitive, Texture } from '@gltf-transform/core';
import { isDrawable, matrixText, meshLines, normalMatrix, num } from './usdaMesh.js';
import type { PackageEntry } from './usdzPackage.js';

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

interface Occurrence {
  primitive: Primitive;
  matrix: mat4;
  mirrored: boolean;
}

const encoder = new TextEncoder();
const HEADER = (defaultPrim: string) => ['#usda 1.0', '(', `  defaultPrim = "${defaultPrim}"`, '  metersPerUnit = 1', '  upAxis = "Y"', ')', ''];

/** The drawn primitives of the default scene, once per node drawing them, in scene order. */
function occurrencesOf(doc: Document): Occurrence[] {
  const found: Occurrence[] = [];
  const visit = (node: Node) => {
    const primitives = node.getMesh()?.listPrimitives().filter(isDrawable) ?? [];
    if (primitives.length) {
      const matrix = node.getWorldMatrix();
      const { mirrored } = normalMatrix(matrix);
      for (const primitive of primitives) found.push({ primitive, matrix, mirrored });
    }
    for (const child of node.listChildren()) visit(child);
  };
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  for (const node of scene?.listChildren() ?? []) visit(node);
  return found;
}

/** The scene layer (first entry), the shared geometry layers and the textures, ready for writeUsdz. */
export function documentToUsda(doc: Document, layerName = 'model.usda', options: { vertical?: boolean } = {}): PackageEntry[] {
  const textures: PackageEntry[] = [];
  const geometries: PackageEntry[] = [];
  const textureFiles = new Map<Texture, string>();
  const materials = new Map<Material | null, { name: string; textured: boolean }>();
  const materialTexts: string[] = [];
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
  const occurrences = occurrencesOf(doc);
  const uses = new Map<Primitive, number>();
  for (const o of occurrences) if (!o.mirrored) uses.set(o.primitive, (uses.get(o.primitive) ?? 0) + 1);
  const shared = new Map<Primitive, string>();
  const prims: string[] = [];
  occurrences.forEach(({ primitive, matrix, mirrored }, i) => {
    const material = materialOf(primitive.getMaterial());
    const binding = `rel material:binding = </Root/Materials/${material.name}>`;
    if (mirrored || (uses.get(primitive) ?? 0) < 2) {
      prims.push(`  def Xform "P${i}"`, '  {', ...meshLines('Mesh', primitive, { matrix, textured: material.textured, indent: '    ', extra: [binding], schemas: true }), '  }');
      return;
    }
    let file = shared.get(primitive);
    if (!file) {
      file = `geometries/g${shared.size}.usda`;
      shared.set(primitive, file);
      const text = [...HEADER('Geometry'), 'def "Geometry"', '{', ...meshLines('Geometry', primitive, { textured: material.textured, indent: '  ' }), '}', ''];
      geometries.push({ name: file, data: encoder.encode(text.join('\n')) });
    }
    prims.push(
      `  def Xform "P${i}" (`,
      `    prepend references = @./${file}@</Geometry>`,
      '    prepend apiSchemas = ["MaterialBindingAPI"]',
      '  )',
      '  {',
      `    matrix4d xformOp:transform = ${matrixText(matrix)}`,
      '    uniform token[] xformOpOrder = ["xformOp:transform"]',
      `    ${binding}`,
      '  }',
    );
  });
  const text = [
    ...HEADER('Root'),
    'def Xform "Root" (',
    '  kind = "component"',
    // Quick Look places the scene on a wall only when asked to (its own AR anchoring schema).
    ...(options.vertical ? ['  prepend apiSchemas = ["Preliminary_AnchoringAPI"]'] : []),
    ')',
    '{',
    ...(options.vertical ? ['  uniform token preliminary:anchoring:type = "plane"', '  uniform token preliminary:planeAnchoring:alignment = "vertical"'] : []),
    '  def Scope "Materials"',
    '  {',
    ...materialTexts,
    '  }',
    ...prims,
    '}',
    '',
  ].join('\n');
  return [{ name: layerName, data: encoder.encode(text) }, ...geometries, ...textures];
}
