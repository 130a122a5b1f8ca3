/**
 * The cost estimate of the current revision: boards, hardware and labour, each with its quantity,
 * unit price and amount in the owner's currency, the total, and the difference to the previous
 * kept revision. Lines without a price say so. One column of lines, so that it reads on a phone.
 */
import { formatUpTo } from '../../i18n/numbers';
import type { Estimate, EstimateLine } from '../../machines/projects/workshopView';
import type { DistanceUnit } from '../../machines/types';
import { useLL, useLocale } from '../app/I18nProvider';
import { lengthText, moneyText } from './lengths';

export function EstimateView({ estimate, unit }: { estimate: Estimate; unit: DistanceUnit }) {
  const LL = useLL();
  const locale = useLocale();
  const T = LL.cutting.estimate;
  const money = (amount: number) => moneyText(amount, estimate.currency, locale);
  const quantityOf = (line: EstimateLine) => {
    if (line.unit === 'm2') return T.m2Unit({ count: formatUpTo(line.quantity, 3, locale) });
    if (line.unit === 'sheet') return T.sheetUnit({ count: line.quantity });
    return line.unit === 'item' ? T.itemUnit({ count: line.quantity }) : T.partUnit({ count: line.quantity });
  };
  const kinds: Record<EstimateLine['kind'], string> = { board: T.board(), hardware: T.hardware(), labour: T.labour() };
  const nameOf = (line: EstimateLine) =>
    line.kind === 'labour' ? T.labourLine() : line.thickness !== null ? `${line.name}, ${lengthText(line.thickness, unit, locale)}` : line.name;
  const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${money(Math.abs(value))}`;
  return (
    <section aria-label={T.revision({ revision: estimate.revision })} className="flex flex-col gap-3" data-testid="estimate">
      <h2 className="text-base font-extrabold">{T.revision({ revision: estimate.revision })}</h2>
      <ul className="flex flex-col">
        {estimate.lines.map((line, i) => (
          <li key={i} className="flex items-baseline gap-3 border-b border-border/60 py-1.5 text-sm" data-testid="estimate-line">
            <div className="min-w-0 flex-1">
              <p>
                <span className="text-fg-muted">{kinds[line.kind]} · </span>
                {nameOf(line)}
              </p>
              <p className="text-xs text-fg-muted">
                {quantityOf(line)} × {line.priced ? money(line.unitPrice) : T.unpriced()}
              </p>
            </div>
            <span className="whitespace-nowrap font-semibold">{money(line.amount)}</span>
          </li>
        ))}
        <li className="flex items-baseline justify-between gap-3 py-2">
          <span className="font-bold">{T.total()}</span>
          <span className="text-lg font-extrabold whitespace-nowrap text-primary" data-testid="estimate-total">
            {money(estimate.total)}
          </span>
        </li>
      </ul>
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
