/** The engine's measurement commands (see types.ts): the measurement in progress, placed by picking the model. */
import type { PartPicking } from '../parts/partPicking';
import type { ViewerEngine } from '../types';
import type { MeasureControl } from './measureControl';

type MeasureCommands = Pick<
  ViewerEngine,
  'setMeasureActive' | 'isMeasureActive' | 'clearMeasure' | 'measureAt' | 'getMeasurement' | 'showMeasurement' | 'getMeasureHover'
>;

export function createMeasureCommands(measure: MeasureControl, picking: PartPicking): MeasureCommands {
  return {
    setMeasureActive: (active) => measure.setActive(active),
    isMeasureActive: () => measure.active,
    clearMeasure: () => measure.clear(),
    measureAt(x, y) {
      const point = picking.measurePoint(x, y);
      if (point) measure.add(point);
      return point;
    },
    getMeasurement: () => measure.current(),
    showMeasurement: (points) => (points ? measure.set(points.map((position) => ({ position, snap: 'vertex' as const, partId: null }))) : measure.clear()),
    getMeasureHover: () => (measure.active ? measure.hovered : null),
  };
}
