/**
 * The measure panel (SPEC §4): measure mode is on while it is open. Says to click (tap, on a touch
 * screen) two points, and shows the distance as a vector and a length in the chosen unit (mm to 1
 * decimal, in to 3).
 */
import { useSelector } from '@xstate/react';
import { selectExplode, selectMeasurement } from '../../../machines/viewer/viewerSelectors';
import { formatLength } from '../../../i18n/numbers';
import { useLL, useLocale } from '../../app/I18nProvider';
import { useTouchScreen } from '../../common/useTouchScreen';
import type { ToolsActor } from '../viewerActors';

export function MeasurePanel({ tools }: { tools: ToolsActor }) {
  const LL = useLL();
  const locale = useLocale();
  const measurement = useSelector(tools, selectMeasurement);
  const vector = measurement?.vector;
  const unit = measurement?.unit ?? 'mm';
  const exploded = useSelector(tools, selectExplode) > 0;
  const touch = useTouchScreen();
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-fg-muted">{touch ? LL.viewer.measure.hintTouch() : LL.viewer.measure.hint()}</p>
      {vector && measurement?.length != null ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border border-border p-3 font-mono tabular-nums" data-testid="measure-result">
          {(['x', 'y', 'z'] as const).map((axis, i) => (
            <div key={axis} className="contents">
              <dt className="font-sans font-semibold text-fg-muted uppercase">{axis}</dt>
              <dd className="text-right text-fg">{formatLength(unit, vector[i], locale)}</dd>
            </div>
          ))}
          <dt className="font-sans font-semibold text-fg-muted">{LL.viewer.measure.distance()}</dt>
          <dd className="text-right font-bold text-primary">{formatLength(unit, measurement.length, locale)}</dd>
        </dl>
      ) : null}
      {exploded ? (
        <p role="note" className="rounded-lg border border-info-border bg-info-surface px-3 py-2 text-xs text-fg">
          {LL.viewer.measure.exploded()}
        </p>
      ) : null}
    </div>
  );
}
