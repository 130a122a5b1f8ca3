/** The measurement in progress: its points, the hover marker and the reports. */
import type { DistanceUnit, Measurement, MeasurePoint } from '../types';
import type { MeasureMarkers } from './measureMarkers';
import { measurementOf, nextPoints } from './measureMath';

export class MeasureControl {
  active = false;
  private points: MeasurePoint[] = [];

  constructor(
    private readonly markers: MeasureMarkers,
    private readonly emit: (measurement: Measurement) => void,
    private readonly unit: () => DistanceUnit,
  ) {}

  /** Adds a point: two make a measurement, a third starts a new one. */
  add(point: MeasurePoint): void {
    this.points = nextPoints(this.points, point);
    this.report();
  }

  /** The point under the pointer (or a touch aim), snapped; null when there is none. */
  hovered: MeasurePoint | null = null;

  hover(point: MeasurePoint | null): void {
    this.hovered = point;
    this.markers.setHover(point?.position ?? null);
  }

  /** Shows a measurement between two given points (a saved view's), as if they had been picked. */
  set(points: readonly MeasurePoint[]): void {
    this.points = points.slice(0, 2);
    this.report();
  }

  clear(): void {
    this.points = [];
    this.markers.setHover(null);
    this.report();
  }

  setActive(active: boolean): void {
    this.active = active;
    if (!active) this.clear();
  }

  current(): Measurement {
    return measurementOf(this.points, this.unit());
  }

  /** Re-reports in the new unit (nothing to report without points). */
  unitChanged(): void {
    if (this.points.length > 0) this.emit(this.current());
  }

  report(): void {
    this.markers.setPoints(this.points.map((p) => p.position));
    this.emit(this.current());
  }
}
