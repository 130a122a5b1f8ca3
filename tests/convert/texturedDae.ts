/** A COLLADA triangle whose material is the picture `textures/wood.png` (tests of archives with resources). */
export const WOOD_TEXTURE_PATH = 'textures/wood.png';

/** A 1 x 1 PNG. */
export const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

export function texturedDae(imagePath = WOOD_TEXTURE_PATH): Uint8Array {
  return new TextEncoder().encode(`<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_images><image id="wood" name="wood"><init_from>${imagePath}</init_from></image></library_images>
  <library_effects>
    <effect id="wood-effect"><profile_COMMON>
      <newparam sid="wood-surface"><surface type="2D"><init_from>wood</init_from></surface></newparam>
      <newparam sid="wood-sampler"><sampler2D><source>wood-surface</source></sampler2D></newparam>
      <technique sid="common"><lambert><diffuse><texture texture="wood-sampler" texcoord="UVMap"/></diffuse></lambert></technique>
    </profile_COMMON></effect>
  </library_effects>
  <library_materials><material id="wood-material" name="Wood"><instance_effect url="#wood-effect"/></material></library_materials>
  <library_geometries>
    <geometry id="panel" name="panel"><mesh>
      <source id="panel-positions"><float_array id="panel-positions-array" count="9">0 0 0 1 0 0 0 1 0</float_array>
        <technique_common><accessor source="#panel-positions-array" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
      <source id="panel-uvs"><float_array id="panel-uvs-array" count="6">0 0 1 0 0 1</float_array>
        <technique_common><accessor source="#panel-uvs-array" count="3" stride="2"><param name="S" type="float"/><param name="T" type="float"/></accessor></technique_common></source>
      <vertices id="panel-vertices"><input semantic="POSITION" source="#panel-positions"/></vertices>
      <triangles material="wood" count="1">
        <input semantic="VERTEX" source="#panel-vertices" offset="0"/>
        <input semantic="TEXCOORD" source="#panel-uvs" offset="1" set="0"/>
        <p>0 0 1 1 2 2</p>
      </triangles>
    </mesh></geometry>
  </library_geometries>
  <library_visual_scenes><visual_scene id="scene">
    <node id="panel-node" name="Panel"><instance_geometry url="#panel"><bind_material><technique_common>
      <instance_material symbol="wood" target="#wood-material"><bind_vertex_input semantic="UVMap" input_semantic="TEXCOORD" input_set="0"/></instance_material>
    </technique_common></bind_material></instance_geometry></node>
  </visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
`);
}
