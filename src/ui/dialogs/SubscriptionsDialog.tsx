/**
 * My Subscriptions (SPEC §2, §3, §9): the active plans, loaded when the dialog opens. An
 * UNLIMITED plan shows only its name; another shows days left and projects left.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { planSummary, type PlanSummary } from '../../machines/projects/planSummary';
import { formatDate } from '../../i18n/dateTime';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { ExternalLink } from '../common/ExternalLink';
import { useExternalLinks } from '../common/useExternalLinks';
import { AppDialog } from './AppDialog';
import { linkButtonClass, primaryButtonClass } from '../common/controlStyles';

export function SubscriptionsDialog({ open, onClose, now }: { open: boolean; onClose(): void; now?: number }) {
  const LL = useLL();
  const links = useExternalLinks();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={LL.dialogs.subscriptions.title()}
      actions={
        <>
          <ExternalLink href={links.subscriptions} className={linkButtonClass}>
            {LL.dialogs.subscriptions.modify()}
          </ExternalLink>
          <button type="button" className={primaryButtonClass} onClick={onClose}>
            {LL.common.close()}
          </button>
        </>
      }
    >
      <PlanList now={now} />
    </AppDialog>
  );
}

function PlanList({ now }: { now?: number }) {
  const LL = useLL();
  const { projects } = useAppServices();
  const actor = useActorRef(projects.machines.plans);
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const plans = useSelector(actor, (s) => s.context.plans);
  if (state === 'loading') return <p role="status" className="text-sm text-fg-muted">{LL.dialogs.subscriptions.loading()}</p>;
  if (state === 'failed') {
    return (
      <div role="alert" className="flex items-center justify-between gap-3 text-sm text-danger">
        {LL.dialogs.subscriptions.loadFailed()}
        <button type="button" className={linkButtonClass} onClick={() => actor.send({ type: 'plans.retry' })}>
          {LL.list.retry()}
        </button>
      </div>
    );
  }
  if (plans.length === 0) return <p className="text-sm text-fg-muted">{LL.dialogs.subscriptions.none()}</p>;
  const at = now ?? Date.now();
  return (
    <ul className="flex flex-col gap-2">
      {plans.map((plan, index) => (
        <PlanItem key={`${plan.sku}-${index}`} summary={planSummary(plan, at)} />
      ))}
    </ul>
  );
}

function PlanItem({ summary }: { summary: PlanSummary }) {
  const LL = useLL();
  return (
    <li className="rounded-xl border border-border bg-surface px-4 py-3">
      <p className="font-bold text-fg">{summary.name}</p>
      {summary.kind === 'credits' ? (
        <>
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-fg">
            <span>{LL.dialogs.subscriptions.daysLeft({ days: summary.daysLeft })}</span>
            <span>{LL.dialogs.subscriptions.projectsLeft({ left: summary.projectsLeft, total: summary.totalProjects })}</span>
          </p>
          <p className="mt-0.5 text-xs text-fg-subtle">{LL.dialogs.subscriptions.expires({ date: formatDate(summary.expirationDate) })}</p>
        </>
      ) : null}
    </li>
  );
}
