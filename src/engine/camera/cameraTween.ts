/** A camera placement and the interpolation between two of them (no allocation per step). */
import { easeInOutCubic, nearestAngle } from './cameraMath';

export interface Placement {
  alpha: number;
  beta: number;
  radius: number;
  tx: number;
  ty: number;
  tz: number;
  halfHeight: number;
}

export function placement(): Placement {
  return { alpha: 0, beta: 0, radius: 1, tx: 0, ty: 0, tz: 0, halfHeight: 1 };
}

export class CameraTween {
  readonly from = placement();
  readonly to = placement();
  readonly current = placement();
  private start = 0;
  private duration = 0;
  active = false;

  begin(from: Placement, to: Placement, now: number, durationMs: number): void {
    Object.assign(this.from, from);
    Object.assign(this.to, to);
    this.to.alpha = nearestAngle(from.alpha, to.alpha);
    this.start = now;
    this.duration = durationMs;
    this.active = true;
  }

  /** Writes the placement at `now` into `current`; returns false once finished. */
  step(now: number): boolean {
    const t = this.duration <= 0 ? 1 : (now - this.start) / this.duration;
    const k = easeInOutCubic(t);
    const a = this.from;
    const b = this.to;
    const c = this.current;
    c.alpha = a.alpha + (b.alpha - a.alpha) * k;
    c.beta = a.beta + (b.beta - a.beta) * k;
    // Radius and height interpolate geometrically so that zooming feels even.
    c.radius = a.radius * (b.radius / a.radius) ** k;
    c.halfHeight = a.halfHeight * (b.halfHeight / a.halfHeight) ** k;
    c.tx = a.tx + (b.tx - a.tx) * k;
    c.ty = a.ty + (b.ty - a.ty) * k;
    c.tz = a.tz + (b.tz - a.tz) * k;
    if (t >= 1) this.active = false;
    return this.active;
  }
}
