/**
 * The client's options on a link (`isOptionsAvailable`): each group's choices as swatches; a
 * choice recolours the model at once, and the estimate below follows it, with each group's
 * difference to the model's own choice; the quote as a PDF of the selection. The "Options" button
 * over the model opens the panel that holds them (the project panel; a sheet on a phone).
 */
import { swatchStyle } from '../../common/swatchStyle';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { linkOptionsMachine } from '../../../machines/viewer/review/linkOptionsMachine';
import { chosenIn, formatSelection } from '../../../model/quote/quoteOptions';
import { useAppServices } from '../../app/AppServices';
import { useLL, useLocale } from '../../app/I18nProvider';
import { CheckIcon } from '../../common/actionIcons';
import { EstimateView } from '../../workshop/EstimateView';
import { moneyText } from '../../workshop/lengths';
import type { ViewerActor } from '../viewerActors';
import { RetryAlert } from '../../common/RetryAlert';

export type LinkOptionsActor = ActorRefFrom<typeof linkOptionsMachine>;

export function LinkOptions({ actor, quotePdfUrl }: { actor: LinkOptionsActor; quotePdfUrl: string }) {
  const LL = useLL();
  const T = LL.quote;
  const locale = useLocale();
  const { settings } = useAppServices();
  const unit = useSelector(settings, (s) => s.context.unit);
  const state = useSelector(actor, (s) => (s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : s.matches('off') ? 'off' : 'loading'));
  const quote = useSelector(actor, (s) => s.context.quote);
  const selection = useSelector(actor, (s) => s.context.selection);
  const estimate = useSelector(actor, (s) => s.context.estimate);
  const pricing = useSelector(actor, (s) => s.matches({ ready: 'pricing' }));
  const priceFailed = useSelector(actor, (s) => s.matches({ ready: 'priceFailed' }));
  if (state === 'off') return null;
  const groups = quote?.options.groups ?? [];
  const differenceOf = (group: string) => estimate?.options.find((o) => o.group === group)?.difference ?? 0;
  const signed = (value: number, currency: string) => `${value > 0 ? '+' : '−'}${moneyText(Math.abs(value), currency, locale)}`;
  const chosen = formatSelection(selection);
  const pdfHref = `${quotePdfUrl}?lang=${locale === 'fr' ? 'fr' : 'en'}${chosen ? `&options=${chosen}` : ''}`;
  return (
    <section aria-label={T.title()} className="flex flex-col gap-3 border-t border-border pt-3" data-testid="link-options">
      <h4 className="text-sm font-bold text-fg">{T.title()}</h4>
      {state === 'loading' ? <p className="text-sm text-fg-muted">{LL.common.loading()}</p> : null}
      {state === 'failed' ? (
        <RetryAlert message={T.failed()} onRetry={() => actor.send({ type: 'options.retry' })} />
      ) : null}
      {state === 'ready' && groups.length === 0 ? <p className="text-sm text-fg-muted">{T.none()}</p> : null}
      {groups.map((group) => {
        const current = chosenIn(group, selection);
        const difference = differenceOf(group.id);
        return (
          <div key={group.id} role="radiogroup" aria-label={group.name} className="flex flex-col gap-1.5" data-testid="option-group">
            <p className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold text-fg">{group.name}</span>
              {difference !== 0 && quote ? (
                <span className="text-xs font-semibold text-fg-muted" data-testid="option-difference">
                  {T.difference({ amount: signed(difference, quote.currency) })}
                </span>
              ) : null}
            </p>
            <div className="flex flex-wrap gap-2">
              {group.choices.map((choice, i) => {
                const on = choice.id === current.id;
                return (
                  <button
                    key={choice.id}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    onClick={() => actor.send({ type: 'options.choose', group: group.id, choice: choice.id })}
                    className={`flex min-h-11 items-center gap-2 rounded-xl border px-3 text-sm ${on ? 'border-primary bg-primary/10 font-bold text-fg' : 'border-border text-fg hover:border-primary'}`}
                  >
                    <span aria-hidden className="size-5 shrink-0 rounded-full border border-black/30" style={swatchStyle(choice, quote?.textures ?? {})} />
                    <span className="text-left">
                      {choice.name}
                      {i === 0 ? <span className="block text-xs font-normal text-fg-muted">{T.modelsOwn()}</span> : null}
                    </span>
                    {on ? <CheckIcon width={14} height={14} className="shrink-0 text-primary" /> : null}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
      {state === 'ready' && Object.keys(selection).length > 0 ? (
        <button type="button" className="self-start text-sm font-semibold text-primary" onClick={() => actor.send({ type: 'options.reset' })}>
          {T.reset()}
        </button>
      ) : null}
      {priceFailed ? (
        <RetryAlert message={T.priceFailed()} onRetry={() => actor.send({ type: 'options.retry' })} />
      ) : null}
      {estimate ? (
        <div aria-busy={pricing} className={pricing ? 'opacity-60' : ''} data-testid="options-estimate">
          <EstimateView estimate={estimate} unit={unit} forGuest />
        </div>
      ) : null}
      {state === 'ready' ? (
        <a href={pdfHref} download className="self-start rounded-lg border border-border px-3 py-2 text-sm font-semibold text-fg hover:border-primary" data-testid="quote-pdf">
          {T.pdf()}
        </a>
      ) : null}
    </section>
  );
}

/** Over the model, on a link with options: opens the panel that holds them. */
export function OptionsButton({ actor, viewer }: { actor: LinkOptionsActor; viewer: ViewerActor }) {
  const LL = useLL();
  const offered = useSelector(actor, (s) => s.matches('ready') && (s.context.quote?.options.groups.length ?? 0) > 0);
  if (!offered) return null;
  return (
    <button
      type="button"
      onClick={() => viewer.send({ type: 'viewer.leftPanel', panel: 'project' })}
      className="flex min-h-11 items-center gap-2 rounded-full border border-border bg-surface-raised/95 px-4 text-sm font-bold text-fg shadow-lg shadow-black/40 hover:bg-surface-overlay"
      data-testid="options-button"
    >
      <svg aria-hidden width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="13.5" cy="6.5" r="1.5" />
        <circle cx="17.5" cy="10.5" r="1.5" />
        <circle cx="8.5" cy="7.5" r="1.5" />
        <circle cx="6.5" cy="12.5" r="1.5" />
        <path d="M12 2a10 10 0 0 0 0 20c1.1 0 2-.9 2-2 0-.5-.2-1-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1.1.9-2 2-2h2.4A5.6 5.6 0 0 0 22 9.8C22 5.5 17.5 2 12 2z" />
      </svg>
      {LL.quote.title()}
    </button>
  );
}

/** What an approval on this link goes with: each group's choice and the total, once priced. */
export function OptionsSummary({ actor }: { actor: LinkOptionsActor }) {
  const LL = useLL();
  const locale = useLocale();
  const quote = useSelector(actor, (s) => (s.matches('ready') ? s.context.quote : null));
  const selection = useSelector(actor, (s) => s.context.selection);
  const estimate = useSelector(actor, (s) => (s.matches({ ready: 'priced' }) ? s.context.estimate : null));
  if (!quote || quote.options.groups.length === 0 || !estimate) return null;
  const choices = quote.options.groups.map((g) => `${g.name}: ${chosenIn(g, selection).name}`).join(' · ');
  return (
    <p className="rounded-lg border border-border px-3 py-2 text-sm text-fg" data-testid="approval-options">
      {LL.approval.withOptions({ choices, total: moneyText(estimate.total, estimate.currency, locale) })}
    </p>
  );
}
