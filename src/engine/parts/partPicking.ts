/**
 * What lies under a point of the canvas: the part (for selection) and the snapped point (for
 * measurement). A finger's tap looks on rings around where it landed, no further than the first
 * hit; clipped-away and hidden parts are never hit.
 */
import { Matrix } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import type { CameraRig } from '../camera/cameraRig';
import type { PlaneCoefficients } from '../clipping/clipMath';
import { pickOffsets } from '../input/pickOffsets';
import { closestPointOnSegment, distance, SNAP_DISTANCE, snapPoint } from '../measure/measureMath';
import type { ModelView } from '../scene/modelView';
import type { EdgePick, FacePick, MeasurePoint, PickEvent, Vec3 } from '../types';

export function createPartPicking(scene: Scene, rig: CameraRig, clipPlanes: () => readonly PlaneCoefficients[] | null, model: () => ModelView | null) {
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
      const hit = view.picker.pick(origin, direction, view.visibility.visible, clipPlanes());
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
    /** The flat face under (x, y), fitted from the hit part's own triangles. */
    faceAt(x: number, y: number, radius = 0): FacePick | null {
      const found = hitNear(x, y, radius);
      if (!found) return null;
      const face = found.view.picker.faceAt(found.hit);
      if (!face) return null;
      return { partId: found.view.partIds[found.hit.part], point: found.hit.point, normal: face.normal, planePoint: face.point };
    },
    /** The hit part's feature edge nearest to the point under (x, y), within the snap distance. */
    edgeAt(x: number, y: number, radius = 0): EdgePick | null {
      const found = hitNear(x, y, radius);
      if (!found) return null;
      const { hit, view } = found;
      const { edges } = view.picker.snapCandidates(hit.part);
      let best: EdgePick | null = null;
      let bestDistance = SNAP_DISTANCE * rig.visibleHeightAt(hit.point);
      for (let i = 0; i + 5 < edges.length; i += 6) {
        const from: Vec3 = [edges[i], edges[i + 1], edges[i + 2]];
        const to: Vec3 = [edges[i + 3], edges[i + 4], edges[i + 5]];
        const d = distance(hit.point, closestPointOnSegment(hit.point, from, to));
        if (d <= bestDistance) {
          best = { partId: view.partIds[hit.part], from, to };
          bestDistance = d;
        }
      }
      return best;
    },
    /** The world ray through canvas pixel (x, y). */
    ray,
  };
}

export type PartPicking = ReturnType<typeof createPartPicking>;
