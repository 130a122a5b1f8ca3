/** Primitive and material data shared by both GLB readers. */
import { visiblePartColour } from '../../model/parts/partColour';
import type { SourceMaterial } from '../geometry/modelSource';
import type { GltfJson } from './gltfJson';

/** Converts triangle strips and fans, line loops and line strips to plain lists. */
export function listIndices(mode: number | undefined, indices: Uint32Array | null, vertexCount: number): Uint32Array | null {
  if (mode === undefined || mode === 4 || mode === 1) return indices;
  const src = indices ?? Uint32Array.from({ length: vertexCount }, (_, i) => i);
  const out: number[] = [];
  if (mode === 5) {
    for (let i = 0; i + 2 < src.length; i++) {
      if (i % 2) out.push(src[i + 1], src[i], src[i + 2]);
      else out.push(src[i], src[i + 1], src[i + 2]);
    }
  } else if (mode === 6) {
    for (let i = 1; i + 1 < src.length; i++) out.push(src[0], src[i], src[i + 1]);
  } else if (mode === 2 || mode === 3) {
    for (let i = 0; i + 1 < src.length; i++) out.push(src[i], src[i + 1]);
    if (mode === 2 && src.length > 2) out.push(src[src.length - 1], src[0]);
  }
  return Uint32Array.from(out);
}

/** The model's materials from the glTF JSON, plus the glTF default material last. */
export function readMaterials(json: GltfJson): SourceMaterial[] {
  const materials: SourceMaterial[] = (json.materials ?? []).map((m, index) => {
    const f = m.pbrMetallicRoughness?.baseColorFactor ?? [1, 1, 1, 1];
    return {
      index,
      name: m.name ?? `Material ${index}`,
      // Drawn so that it shows on the dark background (a black part becomes a dark grey).
      color: visiblePartColour([f[0] ?? 1, f[1] ?? 1, f[2] ?? 1]),
      alpha: m.alphaMode === 'BLEND' ? (f[3] ?? 1) : 1,
      doubleSided: m.doubleSided ?? false,
    };
  });
  materials.push({ index: materials.length, name: 'Default', color: [0.8, 0.8, 0.8], alpha: 1, doubleSided: false });
  return materials;
}
