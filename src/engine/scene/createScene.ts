/** The scene: right-handed (glTF axes as they are), dark background, two lights, no pointer picking. */
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { DirectionalLight } from '@babylonjs/core/Lights/directionalLight';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color';
import { Plane } from '@babylonjs/core/Maths/math.plane';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Scene } from '@babylonjs/core/scene';
import { NO_CLIP } from '../clipping/clipMath';

/** The app's dark surface colour (#18181b). */
export const BACKGROUND = new Color4(0.094, 0.094, 0.106, 1);

export interface ViewerScene {
  scene: Scene;
  /** A light that follows the camera direction. */
  headlight: DirectionalLight;
  clipPlane: Plane;
}

export function createScene(engine: AbstractEngine): ViewerScene {
  const scene = new Scene(engine, { useGeometryUniqueIdsMap: true, useMaterialMeshMap: true, useClonedMeshMap: true });
  scene.useRightHandedSystem = true;
  scene.clearColor = BACKGROUND;
  // Lifts faces turned away from both lights (materials set their ambient colour).
  scene.ambientColor = new Color3(1, 1, 1);
  // The engine picks parts itself on clicks; Babylon's per-move picking is off.
  scene.skipPointerMovePicking = true;
  scene.skipPointerDownPicking = true;
  scene.skipPointerUpPicking = true;
  scene.constantlyUpdateMeshUnderPointer = false;
  scene.skipFrustumClipping = true;

  const sky = new HemisphericLight('sky', new Vector3(0.2, 1, 0.4), scene);
  sky.intensity = 0.8;
  sky.groundColor = new Color3(0.35, 0.35, 0.38);
  sky.specular = Color3.Black();
  const headlight = new DirectionalLight('headlight', new Vector3(0, -0.3, -1), scene);
  headlight.intensity = 0.55;
  headlight.specular = new Color3(0.15, 0.15, 0.15);

  // Set as scene.clipPlane only while clipping is on: a clip plane costs every fragment a test.
  const clipPlane = new Plane(NO_CLIP.normal[0], NO_CLIP.normal[1], NO_CLIP.normal[2], NO_CLIP.d);
  return { scene, headlight, clipPlane };
}
