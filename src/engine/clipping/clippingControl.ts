/** The clipping-plane state and its Babylon plane. The offset is kept in metres from the model's minimum. */
import type { Plane } from '@babylonjs/core/Maths/math.plane';
import type { Axis, Bounds, ClippingSettings, ClippingState, DistanceUnit } from '../types';
import { clipMax, clipPlaneOf, clipStep, NO_CLIP, offsetInMetres, type PlaneCoefficients, positionInUnit, sizeAlong } from './clipMath';

const EMPTY: Bounds = { min: [0, 0, 0], max: [0, 0, 0] };
const AXES: readonly Axis[] = ['x', 'y', 'z'];

export class ClippingControl {
  private enabled = false;
  private axis: Axis = 'x';
  private inverted = false;
  private offset = 0;
  private bounds: Bounds = EMPTY;

  constructor(private readonly plane: Plane) {}

  /** A new model: keep the settings, put the cut in the middle of the model. */
  setModel(bounds: Bounds | null): void {
    this.bounds = bounds ?? EMPTY;
    this.offset = sizeAlong(this.bounds, this.axis) / 2;
    this.apply();
  }

  set(settings: Partial<ClippingSettings>, unit: DistanceUnit): ClippingState {
    if (settings.enabled !== undefined) this.enabled = settings.enabled;
    if (settings.axis !== undefined && AXES.includes(settings.axis)) this.axis = settings.axis;
    if (settings.inverted !== undefined) this.inverted = settings.inverted;
    if (settings.position !== undefined) this.offset = offsetInMetres(settings.position, this.bounds, this.axis, unit);
    else this.offset = Math.min(this.offset, sizeAlong(this.bounds, this.axis));
    this.apply();
    return this.state(unit);
  }

  state(unit: DistanceUnit): ClippingState {
    return {
      enabled: this.enabled,
      axis: this.axis,
      inverted: this.inverted,
      position: positionInUnit(this.offset, this.bounds, this.axis, unit),
      unit,
      max: clipMax(this.bounds, this.axis, unit),
      step: clipStep(unit),
    };
  }

  /** The active plane, or null while clipping is off. */
  coefficients(): PlaneCoefficients | null {
    return this.enabled ? clipPlaneOf(this.bounds, this.axis, this.offset, this.inverted) : null;
  }

  private apply(): void {
    const c = this.coefficients() ?? NO_CLIP;
    this.plane.normal.set(c.normal[0], c.normal[1], c.normal[2]);
    this.plane.d = c.d;
  }
}
