/**
 * The few shared materials of all render modes: one per model material for solid, and one each
 * for x-ray, illustration and highlight. Materials are frozen once built.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import type { Scene } from '@babylonjs/core/scene';
import type { SourceMaterial } from '../geometry/modelSource';

export const HIGHLIGHT_COLOR = new Color3(0.976, 0.451, 0.086);

function base(name: string, scene: Scene): StandardMaterial {
  const m = new StandardMaterial(name, scene);
  m.specularColor = new Color3(0.06, 0.06, 0.06);
  m.specularPower = 32;
  // Surfaces sit slightly behind their edges so that lines drawn on them never flicker.
  m.zOffset = 1;
  m.zOffsetUnits = 1;
  return m;
}

export function solidMaterial(source: SourceMaterial, scene: Scene): StandardMaterial {
  const m = base(`solid-${source.index}`, scene);
  const c = source.color;
  m.diffuseColor = new Color3(c[0], c[1], c[2]).toGammaSpace();
  m.ambientColor = m.diffuseColor.scale(0.3);
  m.alpha = source.alpha;
  m.backFaceCulling = !source.doubleSided;
  m.twoSidedLighting = source.doubleSided;
  return m;
}

export function xrayMaterial(scene: Scene): StandardMaterial {
  const m = new StandardMaterial('xray', scene);
  m.disableLighting = true;
  m.emissiveColor = new Color3(0.45, 0.66, 0.95);
  m.alpha = 0.1;
  m.disableDepthWrite = true;
  m.backFaceCulling = true;
  m.alphaMode = Constants.ALPHA_COMBINE;
  return m;
}

export function illustrationMaterial(scene: Scene): StandardMaterial {
  const m = base('illustration', scene);
  m.diffuseColor = new Color3(0.28, 0.28, 0.28);
  m.emissiveColor = new Color3(0.7, 0.7, 0.69);
  m.specularColor = Color3.Black();
  return m;
}

export function highlightMaterial(scene: Scene): StandardMaterial {
  const m = new StandardMaterial('highlight', scene);
  m.disableLighting = true;
  m.emissiveColor = HIGHLIGHT_COLOR;
  m.alpha = 0.6;
  m.zOffset = -2;
  m.zOffsetUnits = -2;
  m.backFaceCulling = false;
  return m;
}
