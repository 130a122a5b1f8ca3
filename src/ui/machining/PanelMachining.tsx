/**
 * The machining of the selected panel in its data sheet: read when asked ("Show the drawing"),
 * then the panel's drawing, its operation counts and its drawing as a PDF; a part that is not a
 * board says so.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { machiningMachine } from '../../machines/viewer/tools/machiningMachine';
import { operationCounts } from '../../model/machining/machiningList';
import { useLL, useLocale } from '../app/I18nProvider';
import { PanelDrawingSvg } from './PanelDrawingSvg';
import { RetryAlert } from '../common/RetryAlert';

export type MachiningActor = ActorRefFrom<typeof machiningMachine>;

const link = 'text-left text-sm font-semibold text-primary hover:text-primary-hover disabled:opacity-50';

export function PanelMachining({ actor, node }: { actor: MachiningActor; node: string }) {
  const LL = useLL();
  const T = LL.workshop.machining;
  const locale = useLocale();
  const state = useSelector(actor, (s) => (s.matches('idle') ? 'idle' : s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'loaded'));
  const saving = useSelector(actor, (s) => s.matches({ loaded: 'saving' }));
  const saveFailed = useSelector(actor, (s) => s.context.saveFailed);
  const panel = useSelector(actor, (s) => s.context.list?.panels.find((p) => p.node === node) ?? null);
  return (
    <section aria-label={T.title()} className="mt-3 flex flex-col gap-2 border-t border-border pt-3" data-testid="panel-machining">
      <h3 className="text-xs font-bold tracking-wide text-fg-muted uppercase">{T.title()}</h3>
      {state === 'idle' ? (
        <button type="button" className={link} onClick={() => actor.send({ type: 'machining.show' })}>
          {T.show()}
        </button>
      ) : null}
      {state === 'loading' ? <p className="text-sm text-fg-muted">{T.loading()}</p> : null}
      {state === 'failed' ? (
        <RetryAlert message={T.failed()} onRetry={() => actor.send({ type: 'machining.retry' })} />
      ) : null}
      {state === 'loaded' && !panel ? <p className="text-sm text-fg-muted">{T.notPanel()}</p> : null}
      {state === 'loaded' && panel ? (
        <>
          <PanelDrawingSvg panel={panel} label={T.drawing({ name: panel.name })} className="w-full rounded-lg bg-surface p-1" options={{ text: 1 / 26 }} />
          <p className="text-xs text-fg-muted">{T.frame()}</p>
          {panel.source === 'names' ? <p className="text-xs text-fg-muted">{T.fromNames()}</p> : null}
          <p className="text-sm text-fg" data-testid="panel-operation-counts">
            {panel.bores.length + panel.grooves.length === 0 ? T.none() : T.counts(operationCounts(panel))}
          </p>
          <button
            type="button"
            className={link}
            disabled={saving}
            onClick={() => actor.send({ type: 'machining.save', file: { kind: 'panel', node: panel.node, lang: locale }, fileName: `${panel.name}.pdf` })}
          >
            {T.drawingPdf()}
          </button>
          {saveFailed ? (
            <p role="alert" className="text-sm text-danger">
              {T.saveFailed()}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
