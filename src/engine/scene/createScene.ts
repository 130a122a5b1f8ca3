/** The scene: right-handed (glTF axes as they are), dark background, no pointer picking (lighting is in the surface shader). */
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { Color4 } from '@babylonjs/core/Maths/math.color';
import { Plane } from '@babylonjs/core/Maths/math.plane';
import type { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Scene } from '@babylonjs/core/scene';
import { NO_CLIP } from '../clipping/clipMath';
import { keyLightOf } from '../render/surfaceMaterial';
import { VIEWER_BACKGROUND_RGB } from '../types';

/** The viewer's dark background. */
const BACKGROUND = new Color4(...VIEWER_BACKGROUND_RGB, 1);

interface ViewerScene {
  scene: Scene;
  /** The key light's direction, which follows the camera (the surface shader's sky light is fixed). */
  keyLight: Vector3;
  clipPlane: Plane;
}

export function createScene(engine: AbstractEngine): ViewerScene {
  const scene = new Scene(engine, { useGeometryUniqueIdsMap: true, useMaterialMeshMap: true, useClonedMeshMap: true });
  scene.useRightHandedSystem = true;
  scene.clearColor = BACKGROUND;
  // The engine picks parts itself on clicks; Babylon's per-move picking is off.
  scene.skipPointerMovePicking = true;
  scene.skipPointerDownPicking = true;
  scene.skipPointerUpPicking = true;
  scene.constantlyUpdateMeshUnderPointer = false;
  scene.skipFrustumClipping = true;


  // Set as scene.clipPlane only while clipping is on: a clip plane costs every fragment a test.
  const clipPlane = new Plane(NO_CLIP.normal[0], NO_CLIP.normal[1], NO_CLIP.normal[2], NO_CLIP.d);
  return { scene, keyLight: keyLightOf(scene), clipPlane };
}
