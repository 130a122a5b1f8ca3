/**
 * Writes a generated assembly as COLLADA 1.4.1: the node tree with names, one geometry per
 * distinct box (instanced by every part that repeats it), lambert materials.
 * Options write the file Z up and/or in another unit, to exercise the importer's conversions.
 */
import type { Assembly, AssemblyNode } from '../assembly.js';
import { boxGeometry } from '../boxGeometry.js';

export interface DaeWriteOptions {
  upAxis?: 'Y_UP' | 'Z_UP';
  unit?: 'mm' | 'm' | 'in';
}

const UNITS = { mm: { name: 'millimeter', meter: 0.001 }, m: { name: 'meter', meter: 1 }, in: { name: 'inch', meter: 0.0254 } };

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const num = (v: number) => String(Math.round(v * 1e6) / 1e6);

export function assemblyToDae(assembly: Assembly, options: DaeWriteOptions = {}): string {
  const upAxis = options.upAxis ?? 'Y_UP';
  const unit = UNITS[options.unit ?? 'mm'];
  const perMm = 0.001 / unit.meter;
  /** Assembly (Y up, mm) -> file axes and unit. */
  const map = (p: readonly number[]) => (upAxis === 'Z_UP' ? [p[0], -p[2], p[1]] : [...p]).map((v) => v * perMm);

  const materialIds = new Map<string, string>();
  const effects: string[] = [];
  const materials: string[] = [];
  Object.entries(assembly.materials).forEach(([name, [r, g, b]], i) => {
    materialIds.set(name, `material-${i}`);
    effects.push(
      `<effect id="effect-${i}"><profile_COMMON><technique sid="common"><lambert><diffuse><color sid="diffuse">${num(r)} ${num(g)} ${num(b)} 1</color></diffuse></lambert></technique></profile_COMMON></effect>`,
    );
    materials.push(`<material id="material-${i}" name="${xmlEscape(name)}"><instance_effect url="#effect-${i}"/></material>`);
  });

  const geometries: string[] = [];
  const geometryIds = new Map<string, string>();
  const geometryFor = (node: AssemblyNode): string => {
    const key = node.box!.size.join('x');
    let id = geometryIds.get(key);
    if (id) return id;
    id = `box-${geometryIds.size}`;
    geometryIds.set(key, id);
    const size = map(node.box!.size);
    const box = boxGeometry(size.map(Math.abs), size.map((v) => Math.min(0, v)));
    const triangles: number[] = [];
    box.indices.forEach((i) => triangles.push(i, i));
    geometries.push(
      `<geometry id="${id}" name="${id}"><mesh>` +
        `<source id="${id}-p"><float_array id="${id}-pa" count="72">${Array.from(box.positions, num).join(' ')}</float_array>` +
        `<technique_common><accessor source="#${id}-pa" count="24" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>` +
        `<source id="${id}-n"><float_array id="${id}-na" count="72">${Array.from(box.normals, num).join(' ')}</float_array>` +
        `<technique_common><accessor source="#${id}-na" count="24" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>` +
        `<vertices id="${id}-v"><input semantic="POSITION" source="#${id}-p"/></vertices>` +
        `<triangles material="surface" count="12"><input semantic="VERTEX" source="#${id}-v" offset="0"/><input semantic="NORMAL" source="#${id}-n" offset="1"/><p>${triangles.join(' ')}</p></triangles>` +
        `</mesh></geometry>`,
    );
    return id;
  };

  let nodeCount = 0;
  const writeNode = (node: AssemblyNode): string => {
    const id = `node-${nodeCount++}`;
    const at = node.box ? map(node.box.origin) : map(node.offset ?? [0, 0, 0]);
    let body = `<translate sid="location">${at.map(num).join(' ')}</translate>`;
    if (node.box) {
      // The box geometry spans [min(0, s), max(0, s)] per mapped axis, so the node sits at the mapped origin.
      const material = materialIds.get(node.material ?? '') ?? 'material-0';
      body +=
        `<instance_geometry url="#${geometryFor(node)}"><bind_material><technique_common>` +
        `<instance_material symbol="surface" target="#${material}"/></technique_common></bind_material></instance_geometry>`;
    }
    return `<node id="${id}" name="${xmlEscape(node.name)}" type="NODE">${body}${node.children.map(writeNode).join('')}</node>`;
  };
  const scene = writeNode(assembly.root);

  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">',
    `<asset><contributor><authoring_tool>cabinet-viewer samples</authoring_tool></contributor><created>2025-01-01T00:00:00</created><modified>2025-01-01T00:00:00</modified><unit name="${unit.name}" meter="${unit.meter}"/><up_axis>${upAxis}</up_axis></asset>`,
    `<library_effects>${effects.join('')}</library_effects>`,
    `<library_materials>${materials.join('')}</library_materials>`,
    `<library_geometries>${geometries.join('')}</library_geometries>`,
    `<library_visual_scenes><visual_scene id="scene" name="${xmlEscape(assembly.name)}">${scene}</visual_scene></library_visual_scenes>`,
    '<scene><instance_visual_scene url="#scene"/></scene>',
    '</COLLADA>',
    '',
  ].join('\n');
}
