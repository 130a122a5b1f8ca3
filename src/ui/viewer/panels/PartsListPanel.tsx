/**
 * The parts list (cut list) of the loaded model: per cabinet, one row per distinct part with its
 * quantity; panels as length x width x thickness, cabinets as height x depth x width, in the
 * user's unit (inch users choose decimals or sixteenths); totals per material. Downloadable as
 * the same CSV the server gives, and printable (a print-only table beside the app).
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { DistanceUnit } from '../../../machines/types';
import {
  CABINET_COLUMNS,
  formatPartValue,
  PANEL_COLUMNS,
  partsListCsv,
  partsListFileName,
  selectPartsList,
  type InchStyle,
  type PartDimensions,
  type PartsList,
} from '../../../machines/viewer/tools/partsListView';
import { useLL } from '../../app/I18nProvider';
import { Icon, type IconProps } from '../../common/Icon';
import type { ViewerActor } from '../viewerActors';
import { downloadTextFile } from './commentListFile';

export const PartsListIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M4 6h.01M4 12h.01M4 18h.01" />
  </Icon>
);

function dimensionsText(d: PartDimensions | null, unit: DistanceUnit, style: InchStyle): string {
  if (!d) return '';
  return d.values.map((v) => formatPartValue(v, d.unit, unit, style)).filter((v) => v !== '').join(' × ');
}

const buttonClass = 'flex-1 rounded-lg border border-border px-2 py-1.5 text-sm font-semibold text-fg hover:border-primary';

export function PartsListPanel({ viewer, unit, projectName, footer }: { viewer: ViewerActor; unit: DistanceUnit; projectName: string; footer?: ReactNode }) {
  const LL = useLL();
  const list = useSelector(viewer, selectPartsList);
  const [inchStyle, setInchStyle] = useState<InchStyle>('decimal');
  const style: InchStyle = unit === 'in' ? inchStyle : 'decimal';
  const T = LL.workshop.partsList;
  if (!list) return <p className="text-sm text-fg-muted">{LL.common.loading()}</p>;
  if (list.partCount === 0) return <p className="text-sm text-fg-muted">{T.empty()}</p>;
  const names: Record<(typeof PANEL_COLUMNS)[number] | (typeof CABINET_COLUMNS)[number], string> = {
    length: T.lengthColumn(),
    width: T.width(),
    thickness: T.thickness(),
    height: T.height(),
    depth: T.depth(),
  };
  const unitLabel = (labels: readonly (keyof typeof names)[]) => `${labels.map((l) => names[l]).join(' × ')} (${unit})`;
  return (
    <div className="flex flex-col gap-3" data-testid="parts-list">
      {unit === 'in' ? (
        <div role="radiogroup" aria-label={T.inchStyle()} className="flex gap-1">
          {(['decimal', 'fraction'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={inchStyle === value}
              onClick={() => setInchStyle(value)}
              className={`flex-1 rounded-lg border px-2 py-1 text-xs font-semibold ${inchStyle === value ? 'border-primary bg-primary text-on-primary' : 'border-border text-fg'}`}
            >
              {T[value]()}
            </button>
          ))}
        </div>
      ) : null}
      <div className="flex gap-2">
        <button type="button" className={buttonClass} onClick={() => downloadCsv(list, unit, projectName)}>
          {T.downloadCsv()}
        </button>
        <button type="button" className={buttonClass} onClick={() => window.print()}>
          {T.print()}
        </button>
      </div>
      {footer}
      <p className="text-xs text-fg-muted">
        {T.partCount({ count: list.partCount })} · {unitLabel(PANEL_COLUMNS)}
      </p>
      {list.cabinets.map((cabinet) => (
        <section key={cabinet.id ?? 'loose'} aria-label={cabinet.name || T.loose()} className="rounded-lg border border-border p-2">
          <h3 className="text-sm font-extrabold text-fg">{cabinet.name || T.loose()}</h3>
          {cabinet.dimensions ? (
            <p className="text-xs text-fg-muted" title={unitLabel(CABINET_COLUMNS)}>
              {dimensionsText(cabinet.dimensions, unit, style)} {unit}
              {cabinet.info ? ` · ${cabinet.info}` : ''}
            </p>
          ) : null}
          <ul className="mt-1 flex flex-col gap-1">
            {cabinet.rows.map((row, i) => (
              <li key={i} className="text-xs text-fg">
                <span className="font-bold">{row.quantity} ×</span> {row.name}
                <span className="block text-fg-muted">
                  {dimensionsText(row.dimensions, unit, style)}
                  {row.info ? ` · ${row.info}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-label={T.totals()} className="rounded-lg border border-border p-2">
        <h3 className="text-sm font-extrabold text-fg">{T.totals()}</h3>
        <ul className="mt-1 flex flex-col gap-0.5">
          {list.totals.map((total) => (
            <li key={total.material} className="flex justify-between gap-2 text-xs text-fg">
              <span>{total.material || T.noMaterial()}</span>
              <span className="font-bold">{total.quantity}</span>
            </li>
          ))}
        </ul>
      </section>
      {createPortal(<PrintedPartsList list={list} unit={unit} style={style} title={projectName} />, document.body)}
    </div>
  );
}

function downloadCsv(list: PartsList, unit: DistanceUnit, projectName: string) {
  downloadTextFile(partsListFileName(projectName), partsListCsv(list, unit), 'text/csv;charset=utf-8');
}

/** The table the printer gets (index.css: while it is in the page, printing shows only it). */
function PrintedPartsList({ list, unit, style, title }: { list: PartsList; unit: DistanceUnit; style: InchStyle; title: string }) {
  const LL = useLL();
  const T = LL.workshop.partsList;
  const cell = 'border border-black px-1 py-0.5 text-left align-top';
  const values = (d: PartDimensions | null) => [0, 1, 2].map((i) => (d ? formatPartValue(d.values[i], d.unit, unit, style) : ''));
  return (
    <div className="print-sheet hidden bg-white p-4 text-[10pt] text-black print:block">
      <h1 className="mb-2 text-[14pt] font-bold">
        {title} – {T.title()} ({unit})
      </h1>
      <table className="w-full border-collapse">
        <thead>
          <tr>
            {[T.part(), T.quantity(), `${T.lengthColumn()} / ${T.height()}`, `${T.width()} / ${T.depth()}`, `${T.thickness()} / ${T.width()}`, T.info()].map((h) => (
              <th key={h} className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {list.cabinets.map((cabinet) => (
          <tbody key={cabinet.id ?? 'loose'} className="break-inside-avoid">
            <tr className="bg-gray-200 font-bold">
              <td className={cell}>{cabinet.name || T.loose()}</td>
              <td className={cell}>{cabinet.id ? 1 : ''}</td>
              {values(cabinet.dimensions).map((v, i) => (
                <td key={i} className={cell}>
                  {v}
                </td>
              ))}
              <td className={cell}>{cabinet.info}</td>
            </tr>
            {cabinet.rows.map((row, r) => (
              <tr key={r}>
                <td className={`${cell} pl-4`}>{row.name}</td>
                <td className={cell}>{row.quantity}</td>
                {values(row.dimensions).map((v, i) => (
                  <td key={i} className={cell}>
                    {v}
                  </td>
                ))}
                <td className={cell}>{row.info}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <h2 className="mt-3 mb-1 text-[12pt] font-bold">{T.totals()}</h2>
      <table className="border-collapse">
        <tbody>
          {list.totals.map((total) => (
            <tr key={total.material}>
              <td className={cell}>{total.material || T.noMaterial()}</td>
              <td className={cell}>{total.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
