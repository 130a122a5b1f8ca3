/**
 * COLLADA documents shaped like the exports of two tools, written here (no third-party file):
 * - Blender's 2.6 exporter: a camera and a lamp beside the parts, an armature of bones, colours
 *   padded with spaces (`<color>  0.6 0.6 0.6 1.0 </color>`), `<library_animation_clips>` whose
 *   clips have no id, and the animations after the visual scene.
 * - SketchUp: a root node named "SketchUp" without an id, components placed by `<instance_node>`
 *   from `<library_nodes>`, nodes without a name, the saved view's camera.
 */
const quad = (id: string, name: string | undefined, [w, h]: [number, number], material = 'wood') => `
    <geometry id="${id}"${name === undefined ? '' : ` name="${name}"`}><mesh>
      <source id="${id}-pos"><float_array id="${id}-pos-array" count="12"> 0 0 0 ${w} 0 0 ${w} ${h} 0 0 ${h} 0 </float_array>
        <technique_common><accessor source="#${id}-pos-array" count="4" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
      <vertices id="${id}-vtx"><input semantic="POSITION" source="#${id}-pos"/></vertices>
      <triangles count="2" material="${material}"><input semantic="VERTEX" source="#${id}-vtx" offset="0"/><p>0 1 2 0 2 3</p></triangles>
    </mesh></geometry>`;

const effect = (id: string, pad: string) => `
    <effect id="${id}"><profile_COMMON><technique sid="common"><blinn>
      <emission><color>${pad}0.0 0.0 0.0 1.0${pad}</color></emission>
      <diffuse><color>${pad}0.64 0.5 0.3 1.0 </color></diffuse>
      <shininess><float>${pad}50 </float></shininess>
    </blinn></technique></profile_COMMON></effect>`;

const bind = (symbol: string, target: string) =>
  `<bind_material><technique_common><instance_material symbol="${symbol}" target="#${target}"/></technique_common></bind_material>`;

/** Parts: "Cabinet" holding "Left side" and "Porte à droite" (non-ASCII on purpose). */
export function blenderStyleDae(): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><contributor><author> Anonymous </author><authoring_tool> Collada Exporter for Blender 2.6+ </authoring_tool></contributor>
    <unit meter="1.0" name="meter"/><up_axis>Z_UP</up_axis></asset>
  <library_cameras><camera id="cam" name="Camera"><optics><technique_common><perspective><yfov>49</yfov><znear>0.1</znear><zfar>100</zfar></perspective></technique_common></optics></camera></library_cameras>
  <library_lights><light id="lamp" name="Lamp"><technique_common><point><color> 1 1 1 </color></point></technique_common></light></library_lights>
  <library_effects>${effect('fx-wood', '  ')}</library_effects>
  <library_materials><material id="mat-wood" name="Wood"><instance_effect url="#fx-wood"/></material></library_materials>
  <library_geometries>${quad('mesh-side', 'Side', [0.6, 0.72])}${quad('mesh-door', 'Door', [0.4, 0.7])}</library_geometries>
  <library_animation_clips>
    <animation_clip name="open" start="0.0" end="1.0"><instance_animation url="#anim-door"/></animation_clip>
  </library_animation_clips>
  <library_visual_scenes><visual_scene id="scene" name="scene">
    <node id="Camera" name="Camera" type="NODE"><matrix sid="transform"> 1 0 0 7 0 1 0 -6 0 0 1 5 0 0 0 1 </matrix><instance_camera url="#cam"/></node>
    <node id="Lamp" name="Lamp" type="NODE"><matrix sid="transform"> 1 0 0 4 0 1 0 1 0 0 1 6 0 0 0 1 </matrix><instance_light url="#lamp"/></node>
    <node id="Armature" name="Armature" type="NODE">
      <node id="bone-1" sid="bone-1" name="Bone" type="JOINT"><node id="bone-2" sid="bone-2" name="Bone.001" type="JOINT"/></node>
    </node>
    <node id="Cabinet" name="Cabinet" type="NODE">
      <node id="Side" name="Left side" type="NODE"><instance_geometry url="#mesh-side">${bind('wood', 'mat-wood')}</instance_geometry></node>
      <node id="Door" name="Porte à droite" type="NODE"><matrix sid="transform"> 1 0 0 0.1 0 1 0 0 0 0 1 0 0 0 0 1 </matrix><instance_geometry url="#mesh-door">${bind('wood', 'mat-wood')}</instance_geometry></node>
    </node>
  </visual_scene></library_visual_scenes>
  <library_animations>
    <animation id="anim-door">
      <source id="anim-door-in"><float_array id="anim-door-in-array" count="2"> 0.0 1.0</float_array><technique_common><accessor source="#anim-door-in-array" count="2" stride="1"><param name="TIME" type="float"/></accessor></technique_common></source>
      <source id="anim-door-out"><float_array id="anim-door-out-array" count="32"> 1 0 0 0.1 0 1 0 0 0 0 1 0 0 0 0 1  1 0 0 0.3 0 1 0 0 0 0 1 0 0 0 0 1</float_array><technique_common><accessor source="#anim-door-out-array" count="2" stride="16"><param name="TRANSFORM" type="float4x4"/></accessor></technique_common></source>
      <sampler id="anim-door-sampler"><input semantic="INPUT" source="#anim-door-in"/><input semantic="OUTPUT" source="#anim-door-out"/></sampler>
      <channel source="#anim-door-sampler" target="Door/transform"/>
    </animation>
  </library_animations>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
