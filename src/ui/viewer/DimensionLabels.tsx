/**
 * The labels of the workshop measures' dimension lines (the engine draws the lines): each at its
 * line's middle, placed every animation frame while there are any, so they follow the camera
 * (usePlacedOnModel).
 */
import { useSelector } from '@xstate/react';
import type { EnginePort } from '../../machines/viewer/load/enginePort';
import { formatDegrees } from '../../i18n/measureText';
import { selectWorkshop } from '../../machines/viewer/viewerSelectors';
import type { Vec3 } from '../../machines/viewer/viewerTypes';
import { useLocale } from '../app/I18nProvider';
import { useMeasureText } from './panels/WorkshopMeasures';
import type { ToolsActor } from './viewerActors';
import { usePlacedOnModel } from './usePlacedOnModel';

interface Label {
  key: string;
  at: Vec3;
  text: string;
}

export function DimensionLabels({ engine, tools }: { engine: EnginePort; tools: ToolsActor }) {
  const locale = useLocale();
  const workshop = useSelector(tools, selectWorkshop);
  const { length } = useMeasureText(tools);
  const measures = [...(workshop?.kept ?? []), ...(workshop?.current ? [workshop.current] : [])];
  const labels: Label[] = measures.flatMap((m) =>
    // An angle between edges draws both edges: one label is enough.
    m.lines.slice(0, m.kind === 'angle' ? 1 : undefined).map((line, i) => ({
      key: `${m.id}-${i}`,
      at: [0, 1, 2].map((k) => (line.from[k] + line.to[k]) / 2) as unknown as Vec3,
      text: line.kind === 'angle' ? formatDegrees(line.value, locale) : length(line.value),
    })),
  );
  const refOf = usePlacedOnModel(() => engine, labels, { centred: true });

  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden" data-testid="dimension-labels">
      {labels.map((label) => (
        <span
          key={label.key}
          ref={refOf(label.key)}
          className="absolute top-0 left-0 rounded bg-black/75 px-1.5 py-0.5 font-mono text-xs font-bold whitespace-nowrap text-yellow-300 tabular-nums"
        >
          {label.text}
        </span>
      ))}
    </div>
  );
}
