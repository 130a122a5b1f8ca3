/**
 * The cost estimate of the current revision: boards, hardware and labour, each with its quantity,
 * unit price and amount in the owner's currency, the total, and the difference to the previous
 * kept revision. One column of lines, so that it reads on a phone. Material names are shown as
 * people write them (`Maple ply 3/4"`, not `0_3_4in`).
 *
 * The owner's page says which lines have no price. A guest on a link (`forGuest`) reads such a line
 * by its quantity alone; when the owner set no price at all, the guest gets the quantities only:
 * no amounts, no total, no difference (never a column of €0.00).
 *
 * The client's options as chosen (`estimate.options`) follow the lines, one per group: the choice,
 * its quantity and price, and its difference to the model's own choice.
 */
import { formatUpTo } from '../../i18n/numbers';
import { materialLabel, type Estimate, type EstimateLine } from '../../machines/projects/workshopView';
import type { DistanceUnit } from '../../machines/types';
import { useLL, useLocale } from '../app/I18nProvider';
import { lengthText, moneyText } from './lengths';

export function EstimateView({ estimate, unit, forGuest = false }: { estimate: Estimate; unit: DistanceUnit; forGuest?: boolean }) {
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
    line.kind === 'labour' ? T.labourLine() : line.kind === 'board' ? `${materialLabel(line.name)}${line.thickness !== null ? `, ${lengthText(line.thickness, unit, locale)}` : ''}` : line.name;
  const anyPrice = estimate.lines.some((line) => line.priced);
  /** A guest sees amounts only where a price is set, and none at all when no price is. */
  const showsPrice = (line: EstimateLine) => !forGuest || line.priced;
  const showsTotals = !forGuest || anyPrice;
  const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${money(Math.abs(value))}`;
  const O = LL.workshop.quote.lines;
  const optionQuantity = (line: Estimate['options'][number]) =>
    line.unit === 'm2' ? O.m2({ count: formatUpTo(line.quantity, 3, locale) }) : line.unit === 'part' ? O.part({ count: line.quantity }) : O.job();
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
                {showsPrice(line) ? `${quantityOf(line)} × ${line.priced ? money(line.unitPrice) : T.unpriced()}` : quantityOf(line)}
              </p>
            </div>
            {showsPrice(line) ? <span className="whitespace-nowrap font-semibold">{money(line.amount)}</span> : null}
          </li>
        ))}
        {estimate.options.map((line) => (
          <li key={line.group} className="flex items-baseline gap-3 border-b border-border/60 py-1.5 text-sm" data-testid="estimate-option">
            <div className="min-w-0 flex-1">
              <p>
                <span className="text-fg-muted">{line.groupName} · </span>
                {line.choiceName}
              </p>
              <p className="text-xs text-fg-muted">
                {showsTotals ? `${optionQuantity(line)} × ${money(line.unitPrice)}` : optionQuantity(line)}
                {showsTotals ? ` · ${line.difference === 0 ? O.same() : O.difference({ difference: signed(line.difference) })}` : ''}
              </p>
            </div>
            {showsTotals ? <span className="whitespace-nowrap font-semibold">{money(line.amount)}</span> : null}
          </li>
        ))}
        {showsTotals ? (
          <li className="flex items-baseline justify-between gap-3 py-2">
            <span className="font-bold">{T.total()}</span>
            <span className="text-lg font-extrabold whitespace-nowrap text-primary" data-testid="estimate-total">
              {money(estimate.total)}
            </span>
          </li>
        ) : null}
      </ul>
      {!showsTotals ? (
        <p className="text-sm text-fg-muted" data-testid="estimate-quantities-only">
          {T.quantitiesOnly()}
        </p>
      ) : estimate.previous ? (
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
