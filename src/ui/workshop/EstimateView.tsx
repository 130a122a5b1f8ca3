/**
 * The cost estimate of the current revision: boards, hardware and labour with quantities, unit
 * prices and amounts in the owner's currency, the total, and the difference to the previous kept
 * revision. Lines without a price say so. Used by the owner's page and the link's panel.
 */
import type { Estimate, EstimateLine } from '../../machines/projects/workshopView';
import type { DistanceUnit } from '../../machines/types';
import { useLL, useLocale } from '../app/I18nProvider';
import { formatUpTo } from '../../i18n/numbers';
import { lengthText, moneyText } from './lengths';

export function EstimateView({ estimate, unit }: { estimate: Estimate; unit: DistanceUnit }) {
  const LL = useLL();
  const locale = useLocale();
  const T = LL.cutting.estimate;
  const money = (amount: number) => moneyText(amount, estimate.currency, locale);
  const units: Record<EstimateLine['unit'], string> = { sheet: T.sheetUnit(), m2: T.m2Unit(), item: T.itemUnit(), part: T.partUnit() };
  const kinds: Record<EstimateLine['kind'], string> = { board: T.board(), hardware: T.hardware(), labour: T.labour() };
  const nameOf = (line: EstimateLine) =>
    line.kind === 'labour' ? T.labourLine() : line.thickness !== null ? `${line.name}, ${lengthText(line.thickness, unit, locale)}` : line.name;
  const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${money(Math.abs(value))}`;
  return (
    <section aria-label={T.revision({ revision: estimate.revision })} className="flex flex-col gap-3" data-testid="estimate">
      <h2 className="text-base font-extrabold">{T.revision({ revision: estimate.revision })}</h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-sm">
          <thead>
            <tr className="border-b border-border text-left text-fg-muted">
              <th className="py-1 pr-2 font-semibold">{T.item()}</th>
              <th className="py-1 pr-2 text-right font-semibold">{T.quantity()}</th>
              <th className="py-1 pr-2 text-right font-semibold">{T.unitPrice()}</th>
              <th className="py-1 text-right font-semibold">{T.amount()}</th>
            </tr>
          </thead>
          <tbody>
            {estimate.lines.map((line, i) => (
              <tr key={i} className="border-b border-border/50 align-top">
                <td className="py-1 pr-2">
                  <span className="text-fg-muted">{kinds[line.kind]} · </span>
                  {nameOf(line)}
                </td>
                <td className="py-1 pr-2 text-right whitespace-nowrap">
                  {formatUpTo(line.quantity, 3, locale)} {units[line.unit]}
                </td>
                <td className="py-1 pr-2 text-right whitespace-nowrap">{line.priced ? money(line.unitPrice) : <span className="text-fg-muted">{T.unpriced()}</span>}</td>
                <td className="py-1 text-right whitespace-nowrap">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="py-2 pr-2 text-right">
                {T.total()}
              </th>
              <td className="py-2 text-right text-base font-extrabold whitespace-nowrap" data-testid="estimate-total">
                {money(estimate.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {estimate.previous ? (
        <p className="text-sm" data-testid="estimate-difference">
          {T.previous({ revision: estimate.previous.revision, total: money(estimate.previous.total) })} ·{' '}
          <strong>{T.difference({ revision: estimate.previous.revision, difference: signed(estimate.previous.difference) })}</strong>
        </p>
      ) : (
        <p className="text-sm text-fg-muted">{T.noPrevious()}</p>
      )}
    </section>
  );
}
