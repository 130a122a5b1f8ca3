/**
 * The scene's clip planes (Babylon has six: clipPlane..clipPlane6) from a list of plane
 * coefficients: SPEC's one clipping plane alone, or the section box with that plane folded in.
 * While any plane cuts, materials that may cap (closed parts in solid and illustration modes)
 * draw a face seen from behind as the cut's fill: flat, darker, in the part's colour (see
 * render/surfaceShader.ts), which needs their back faces drawn.
 */
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Plane } from '@babylonjs/core/Maths/math.plane';
import type { Scene } from '@babylonjs/core/scene';
import { refreezeMaterials } from '../scene/refreezeMaterials';
import type { PlaneCoefficients } from './clipMath';

const SLOTS = ['clipPlane', 'clipPlane2', 'clipPlane3', 'clipPlane4', 'clipPlane5', 'clipPlane6'] as const;

/** Material metadata of surfaces that fill cuts: `cullBack` is their culling while nothing is cut. */
interface CapMetadata {
  caps: true;
  cullBack: boolean;
}

export function markCapping(material: ShaderMaterial, cullBack: boolean): void {
  material.metadata = { caps: true, cullBack } satisfies CapMetadata;
}

export class SceneClipPlanes {
  private readonly planes = SLOTS.map(() => new Plane(0, -1, 0, -1e9));
  private count = 0;
  private capping = false;

  constructor(private readonly scene: Scene) {}

  /** Cuts with these planes (at most six; null or empty: no cut). */
  apply(list: readonly PlaneCoefficients[] | null): void {
    const planes = (list ?? []).slice(0, SLOTS.length);
    planes.forEach((c, i) => {
      this.planes[i].normal.set(c.normal[0], c.normal[1], c.normal[2]);
      this.planes[i].d = c.d;
    });
    const changed = planes.length !== this.count;
    this.count = planes.length;
    SLOTS.forEach((slot, i) => {
      this.scene[slot] = i < planes.length ? this.planes[i] : null;
    });
    this.setCapping(planes.length > 0);
    if (changed) refreezeMaterials(this.scene);
  }

  /** Applies the capping state to materials made since (a new model's). */
  refresh(): void {
    const on = this.capping;
    this.capping = !on;
    this.setCapping(on);
  }

  isCutting(): boolean {
    return this.count > 0;
  }

  private setCapping(on: boolean): void {
    if (on === this.capping) return;
    this.capping = on;
    for (const m of this.scene.materials) {
      const meta = m.metadata as CapMetadata | null;
      if (!meta?.caps) continue;
      const wasFrozen = m.isFrozen;
      if (wasFrozen) m.unfreeze();
      (m as ShaderMaterial).setFloat('capping', on ? 1 : 0);
      m.backFaceCulling = on ? false : meta.cullBack;
      if (wasFrozen) m.freeze();
    }
  }
}
