/**
 * The measure panel (SPEC §4): measure mode is on while it is open. Says to click (tap, on a touch
 * screen) two points, and shows the distance as a vector and a length in the chosen unit (mm to 1
 * decimal, in to 3). Its tool choice adds the workshop measures (WorkshopMeasures.tsx): face to
 * face, angle and overall size.
 */
import { useSelector } from '@xstate/react';
import { selectExplode, selectMeasureKind, selectMeasurement } from '../../../machines/viewer/viewerSelectors';
import { MEASURE_KINDS } from '../../../machines/viewer/viewerTypes';
import { formatLength } from '../../../i18n/numbers';
import { useLL, useLocale } from '../../app/I18nProvider';
import { useTouchScreen } from '../../common/useTouchScreen';
import type { ToolsActor } from '../viewerActors';
import { WorkshopMeasures } from './WorkshopMeasures';

export function MeasurePanel({ tools }: { tools: ToolsActor }) {
  const LL = useLL();
  const locale = useLocale();
  const measurement = useSelector(tools, selectMeasurement);
  const vector = measurement?.vector;
  const unit = measurement?.unit ?? 'mm';
  const exploded = useSelector(tools, selectExplode) > 0;
  const touch = useTouchScreen();
  const kind = useSelector(tools, selectMeasureKind);
  return (
    <div className="flex flex-col gap-3 text-sm">
      {/* Two a row; a name longer than half the row ("Encombrement") takes a row of its own rather than run past its button. */}
      <div role="radiogroup" aria-label={LL.viewer.measure.tool()} className="flex flex-wrap gap-1">
        {MEASURE_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            onClick={() => tools.send({ type: 'tools.measureKind', kind: k })}
            className={`min-w-fit flex-[1_1_calc(50%-0.125rem)] rounded-lg border px-2 py-1.5 ${kind === k ? 'border-primary bg-primary text-on-primary' : 'border-border text-fg hover:border-primary'}`}
          >
            {LL.viewer.measure.kinds[k]()}
          </button>
        ))}
      </div>
      {kind !== 'points' ? <WorkshopMeasures tools={tools} kind={kind} touch={touch} /> : null}
      {kind === 'points' ? <p className="text-fg-muted">{touch ? LL.viewer.measure.hintTouch() : LL.viewer.measure.hint()}</p> : null}
      {kind === 'points' && vector && measurement?.length != null ? (
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
