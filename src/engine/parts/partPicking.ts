/**
 * What lies under a point of the canvas: the part (for selection) and the snapped point (for
 * measurement). A finger's tap looks on rings around where it landed, no further than the first
 * hit; clipped-away and hidden parts are never hit.
 */
import { Matrix } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import type { CameraRig } from '../camera/cameraRig';
import type { ClippingControl } from '../clipping/clippingControl';
import { pickOffsets } from '../input/pickOffsets';
import { SNAP_DISTANCE, snapPoint } from '../measure/measureMath';
import type { ModelView } from '../scene/modelView';
import type { MeasurePoint, PickEvent } from '../types';

export function createPartPicking(scene: Scene, rig: CameraRig, clipping: ClippingControl, model: () => ModelView | null) {
  function ray(x: number, y: number) {
    const r = scene.createPickingRay(x, y, Matrix.Identity(), rig.camera);
    return {
      origin: [r.origin.x, r.origin.y, r.origin.z] as const,
      direction: [r.direction.x, r.direction.y, r.direction.z] as const,
    };
  }

  /** The model's hit under (x, y), else the nearest on rings around it up to `radius` pixels. */
  function hitNear(x: number, y: number, radius = 0) {
    const view = model();
    if (!view) return null;
    for (const [dx, dy] of pickOffsets(radius)) {
      const { origin, direction } = ray(x + dx, y + dy);
      const hit = view.picker.pick(origin, direction, view.visibility.visible, clipping.coefficients());
      if (hit) return { hit, view };
    }
    return null;
  }

  return {
    pick(x: number, y: number, radius = 0): PickEvent {
      const found = hitNear(x, y, radius);
      return found ? { partId: found.view.partIds[found.hit.part], point: found.hit.point } : { partId: null, point: null };
    },
    measurePoint(x: number, y: number, radius = 0): MeasurePoint | null {
      const found = hitNear(x, y, radius);
      if (!found) return null;
      const { hit, view } = found;
      const snapped = snapPoint(hit.point, view.picker.snapCandidates(hit.part), SNAP_DISTANCE * rig.visibleHeightAt(hit.point));
      return { position: snapped.position, snap: snapped.snap, partId: view.partIds[hit.part] };
    },
  };
}

export type PartPicking = ReturnType<typeof createPartPicking>;
