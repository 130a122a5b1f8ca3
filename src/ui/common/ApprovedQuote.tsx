/** What an approval was given on, where the link offered options: "Approved: Fronts: White lacquer · Handles: Steel bar, €12,430.00". */
import type { SharedProject } from '../../machines/types';
import { useLL, useLocale } from '../app/I18nProvider';
import { moneyText } from '../workshop/lengths';

type Quote = NonNullable<NonNullable<SharedProject['approval']>['quote']>;

export function ApprovedQuote({ quote, className = '', testId = 'approved-quote' }: { quote: Quote; className?: string; testId?: string }) {
  const LL = useLL();
  const locale = useLocale();
  const choices = quote.names.map((n) => `${n.group}: ${n.choice}`).join(' · ');
  return (
    <p data-testid={testId} className={className}>
      {LL.approval.approvedChoices({ choices, total: moneyText(quote.total, quote.currency, locale) })}
    </p>
  );
}
