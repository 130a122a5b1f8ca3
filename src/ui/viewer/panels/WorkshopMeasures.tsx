/**
 * The workshop measures of the measure panel (issue 35): face to face, angle and overall size,
 * the result in the chosen units (mm, or inches to 1/16, 1/32 or 1/64), the measures kept on
 * screen (each removed on its own), and the units choice. Until one is chosen here, the account's
 * settings decide (mm, or inches to its fraction); an inch format chosen here is saved as the
 * account's fraction.
 */
import { useSelector } from '@xstate/react';
import { effectiveFormat, formatDegrees, formatMetres } from '../../../i18n/measureText';
import { selectHasSelection, selectLengthFormat, selectWorkshop } from '../../../machines/viewer/viewerSelectors';
import { fractionOfFormat, LENGTH_FORMATS, type LengthFormat, type WorkshopMeasure, type WorkshopMeasureKind } from '../../../machines/viewer/viewerTypes';
import { useAppServices } from '../../app/AppServices';
import { useLL, useLocale } from '../../app/I18nProvider';
import type { ToolsActor } from '../viewerActors';

type Text = (measure: WorkshopMeasure) => string;

export function useMeasureText(tools: ToolsActor): { format: LengthFormat; text: Text; length: (metres: number) => string } {
  const LL = useLL();
  const locale = useLocale();
  const { settings } = useAppServices();
  const unit = useSelector(settings, (s) => s.context.unit);
  const fraction = useSelector(settings, (s) => s.context.inchFraction);
  const format = effectiveFormat(useSelector(tools, selectLengthFormat), unit, fraction);
  const length = (metres: number) => formatMetres(metres, format, locale);
  const text: Text = (m) => {
    if (m.kind === 'overall' && m.size) {
      return [LL.viewer.measure.width(), LL.viewer.measure.height(), LL.viewer.measure.depth()].map((label, i) => `${label} ${length(m.size![i])}`).join(' · ');
    }
    if (m.value === null) return '';
    return m.kind === 'angle' ? `${LL.viewer.measure.angle()} ${formatDegrees(m.value, locale)}` : `${LL.viewer.measure.gap()} ${length(m.value)}`;
  };
  return { format, text, length };
}

export function WorkshopMeasures({ tools, kind, touch }: { tools: ToolsActor; kind: WorkshopMeasureKind; touch: boolean }) {
  const LL = useLL();
  const { settings } = useAppServices();
  const locale = useLocale();
  const workshop = useSelector(tools, selectWorkshop);
  const hasSelection = useSelector(tools, selectHasSelection);
  const { format, text, length } = useMeasureText(tools);
  const current = workshop?.current?.kind === kind ? workshop.current : null;
  const hints = LL.viewer.measure.hints;
  const hint = { faceDistance: touch ? hints.faceDistanceTouch() : hints.faceDistance(), angle: touch ? hints.angleTouch() : hints.angle(), overall: touch ? hints.overallTouch() : hints.overall() }[kind];
  const complete = current !== null && (current.value !== null || current.size !== null);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-fg-muted">{hint}</p>
      {kind === 'overall' ? (
        <button type="button" onClick={() => tools.send({ type: 'tools.measureOverall' })} className="rounded-lg border border-border px-3 py-2 text-fg hover:border-primary">
          {hasSelection ? LL.viewer.measure.measureSelection() : LL.viewer.measure.measureModel()}
        </button>
      ) : null}
      {current && !complete && current.problem === null ? <p className="text-fg">{LL.viewer.measure.pickSecond()}</p> : null}
      {current?.problem === 'notParallel' ? (
        <p role="alert" className="rounded-lg border border-info-border bg-info-surface px-3 py-2 text-xs text-fg">
          {LL.viewer.measure.notParallel()}
        </p>
      ) : null}
      {complete && current ? (
        <div className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="workshop-result">
          {current.kind === 'overall' && current.size ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono tabular-nums">
              {[LL.viewer.measure.width(), LL.viewer.measure.height(), LL.viewer.measure.depth()].map((label, i) => (
                <div key={label} className="contents">
                  <dt className="font-sans font-semibold text-fg-muted">{label}</dt>
                  <dd className="text-right font-bold text-primary">{length(current.size![i])}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-right font-mono text-lg font-bold text-primary tabular-nums">
              {current.kind === 'angle' ? formatDegrees(current.value!, locale) : length(current.value!)}
            </p>
          )}
          <button type="button" onClick={() => tools.send({ type: 'tools.keepMeasure' })} className="self-end rounded-lg border border-border px-3 py-1.5 text-fg hover:border-primary">
            {LL.viewer.measure.keep()}
          </button>
        </div>
      ) : null}
      <KeptMeasures tools={tools} text={text} kept={workshop?.kept ?? []} />
      <label className="flex items-center gap-2">
        <span className="mr-auto text-fg">{LL.viewer.measure.format()}</span>
        <select
          value={format}
          onChange={(e) => {
            tools.send({ type: 'tools.lengthFormat', format: e.target.value });
            const chosen = fractionOfFormat(e.target.value as LengthFormat);
            if (chosen !== null) settings.send({ type: 'settings.inchFractionChanged', fraction: chosen });
          }}
          className="rounded-lg border border-border bg-field px-2 py-1.5 text-fg focus:border-primary"
        >
          {LENGTH_FORMATS.map((f) => (
            <option key={f} value={f}>
              {LL.viewer.measure.formats[f]()}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function KeptMeasures({ tools, text, kept }: { tools: ToolsActor; text: Text; kept: readonly WorkshopMeasure[] }) {
  const LL = useLL();
  if (kept.length === 0) return null;
  return (
    <section className="flex flex-col gap-1" aria-label={LL.viewer.measure.kept()}>
      <h3 className="font-semibold text-fg-muted">{LL.viewer.measure.kept()}</h3>
      <ul className="flex flex-col gap-1" data-testid="kept-measures">
        {kept.map((m) => (
          <li key={m.id} className="flex items-center gap-2 rounded-lg border border-border px-2 py-1">
            <span className="mr-auto font-mono text-fg tabular-nums">{text(m)}</span>
            <button
              type="button"
              aria-label={LL.viewer.measure.remove({ label: text(m) })}
              onClick={() => tools.send({ type: 'tools.clearMeasure', id: m.id })}
              className="size-8 rounded-lg text-fg-muted hover:text-fg"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => kept.forEach((m) => tools.send({ type: 'tools.clearMeasure', id: m.id }))} className="self-end text-xs text-fg-muted underline hover:text-fg">
        {LL.viewer.measure.clearAll()}
      </button>
    </section>
  );
}
