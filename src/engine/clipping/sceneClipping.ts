/** The scene's clip plane follows the clipping state; toggling it recompiles the frozen materials' shaders. */
import type { Plane } from '@babylonjs/core/Maths/math.plane';
import type { Scene } from '@babylonjs/core/scene';
import { refreezeMaterials } from '../scene/refreezeMaterials';

export function applySceneClipping(scene: Scene, plane: Plane, enabled: boolean): void {
  const wanted = enabled ? plane : null;
  if (scene.clipPlane === wanted) return;
  scene.clipPlane = wanted;
  refreezeMaterials(scene);
}
