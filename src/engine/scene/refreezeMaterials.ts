/**
 * Frozen materials never recompute their shader defines. When a scene-wide setting that changes
 * shaders toggles (the clip plane), they are thawed, and frozen again once the scene is ready.
 */
import type { Scene } from '@babylonjs/core/scene';

export function refreezeMaterials(scene: Scene): void {
  const frozen = scene.materials.filter((m) => m.isFrozen);
  for (const m of frozen) m.unfreeze();
  const observer = scene.onAfterRenderObservable.add(() => {
    if (!scene.isReady(false)) return;
    for (const m of frozen) if (scene.materials.includes(m)) m.freeze();
    scene.onAfterRenderObservable.remove(observer);
  });
}