`;
}

/** The tree the Blender-style document must give: no camera, lamp or bones. */
export const BLENDER_STYLE_TREE = ['0:Cabinet', '1:Left side', '1:Porte à droite'];

export function sketchupStyleDae(): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><contributor><authoring_tool>SketchUp 8.0.16846</authoring_tool></contributor><unit meter="0.0254" name="inch"/><up_axis>Z_UP</up_axis></asset>
  <library_cameras><camera id="ID1" name="skp_camera_Last_Saved_SketchUp_View"><optics><technique_common><perspective><yfov>35</yfov><znear>1</znear><zfar>1000</zfar></perspective></technique_common></optics></camera></library_cameras>
  <library_visual_scenes><visual_scene id="ID2">
    <node name="SketchUp">
      <instance_geometry url="#ID3">${bind('Material2', 'ID10')}</instance_geometry>
      <node id="ID4" name="Base cabinet"><matrix>1 0 0 30 0 1 0 0 0 0 1 0 0 0 0 1</matrix><instance_node url="#ID5"/></node>
      <node name="skp_camera_Last_Saved_SketchUp_View"><matrix>1 0 0 0 0 1 0 -100 0 0 1 60 0 0 0 1</matrix><instance_camera url="#ID1"/></node>
    </node>
  </visual_scene></library_visual_scenes>
  <library_nodes>
    <node id="ID5" name="Carcass">
      <node><instance_geometry url="#ID6">${bind('Material2', 'ID10')}</instance_geometry></node>
      <node id="ID7"><instance_geometry url="#ID8">${bind('Material2', 'ID10')}</instance_geometry></node>
    </node>
  </library_nodes>
  <library_geometries>${quad('ID3', undefined, [48, 1], 'Material2')}${quad('ID6', 'Shelf', [23, 11], 'Material2')}${quad('ID8', undefined, [23, 34], 'Material2')}</library_geometries>
  <library_materials><material id="ID10" name="Oak"><instance_effect url="#ID11"/></material></library_materials>
  <library_effects>${effect('ID11', '')}</library_effects>
  <scene><instance_visual_scene url="#ID2"/></scene>
</COLLADA>
`;
}

/**
 * The SketchUp-style tree: the root keeps its name; nameless parts take their geometry's or their
 * parent's name (the root's own loose faces become its last child, named after it).
 */
export const SKETCHUP_STYLE_TREE = ['0:SketchUp', '1:Base cabinet', '2:Carcass', '3:Shelf', '3:Carcass', '1:SketchUp'];

/** The text as UTF-16 (little endian with a byte order mark, or big endian without one). */
export function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const body = text.replace('encoding="utf-8"', 'encoding="UTF-16"');
  const mark = endian === 'le' ? [0xff, 0xfe] : [];
  const out = new Uint8Array(mark.length + body.length * 2);
  out.set(mark);
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    const [first, second] = endian === 'le' ? [code & 255, code >> 8] : [code >> 8, code & 255];
    out[mark.length + i * 2] = first;
    out[mark.length + i * 2 + 1] = second;
  }
  return out;
}

export function utf8WithMark(text: string): Uint8Array {
  return new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
}
