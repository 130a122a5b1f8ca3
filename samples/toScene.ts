/**
 * The generated assembly in the converter's scene form (metres, Y up): one box mesh per distinct
 * (size, material), shared by every part that repeats it, placed by a translation.
 */
import type { SceneMesh, SceneModel, SceneNode } from '../server/convert/scene.js';
import { translation } from '../server/convert/scene.js';
import type { Assembly, AssemblyNode } from './assembly.js';
import { boxGeometry } from './boxGeometry.js';

const M_PER_MM = 0.001;

export function assemblyToScene(assembly: Assembly): SceneModel {
  const materialKeys = Object.keys(assembly.materials);
  const materials = materialKeys.map((name) => ({ name, color: assembly.materials[name], opacity: 1, roughness: 0.7 }));
  const meshes: SceneMesh[] = [];
  const meshByKey = new Map<string, number>();

  const meshFor = (node: AssemblyNode): number => {
    const size = node.box!.size;
    const material = Math.max(0, materialKeys.indexOf(node.material ?? ''));
    const key = `${size.join('x')}|${material}`;
    let index = meshByKey.get(key);
    if (index === undefined) {
      const box = boxGeometry(size.map((v) => v * M_PER_MM), size.map((v) => -v * M_PER_MM * 0.5));
      index = meshes.push({ name: node.name, primitives: [{ mode: 'triangles', material, ...box }] }) - 1;
      meshByKey.set(key, index);
    }
    return index;
  };

  const toNode = (node: AssemblyNode): SceneNode => {
    if (node.box) {
      const { origin, size } = node.box;
      const center = origin.map((v, i) => (v + size[i] / 2) * M_PER_MM);
      return { name: node.name, matrix: translation(center[0], center[1], center[2]), mesh: meshFor(node), children: [] };
    }
    const offset = node.offset;
    return {
      name: node.name,
      ...(offset ? { matrix: translation(offset[0] * M_PER_MM, offset[1] * M_PER_MM, offset[2] * M_PER_MM) } : {}),
      children: node.children.map(toNode),
    };
  };

  return { roots: [toNode(assembly.root)], meshes, materials };
}
