/**
 * The cutting diagrams of the plan: per material and thickness, the figures (sheets against the
 * area bound, parts, used area, waste, cut length), then every sheet drawn with its numbered parts,
 * the part list of the sheet and, for the panel saw, the cut sequence. Prints one sheet per block.
 */
import type { Locales } from '../../i18n/i18n-types';
import type { DistanceUnit } from '../../machines/types';
import { materialLabel, type Cut, type CuttingPlan, type MaterialGroup, type PlacedPart } from '../../machines/projects/workshopView';
import { useLL, useLocale } from '../app/I18nProvider';
import { areaText, lengthText, percentText, runText } from './lengths';
import { SheetDiagram } from './SheetDiagram';

function partText(p: PlacedPart, unit: DistanceUnit, locale: Locales): string {
  const where = p.part.cabinet ? `${p.part.cabinet} – ` : '';
  return `${p.number}. ${where}${p.part.name}, ${lengthText(p.part.length, unit, locale)} × ${lengthText(p.part.width, unit, locale)}`;
}

export function CuttingDiagrams({ plan, unit }: { plan: CuttingPlan; unit: DistanceUnit }) {
  const LL = useLL();
  const T = LL.cutting;
  if (plan.groups.length === 0) return <p className="p-6 text-sm text-fg-muted">{T.noParts()}</p>;
  const totalSheets = plan.groups.reduce((sum, g) => sum + g.sheets.length, 0);
  return (
    <div className="flex flex-col gap-8 p-4 md:p-6 print:gap-4 print:p-0">
      <section aria-label={T.summary()} className="flex flex-col gap-2">
        <h2 className="text-base font-extrabold">{T.summary()}</h2>
        <p className="text-sm font-semibold" data-testid="total-sheets">
          {T.totalSheets({ count: totalSheets })}
        </p>
        {plan.hardware.length > 0 ? (
          <p className="text-sm text-fg-muted">
            {T.hardware({ items: plan.hardware.map((h) => `${h.name} × ${h.quantity}`).join(', ') })}
          </p>
        ) : null}
      </section>
      {plan.groups.map((group) => (
        <GroupSection key={`${group.material}-${group.thickness}`} group={group} unit={unit} mode={plan.mode} />
      ))}
    </div>
  );
}

function GroupSection({ group, unit, mode }: { group: MaterialGroup; unit: DistanceUnit; mode: CuttingPlan['mode'] }) {
  const LL = useLL();
  const locale = useLocale();
  const T = LL.cutting;
  const len = (mm: number) => lengthText(mm, unit, locale);
  const heading = T.group({ material: materialLabel(group.material), thickness: len(group.thickness) });
  return (
    <section aria-label={heading} className="flex flex-col gap-3" data-testid="material-group">
      <h2 className="text-lg font-extrabold">{heading}</h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <li>
          <strong data-testid="group-sheets">{T.sheets({ count: group.sheets.length })}</strong> ({T.bound({ count: group.lowerBound })})
        </li>
        <li>{T.parts({ count: group.partCount })}</li>
        <li>{T.used({ area: areaText(group.usedArea, unit, locale) })}</li>
        <li data-testid="group-waste">{T.waste({ percent: percentText(group.waste, locale) })}</li>
        <li>{T.cutLength({ length: runText(group.cutLength, unit, locale) })}</li>
      </ul>
      <p className="text-xs text-fg-muted">
        {T.sheetSize({ length: len(group.sheet.sheetLength), width: len(group.sheet.sheetWidth), kerf: len(group.sheet.kerf), trim: len(group.sheet.trim) })}
        {group.sheet.grain ? ` · ${T.grainAlong()}` : ''}
      </p>
      {group.oversized.length > 0 ? (
        <p role="alert" className="text-sm text-danger">
          {T.oversized({ parts: group.oversized.map((p) => `${p.cabinet ? `${p.cabinet} – ` : ''}${p.name}`).join(', ') })}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2 print:block">
        {group.sheets.map((sheet) => {
          const title = `${heading} – ${T.sheet({ index: sheet.index, count: group.sheets.length })}`;
          return (
            <article key={sheet.index} aria-label={title} className="flex flex-col gap-2 rounded-xl border border-border bg-surface-raised p-3 print:break-inside-avoid print:border-black print:bg-white print:text-black">
              <h3 className="text-sm font-bold">{title}</h3>
              <SheetDiagram
                sheet={sheet}
                length={group.sheet.sheetLength}
                width={group.sheet.sheetWidth}
                trim={group.sheet.trim}
                grain={group.sheet.grain}
                title={title}
                describe={(p) => partText(p, unit, locale)}
              />
              <ol className="columns-1 text-xs sm:columns-2">
                {sheet.parts.map((p) => (
                  <li key={p.number}>
                    {partText(p, unit, locale)}
                    {p.rotated ? ` (${T.turned()})` : ''}
                  </li>
                ))}
              </ol>
              {mode === 'guillotine' && sheet.cuts.length > 0 ? (
                <>
                  <details className="text-xs print:hidden">
                    <summary className="cursor-pointer font-semibold">{T.cuts()}</summary>
                    <CutList cuts={sheet.cuts} unit={unit} />
                  </details>
                  <div className="hidden text-xs print:block">
                    <p className="font-semibold">{T.cuts()}</p>
                    <CutList cuts={sheet.cuts} unit={unit} />
                  </div>
                </>
              ) : null}
            </article>
          );
        })}
      </div>
    </section>
  );
}

/** The panel saw's cuts in order: rips run along the sheet's length, crosscuts across it. */
function CutList({ cuts, unit }: { cuts: readonly Cut[]; unit: DistanceUnit }) {
  const LL = useLL();
  const locale = useLocale();
  const len = (mm: number) => lengthText(mm, unit, locale);
  return (
    <ol className="mt-1">
      {cuts.map((cut, i) => {
        const values = { n: i + 1, at: len(cut.at), from: len(cut.from), to: len(cut.to) };
        return <li key={i}>{cut.direction === 'horizontal' ? LL.cutting.rip(values) : LL.cutting.crosscut(values)}</li>;
      })}
    </ol>
  );
}
