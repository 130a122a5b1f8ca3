/**
 * The workshop's Machining tab: every panel of the current revision by cabinet, with its
 * operations, and the files a CNC imports (the job's zip of DXF files and drilling CSV, a
 * cabinet's drawings as PDF). Read as soon as the tab shows (its machine is `eager`).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment } from 'react';
import { operationCounts, type MachinedPanel } from '../../model/machining/machiningList';
import { useAppServices } from '../app/AppServices';
import { useLL, useLocale } from '../app/I18nProvider';
import { PanelDrawingSvg } from './PanelDrawingSvg';
import { RetryAlert } from '../common/RetryAlert';

const button = 'rounded-lg border border-border px-3 py-1.5 text-sm font-semibold text-fg hover:border-primary disabled:opacity-50';
const fmt = (mm: number) => String(Math.round(mm * 10) / 10);

export function MachiningTab({ projectId, projectName }: { projectId: number; projectName: string }) {
  const LL = useLL();
  const T = LL.workshop.machining;
  const locale = useLocale();
  const { viewer } = useAppServices();
  const actor = useActorRef(viewer.machining, { input: { ref: { id: projectId }, eager: true } });
  const state = useSelector(actor, (s) => (s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading'));
  const saving = useSelector(actor, (s) => s.matches({ loaded: 'saving' }));
  const saveFailed = useSelector(actor, (s) => s.context.saveFailed);
  const list = useSelector(actor, (s) => s.context.list);
  if (state === 'loading') return <p className="p-6 text-sm text-fg-muted">{T.loading()}</p>;
  if (state === 'failed' || !list) {
    return (
      <RetryAlert message={T.failed()} onRetry={() => actor.send({ type: 'machining.retry' })} className="p-6" />
    );
  }
  const cabinets = new Map<string, MachinedPanel[]>();
  for (const panel of list.panels) cabinets.set(panel.cabinetNode ?? '', [...(cabinets.get(panel.cabinetNode ?? '') ?? []), panel]);
  const total = list.panels.reduce((sum, p) => {
    const c = operationCounts(p);
    return { holes: sum.holes + c.holes, cups: sum.cups + c.cups, grooves: sum.grooves + c.grooves };
  }, { holes: 0, cups: 0, grooves: 0 });
  return (
    <div className="flex max-w-5xl flex-col gap-4 p-4 md:p-6" data-testid="machining-tab">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-fg">{T.panelCount({ count: list.panels.length, ...total })}</p>
        <button type="button" className={`${button} sm:ml-auto`} disabled={saving || list.panels.length === 0} onClick={() => actor.send({ type: 'machining.save', file: { kind: 'zip' }, fileName: `${projectName} machining.zip` })}>
          {T.zip()}
        </button>
      </div>
      {saveFailed ? <p role="alert" className="text-sm text-danger">{T.saveFailed()}</p> : null}
      {list.panels.length === 0 ? <p className="text-sm text-fg-muted">{T.empty()}</p> : null}
      {[...cabinets].map(([cabinetNode, panels]) => (
        <section key={cabinetNode} aria-label={panels[0].cabinet || T.loose()} className="rounded-xl border border-border bg-surface-raised p-3">
          <div className="mb-2 flex flex-wrap items-center gap-3">
            <h2 className="text-base font-extrabold">{panels[0].cabinet || T.loose()}</h2>
            {cabinetNode ? (
              <button type="button" className={`${button} ml-auto`} disabled={saving} onClick={() => actor.send({ type: 'machining.save', file: { kind: 'cabinet', node: cabinetNode, lang: locale }, fileName: `${panels[0].cabinet}.pdf` })}>
                {T.cabinetPdf()}
              </button>
            ) : null}
          </div>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-fg-muted">
              <tr>
                <th className="py-1 pr-2 font-semibold">{T.part()}</th>
                <th className="hidden py-1 pr-2 font-semibold sm:table-cell">{T.material()}</th>
                <th className="py-1 pr-2 font-semibold">{T.size()}</th>
                <th className="py-1 pr-2 font-semibold">{T.operations()}</th>
                <th className="hidden w-28 py-1 md:table-cell" />
              </tr>
            </thead>
            <tbody>
              {panels.map((panel) => (
                <Fragment key={panel.node}>
                  <tr className="border-t border-border align-middle" data-testid="machining-row">
                    <td className="py-1 pr-2 font-semibold">{panel.name}</td>
                    <td className="hidden py-1 pr-2 text-fg-muted sm:table-cell">{panel.material}</td>
                    <td className="py-1 pr-2 tabular-nums">{`${fmt(panel.length)} x ${fmt(panel.width)} x ${fmt(panel.thickness)}`}</td>
                    <td className="py-1 pr-2">{panel.bores.length + panel.grooves.length === 0 ? '–' : T.counts(operationCounts(panel))}</td>
                    <td className="hidden py-1 md:table-cell">
                      <PanelDrawingSvg panel={panel} label={T.drawing({ name: panel.name })} className="h-14 w-28" options={{ dimensions: false }} />
                    </td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
