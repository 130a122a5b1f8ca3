/** The cost estimate in a guest's shared-project panel, where the owner offers it (`isEstimateAvailable`). */
import { useActorRef, useSelector } from '@xstate/react';
import { useAppServices } from '../../app/AppServices';
import { useLL } from '../../app/I18nProvider';
import { EstimateView } from '../../workshop/EstimateView';
import { RetryAlert } from '../../common/RetryAlert';

export function LinkEstimate({ accessKey }: { accessKey: string }) {
  const LL = useLL();
  const T = LL.cutting.estimate;
  const { viewer, settings } = useAppServices();
  const unit = useSelector(settings, (s) => s.context.unit);
  const actor = useActorRef(viewer.linkEstimate, { input: { accessKey } });
  const state = useSelector(actor, (s) => (s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading'));
  const estimate = useSelector(actor, (s) => s.context.estimate);
  return (
    <section aria-label={T.title()} className="flex flex-col gap-2 border-t border-border pt-3" data-testid="link-estimate">
      <h4 className="text-sm font-bold text-fg">{T.title()}</h4>
      {state === 'loading' ? <p className="text-sm text-fg-muted">{T.loading()}</p> : null}
      {state === 'failed' ? (
        <RetryAlert message={T.failed()} onRetry={() => actor.send({ type: 'linkEstimate.retry' })} />
      ) : null}
      {state === 'loaded' && estimate ? <EstimateView estimate={estimate} unit={unit} forGuest /> : null}
    </section>
  );
}
